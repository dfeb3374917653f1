import type { ReflectionDeps } from './reflection-deps.js';
import { reflectToProduction } from './reflect-to-production.js';
import { reflectToStaging } from './reflect-to-staging.js';
import { reflectionManager } from './reflection-managers.js';

/** Reflects to this app's environment; answers the manager's new state. */
export async function reflect(
  deps: ReflectionDeps,
  by: string | null,
  code: string,
  groupId: number,
  version: number | undefined,
) {
  if (deps.environment === 'staging') await reflectToStaging(deps, by, code, groupId, version);
  else await reflectToProduction(deps, by, code, groupId, version);
  return reflectionManager(deps, code, groupId);
}
