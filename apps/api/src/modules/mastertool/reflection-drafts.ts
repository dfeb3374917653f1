import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { notFound, validationFailed } from '../../http/errors.js';
import { createProcedureGroupRepository } from '../configuration/procedure-group.repository.js';
import { replaceProcedureGroup } from '../configuration/procedure-group.service.js';
import { collectIds, idKinds, renumber, type IdKind } from './configuration-ids.js';
import type { ReflectionDeps } from './reflection-deps.js';
import { stagingMunicipality } from './reflection-state.js';
import { guarded, lockGroup, refuseProblems } from './reflection-writes.js';
import { createReflectionRepository, type Exec } from './reflection.repository.js';

/** A procedure code names one procedure of a municipality: one another group has is refused at its field. */
async function refuseCodesOfOtherGroups(tx: Exec, municipalityId: number, g: ProcedureGroupConfiguration) {
  const others = await createReflectionRepository(tx).codesOfOtherGroups(municipalityId, g.id);
  const problems = g.disclosure.procedures.flatMap((p, i) => {
    const owner = others.get(p.code);
    return owner === undefined
      ? []
      : [
          {
            field: `procedure_group.disclosure.procedures.${i}.code`,
            message: `procedure code "${p.code}" is already used by procedure group "${owner}" of this municipality`,
          },
        ];
  });
  if (problems.length > 0) throw validationFailed(problems);
}

/**
 * Gives every id the configuration shares with another procedure group (in either environment) a
 * fresh one past the largest in use, rewriting the references; a new group gets a fresh id too when
 * its id exists. Run inside the staging transaction holding the id lock.
 */
async function claimIds(
  deps: ReflectionDeps,
  tx: Exec,
  g: ProcedureGroupConfiguration,
  existing: boolean,
): Promise<ProcedureGroupConfiguration> {
  const { production } = deps;
  const here = createReflectionRepository(tx);
  const ids = collectIds(g);
  const map: Partial<Record<IdKind, Map<number, number>>> = {};
  let groupId = g.id;
  if (!existing && ((await here.groupExists(g.id)) || (await production.groupExists(g.id)))) {
    groupId = Math.max(await here.maxId('group'), await production.maxId('group')) + 1;
    map.group = new Map([[g.id, groupId]]);
  }
  for (const kind of idKinds) {
    if (kind === 'group') continue;
    const list = [...new Set(ids[kind])];
    const taken = new Set([
      ...(await here.takenIds(kind, list, groupId)),
      ...(await production.takenIds(kind, list, groupId)),
    ]);
    if (taken.size === 0) continue;
    let next = Math.max(await here.maxId(kind), await production.maxId(kind), ...list) + 1;
    map[kind] = new Map([...taken].sort((a, b) => a - b).map((id) => [id, next++]));
  }
  return renumber(g, map);
}

/** The draft of a procedure group: staging's normalized tables as they are now. */
export async function readDraft(deps: ReflectionDeps, code: string, groupId: number) {
  const s = await stagingMunicipality(deps, code);
  const row = await deps.staging.group(s.id, groupId);
  if (!row) throw notFound(`reflection manager ${groupId}`);
  const config = await deps.stagingGroups.read(groupId);
  if (!config) throw notFound(`reflection manager ${groupId}`);
  return {
    reflection_manager_id: groupId,
    procedure_group: config,
    updated_at: new Date(row.updatedAt).toISOString(),
  };
}

/** Creates a procedure group in staging's normalized tables (a draft; nothing is live yet). */
export async function createDraft(deps: ReflectionDeps, code: string, input: ProcedureGroupConfiguration) {
  refuseProblems(input);
  const s = await stagingMunicipality(deps, code);
  const id = await guarded(() =>
    deps.stagingDb.transaction(async (tx) => {
      await createReflectionRepository(tx).lockIds();
      const config = await claimIds(deps, tx, input, false);
      await lockGroup(tx, config.id);
      const groups = createProcedureGroupRepository(tx);
      await groups.create(s.id, config);
      refuseProblems((await groups.read(config.id))!);
      return config.id;
    }),
  );
  return readDraft(deps, code, id);
}

/**
 * Saves the whole draft: checked (shape by the route, references here) before anything is written,
 * then staging's normalized tables are made to hold it, in one transaction.
 */
export async function saveDraft(
  deps: ReflectionDeps,
  code: string,
  groupId: number,
  input: ProcedureGroupConfiguration,
) {
  if (input.id !== groupId) {
    throw validationFailed([
      {
        field: 'procedure_group.id',
        message: `must be the reflection manager's procedure group ${groupId}`,
      },
    ]);
  }
  refuseProblems(input);
  const s = await stagingMunicipality(deps, code);
  await guarded(() =>
    deps.stagingDb.transaction(async (tx) => {
      await createReflectionRepository(tx).lockIds();
      await lockGroup(tx, groupId);
      if (!(await createReflectionRepository(tx).group(s.id, groupId)))
        throw notFound(`reflection manager ${groupId}`);
      await refuseCodesOfOtherGroups(tx, s.id, input);
      const config = await claimIds(deps, tx, input, true);
      const groups = createProcedureGroupRepository(tx);
      await replaceProcedureGroup(groups, s.id, config, 'refuse');
      // What the tables hold must pass the same checks (else nothing is kept).
      refuseProblems((await groups.read(groupId))!);
    }),
  );
  return readDraft(deps, code, groupId);
}
