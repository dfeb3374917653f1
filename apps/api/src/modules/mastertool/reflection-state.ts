// Where a municipality and its versions stand in each environment, shared by the reflection use cases.
import { AppError, notFound } from '../../http/errors.js';
import type { ReflectionDeps } from './reflection-deps.js';
import type { LiveVersion, ReflectionRepository } from './reflection.repository.js';

export type Municipality = { id: number; code: string; name: string };

/** The municipality in staging (where drafts live), or 404. */
export async function stagingMunicipality(deps: ReflectionDeps, code: string): Promise<Municipality> {
  const found = await deps.staging.municipality(code);
  if (!found) throw notFound(`municipality ${code} in staging`);
  return found;
}

/** The municipality in staging (`s`) and in production (`p`), null where it is missing. */
export async function bothMunicipalities(deps: ReflectionDeps, code: string) {
  const [s, p] = await Promise.all([deps.staging.municipality(code), deps.production.municipality(code)]);
  return { s, p };
}

/** The snapshot of the live version, null when nothing is live. */
export async function snapshotOf(repo: ReflectionRepository, groupId: number, live: LiveVersion | null) {
  return live ? ((await repo.version(groupId, live.version))?.snapshot ?? null) : null;
}

/** A staging version of this municipality's group, or 409 naming the versions staging has. */
export async function stagingVersion(
  deps: ReflectionDeps,
  groupId: number,
  version: number,
  s: Municipality,
  forProduction = true,
) {
  const found = await deps.staging.version(groupId, version);
  if (found && found.municipalityId === s.id) return found;
  const have = (await deps.staging.versions(groupId)).map((v) => v.version).sort((a, b) => a - b);
  throw new AppError(
    'conflict',
    `staging has no version ${version} of procedure group ${groupId}` +
      (have.length > 0 ? ` (staging has ${have.join(', ')})` : ' (staging has none yet)') +
      (forProduction ? '; production accepts only a version staging has' : ''),
    'version',
  );
}
