import { createAuditRepository } from '../modules/audit/audit.repository.js';
import { createMunicipalityRepository } from '../modules/municipalities/municipalities.repository.js';
import type { Command, EnvironmentName } from './accounts.args.js';
import { listed, type CommandContext } from './accounts.context.js';
import { CommandError } from './command-error.js';
import { createProvisioningRepository } from './provisioning.repository.js';

const environments: EnvironmentName[] = ['production', 'staging'];

/**
 * Creates the municipality in both environments (reflection needs it in each); an environment that has it
 * already is left as it is, and when both have it nothing changes and the command is refused.
 */
export async function createMunicipality(
  context: CommandContext,
  command: Extract<Command, { kind: 'create-municipality' }>,
): Promise<string[]> {
  const lines: string[] = [];
  const existed: EnvironmentName[] = [];
  for (const environment of environments) {
    const db = context.databases[environment].db;
    const provisioning = createProvisioningRepository(db);
    await provisioning.ensurePermissions();
    if (!(await provisioning.createMunicipality(command))) {
      existed.push(environment);
      continue;
    }
    const created = (await createMunicipalityRepository(db).findByCode(command.code))!;
    await createAuditRepository(db).record({
      municipalityId: created.id,
      actorKind: 'system',
      actorId: null,
      action: 'municipality.create',
      targetType: 'municipality',
      targetId: command.code,
      detail: { name: command.name, departments: command.departments, via: 'npm run accounts' },
    });
    const departments = command.departments.map((d) => `${d.code} ${d.name}`).join(', ');
    lines.push(
      `municipality ${command.code} ${command.name} created in ${environment} (departments: ${departments})`,
    );
  }
  if (existed.length === environments.length) {
    throw new CommandError([
      `municipality ${command.code} already exists in ${listed(existed)}; nothing changed`,
    ]);
  }
  for (const environment of existed) {
    lines.push(`municipality ${command.code} already existed in ${environment}: left unchanged`);
  }
  return lines;
}

/** Adds a department to the municipality in both environments (procedures and staff name departments). */
export async function createDepartment(
  context: CommandContext,
  command: Extract<Command, { kind: 'create-department' }>,
): Promise<string[]> {
  const { municipality: code, department } = command;
  const found = await Promise.all(
    environments.map((e) => createMunicipalityRepository(context.databases[e].db).findByCode(code)),
  );
  const missing = environments.filter((_, i) => !found[i]);
  if (missing.length > 0) {
    throw new CommandError([
      `municipality ${code} does not exist in ${listed(missing)}: create it first with create-municipality; nothing changed`,
    ]);
  }
  const lines: string[] = [];
  const existed: EnvironmentName[] = [];
  for (const [i, environment] of environments.entries()) {
    const provisioning = createProvisioningRepository(context.databases[environment].db);
    if (await provisioning.createDepartment(found[i]!.id, department)) {
      lines.push(`department ${department.code} ${department.name} of ${code} created in ${environment}`);
    } else {
      existed.push(environment);
    }
  }
  if (existed.length === environments.length) {
    throw new CommandError([
      `department ${department.code} of ${code} already exists in ${listed(existed)}; nothing changed`,
    ]);
  }
  for (const environment of existed) {
    lines.push(`department ${department.code} of ${code} already existed in ${environment}: left unchanged`);
  }
  return lines;
}
