import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { publicationErrors } from '@portal/rules';
import { AppError, notFound } from '../../http/errors.js';
import { createProcedureGroupRepository } from '../configuration/procedure-group.repository.js';
import { fieldPath } from './configuration-check.js';
import { sameConfiguration } from './configuration-diff.js';
import type { ReflectionDeps } from './reflection-deps.js';
import { snapshotOf, stagingMunicipality, stagingVersion } from './reflection-state.js';
import { guarded, lockGroup, refuseProblems } from './reflection-writes.js';
import { createReflectionRepository } from './reflection.repository.js';

/**
 * Refuses (409) a draft the pre-reflection check finds errors in (decision 0047), one error per problem
 * with its field, in the one error body; warnings do not block.
 */
function refuseUnpublishable(g: ProcedureGroupConfiguration) {
  const errors = publicationErrors(g);
  if (errors.length === 0) return;
  throw new AppError(
    'conflict',
    `the draft does not pass the pre-reflection check (${errors.length} error${errors.length === 1 ? '' : 's'})`,
    undefined,
    errors.map((p) => ({
      code: 'conflict' as const,
      message: `pre-reflection check: ${p.message}`,
      field: fieldPath(`procedure_group.${p.path}`),
    })),
  );
}

/**
 * Reflects on staging: publishes the draft as the next numbered version, or with `requested` makes a
 * version staging has live again (the draft is left as it is).
 */
export async function reflectToStaging(
  deps: ReflectionDeps,
  by: string | null,
  code: string,
  groupId: number,
  requested: number | undefined,
) {
  const s = await stagingMunicipality(deps, code);
  if (!(await deps.staging.group(s.id, groupId))) throw notFound(`reflection manager ${groupId}`);
  if (requested !== undefined) {
    // Rollback (or forward) to a version staging has: one reflection row, the draft is left as it is.
    await stagingVersion(deps, groupId, requested, s, false);
    await guarded(() =>
      deps.stagingDb.transaction(async (tx) => {
        await lockGroup(tx, groupId);
        const repo = createReflectionRepository(tx);
        if ((await repo.live(groupId))?.version === requested) return;
        await repo.insertReflection({
          municipalityId: s.id,
          groupId,
          version: requested,
          reflectedBy: by,
          at: deps.clock(),
        });
      }),
    );
    return;
  }
  // Numbers continue past what production has, so a number always means one snapshot in both.
  const productionMax = await deps.production.maxVersion(groupId);
  await guarded(() =>
    deps.stagingDb.transaction(async (tx) => {
      await lockGroup(tx, groupId);
      const groups = createProcedureGroupRepository(tx);
      const repo = createReflectionRepository(tx);
      const current = await groups.read(groupId);
      if (!current) throw notFound(`reflection manager ${groupId}`);
      refuseProblems(current);
      refuseUnpublishable(current);
      const live = await repo.live(groupId);
      const liveSnapshot = await snapshotOf(repo, groupId, live);
      // Already live: reflecting again changes nothing (a double click publishes one version).
      if (liveSnapshot && sameConfiguration(liveSnapshot, current)) return;
      await groups.publish(s.id, groupId, by ?? 'operator', {
        minVersion: productionMax + 1,
        at: deps.clock(),
      });
    }),
  );
}
