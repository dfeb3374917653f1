import { ProcedureGroupConfiguration as ConfigurationSchema } from '@portal/contracts';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { createProcedureGroupRepository } from '../configuration/procedure-group.repository.js';
import { replaceProcedureGroup } from '../configuration/procedure-group.service.js';
import { configurationProblems } from './configuration-check.js';
import { sameConfiguration } from './configuration-diff.js';
import type { ReflectionDeps } from './reflection-deps.js';
import { bothMunicipalities, stagingVersion } from './reflection-state.js';
import { guarded, lockGroup } from './reflection-writes.js';
import { createReflectionRepository } from './reflection.repository.js';

/**
 * Reflects on production: copies a version staging has (`requested`, else staging's live one) into
 * production's normalized tables, its versions and its reflections.
 */
export async function reflectToProduction(
  deps: ReflectionDeps,
  by: string | null,
  code: string,
  groupId: number,
  requested: number | undefined,
) {
  const { staging } = deps;
  const { s, p } = await bothMunicipalities(deps, code);
  if (!p) throw notFound(`municipality ${code}`);
  if (!s || !(await staging.group(s.id, groupId))) {
    throw new AppError(
      'conflict',
      `staging has no procedure group ${groupId} of municipality ${code}; production accepts only a version staging has`,
      'version',
    );
  }
  let version = requested;
  if (version === undefined) {
    const live = await staging.live(groupId);
    if (!live) {
      throw new AppError(
        'conflict',
        `staging has no version of procedure group ${groupId} yet: reflect the draft to staging first`,
        'version',
      );
    }
    version = live.version;
  }
  const source = await stagingVersion(deps, groupId, version, s);
  const parsed = ConfigurationSchema.safeParse(source.snapshot);
  if (!parsed.success || configurationProblems(parsed.data).length > 0) {
    throw conflict(`version ${version} of staging is not a usable configuration`);
  }
  const target = version;
  // One transaction: the normalized tables, the version and the reflection, or nothing at all.
  await guarded(() =>
    deps.productionDb.transaction(async (tx) => {
      await lockGroup(tx, groupId);
      const repo = createReflectionRepository(tx);
      if ((await repo.live(groupId))?.version === target) return;
      const existing = await repo.version(groupId, target);
      if (existing && !sameConfiguration(existing.snapshot, source.snapshot)) {
        throw conflict(
          `production already has a different version ${target} of procedure group ${groupId}; reflect a newer staging version`,
        );
      }
      await replaceProcedureGroup(createProcedureGroupRepository(tx), p.id, parsed.data, 'keep');
      const at = deps.clock();
      if (!existing) {
        const published = (await staging.versions(groupId)).find((v) => v.version === target);
        await repo.insertVersion({
          municipalityId: p.id,
          groupId,
          version: target,
          snapshot: source.snapshot,
          publishedBy: published?.publishedBy ?? by,
          at,
        });
      }
      await repo.insertReflection({ municipalityId: p.id, groupId, version: target, reflectedBy: by, at });
    }),
  );
}
