// New procedure groups from the master tool (decision 0024): from a minimal skeleton, or as a copy of
// another group's draft (of any municipality) into a municipality. Both become drafts in staging's
// tables through the reflection service's create, which claims fresh ids; nothing is live until reflected.
import {
  PREFILL_CLAIMS,
  type CopyProcedureGroupRequest,
  type NewProcedureGroupRequest,
  type ProcedureGroupConfiguration,
} from '@portal/contracts';
import { japanDate } from '@portal/rules';
import { AppError, notFound } from '../../http/errors.js';
import { standardItemOfRow } from '../configuration/procedure-group.repository.js';
import { copiedConfiguration, emptyConfiguration } from './configuration-skeleton.js';
import { createReflectionRepository } from './reflection.repository.js';
import type { EnvironmentDatabases, ReflectionService } from './reflection.service.js';

export function createGroupCreationService(deps: {
  databases: EnvironmentDatabases;
  reflection: ReflectionService;
  clock: () => Date;
}) {
  const staging = createReflectionRepository(deps.databases.staging.db);
  const production = createReflectionRepository(deps.databases.production.db);

  /** The target municipality's groups and procedure codes, in both environments. */
  async function target(code: string) {
    const s = await deps.reflection.staging.municipality(code);
    const p = await production.municipality(code);
    const [sGroups, pGroups, sCodes, pCodes, departments] = await Promise.all([
      staging.groups(s.id),
      p ? production.groups(p.id) : [],
      staging.procedureCodes(s.id),
      p ? production.procedureCodes(p.id) : [],
      staging.departments(s.id),
    ]);
    const groups = [...sGroups, ...pGroups];
    return {
      names: new Set(groups.map((g) => g.name)),
      sequence: Math.max(-1, ...groups.map((g) => g.sequence)) + 1,
      codes: new Set([...sCodes, ...pCodes]),
      departments: new Set(departments.map((d) => d.code)),
    };
  }

  /** Refuses a name another group of the municipality has (the field of the operator's form). */
  function refuseTakenName(name: string, names: ReadonlySet<string>) {
    if (names.has(name))
      throw new AppError(
        'conflict',
        `this municipality already has a procedure group named "${name}"`,
        'name',
      );
  }

  const create = (code: string, g: ProcedureGroupConfiguration) => deps.reflection.createDraft(code, g);

  return {
    /** A new group from the minimal skeleton, named by the operator. */
    async createNew(code: string, input: NewProcedureGroupRequest) {
      const here = await target(code);
      refuseTakenName(input.name, here.names);
      const today = japanDate(deps.clock());
      const library = new Map(
        (await staging.standardItems()).map((row) => [row.code, standardItemOfRow(row)]),
      );
      const identityItems = PREFILL_CLAIMS.profile.flatMap(
        (claim) => library.get(`applicant_${claim}`) ?? [],
      );
      return create(code, emptyConfiguration({ ...input, sequence: here.sequence, today, identityItems }));
    },

    /** A copy of another group's draft (the source municipality's, any the operator may see). */
    async copy(code: string, input: CopyProcedureGroupRequest) {
      const source = await deps.reflection
        .draft(input.source_code, input.source_reflection_manager_id)
        .catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'not_found')
            throw notFound(
              `procedure group ${input.source_reflection_manager_id} of municipality ${input.source_code}`,
            );
          throw err;
        });
      const here = await target(code);
      refuseTakenName(input.name, here.names);
      return create(
        code,
        copiedConfiguration(source.procedure_group, {
          name: input.name,
          sequence: here.sequence,
          takenCodes: here.codes,
          departments: here.departments,
        }),
      );
    },
  };
}
export type GroupCreationService = ReturnType<typeof createGroupCreationService>;
