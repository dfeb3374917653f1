import { Password } from '@portal/contracts';
import { createAccountRepository } from '../modules/accounts/accounts.repository.js';
import { hashPassword } from '../modules/accounts/passwords.js';
import { createAuditRepository } from '../modules/audit/audit.repository.js';
import type { Command, EnvironmentName } from './accounts.args.js';
import { listed, webUrlOf, type CommandContext } from './accounts.context.js';
import { CommandError } from './command-error.js';
import { createProvisioningRepository } from './provisioning.repository.js';

/**
 * Creates a master-tool operator in the chosen environments (operators sign in on each prefix). Operators
 * have no invitation or reset page, so the password comes from stdin, checked by the staff password policy
 * and stored as argon2id like every other. An environment that has the login id keeps it unchanged.
 */
export async function createOperator(
  context: CommandContext,
  command: Extract<Command, { kind: 'create-operator' }>,
): Promise<string[]> {
  const existed: EnvironmentName[] = [];
  for (const environment of command.environments) {
    const accounts = createAccountRepository(context.databases[environment].db);
    if (await accounts.findOperator(command.login)) existed.push(environment);
  }
  if (existed.length === command.environments.length) {
    throw new CommandError([
      `operator ${command.login} already exists in ${listed(existed)}; nothing changed`,
    ]);
  }
  // Asked only now: nobody types a password for a command that would refuse anyway.
  const password = await context.readPassword();
  const policy = Password.safeParse(password);
  if (!policy.success) {
    throw new CommandError(policy.error.issues.map((i) => `password: ${i.message}; nothing changed`));
  }
  const passwordHash = await hashPassword(password);
  const lines: string[] = [];
  for (const environment of command.environments.filter((e) => !existed.includes(e))) {
    const db = context.databases[environment].db;
    const input = { loginId: command.login, name: command.name, passwordHash };
    if (!(await createProvisioningRepository(db).createOperator(input))) {
      existed.push(environment); // created meanwhile by another process
      continue;
    }
    await createAuditRepository(db).record({
      municipalityId: null,
      actorKind: 'system',
      actorId: null,
      action: 'operator.create',
      targetType: 'operator',
      targetId: command.login,
      detail: { name: command.name, via: 'npm run accounts' },
    });
    lines.push(
      `operator ${command.login} (${command.name}) created in ${environment}: ` +
        `signs in at ${webUrlOf(context, environment)}/mastertool/`,
    );
  }
  if (lines.length === 0) {
    throw new CommandError([
      `operator ${command.login} already exists in ${listed(existed)}; nothing changed`,
    ]);
  }
  for (const environment of existed) {
    lines.push(`operator ${command.login} already existed in ${environment}: left unchanged`);
  }
  return lines;
}
