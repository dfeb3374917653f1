import type { ProcedureGroupConfiguration, ReflectionDiff } from '@portal/contracts';
import { conflict, notFound } from '../../http/errors.js';
import { diffConfiguration } from './configuration-diff.js';
import type { ReflectionDeps } from './reflection-deps.js';
import { bothMunicipalities, snapshotOf, stagingVersion } from './reflection-state.js';

/**
 * What reflecting would change in this environment. Staging: the draft (or staging version
 * `version`) against staging's live version. Production: staging's live version (or `version`)
 * against production's live version.
 */
export async function reflectionDiff(
  deps: ReflectionDeps,
  code: string,
  groupId: number,
  version: number | undefined,
): Promise<ReflectionDiff> {
  const { staging, production, stagingGroups } = deps;
  const { s, p } = await bothMunicipalities(deps, code);
  if (!s || !(await staging.group(s.id, groupId))) throw notFound(`reflection manager ${groupId}`);
  let compared: ProcedureGroupConfiguration;
  let comparedVersion: number | null = version ?? null;
  if (version !== undefined)
    compared = (await stagingVersion(deps, groupId, version, s, deps.environment === 'production')).snapshot;
  else if (deps.environment === 'staging') compared = (await stagingGroups.read(groupId))!;
  else {
    const live = await staging.live(groupId);
    if (!live) {
      throw conflict(
        `staging has no version of procedure group ${groupId} yet: reflect the draft to staging first`,
      );
    }
    comparedVersion = live.version;
    compared = (await stagingVersion(deps, groupId, live.version, s)).snapshot;
  }
  const repo = deps.environment === 'staging' ? staging : production;
  const here = deps.environment === 'staging' ? s : p;
  const owned = here ? await repo.group(here.id, groupId) : null;
  const live = owned ? await repo.live(groupId) : null;
  const liveSnapshot = await snapshotOf(repo, groupId, live);
  return {
    reflection_manager_id: groupId,
    environment: deps.environment === 'staging' ? 'staging' : 'product',
    live_version: live?.version ?? null,
    compared: {
      draft: deps.environment === 'staging' && version === undefined,
      version: comparedVersion,
    },
    changes: diffConfiguration(liveSnapshot ?? {}, compared),
  };
}
