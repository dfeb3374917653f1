import { AppError } from '../http/errors.js';
import { createAuditRepository } from '../modules/audit/audit.repository.js';
import { createMunicipalityRepository } from '../modules/municipalities/municipalities.repository.js';
import { createStaffAccountRepository } from '../modules/staff-accounts/staff-accounts.repository.js';
import { createInvitation } from '../modules/staff-accounts/staff-accounts.service.js';
import type { Command } from './accounts.args.js';
import { webUrlOf, type CommandContext } from './accounts.context.js';
import { CommandError } from './command-error.js';
import { createProvisioningRepository } from './provisioning.repository.js';

/**
 * Issues a one-use, 7-day invitation to an administrator account (the staff screen's own flow): whoever
 * opens the printed link enters their name and sets their password in the browser, so no password passes
 * through the shell. An address that has an account is refused; a new link replaces an unused earlier one.
 */
export async function createAdmin(
  context: CommandContext,
  command: Extract<Command, { kind: 'create-admin' }>,
): Promise<string[]> {
  const { environment, email } = command;
  const db = context.databases[environment].db;
  const where = `${command.municipality} (${environment})`;
  const municipality = await createMunicipalityRepository(db).findByCode(command.municipality);
  if (!municipality) {
    throw new CommandError([
      `municipality ${where} does not exist: create it first with create-municipality; nothing changed`,
    ]);
  }
  await createProvisioningRepository(db).ensurePermissions();
  const repository = createStaffAccountRepository(db);
  const taken = () => new CommandError([`${email} already has a staff account in ${where}; nothing changed`]);
  if (await repository.emailTaken(municipality.id, email)) throw taken();
  const departments = await repository.departments(municipality.id);
  const unknown = command.departments.filter((code) => !departments.some((d) => d.code === code));
  if (unknown.length > 0 || departments.length === 0) {
    const known = departments.map((d) => d.code).join(', ');
    throw new CommandError([
      departments.length === 0
        ? `municipality ${where} has no department: add one with create-department; nothing changed`
        : `--department: ${unknown.join(', ')} is not a department of ${where} (it has ${known}); nothing changed`,
    ]);
  }
  const chosen = command.departments.length > 0 ? command.departments : departments.map((d) => d.code);
  const permission = (await repository.permissions()).find((p) => p.code === 'administrator')!;
  const issued = await createInvitation(
    { repository, clock: context.clock, webUrl: webUrlOf(context, environment) },
    municipality,
    null,
    {
      email,
      permission_id: permission.id,
      department_ids: departments.filter((d) => chosen.includes(d.code)).map((d) => d.id),
    },
  ).catch((error: unknown) => {
    // An account for the address was created meanwhile (the service's own check).
    if (error instanceof AppError && error.code === 'conflict') throw taken();
    throw error;
  });
  const { invitation, assignment, link } = issued;
  await createAuditRepository(db).record({
    municipalityId: municipality.id,
    actorKind: 'system',
    actorId: null,
    action: 'invitation.create',
    targetType: 'invitation',
    targetId: invitation.id,
    detail: {
      email: invitation.email,
      permission: assignment.permission.code,
      department_ids: invitation.departmentIds,
      via: 'npm run accounts',
    },
  });
  return [
    `administrator invitation for ${email} in ${municipality.code} ${municipality.name} (${environment}), ` +
      `departments: ${assignment.departments.map((d) => d.name).join(', ')}`,
    `open this link once before ${invitation.expiresAt.toISOString()} to enter the name and set the password:`,
    link,
  ];
}
