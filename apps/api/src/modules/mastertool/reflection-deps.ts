import type { Database } from '../../db/client.js';
import { createProcedureGroupRepository } from '../configuration/procedure-group.repository.js';
import { createReflectionRepository } from './reflection.repository.js';

/** The environment an app instance serves: `/api` is production, `/stg-api` staging (decision 0006). */
export type EnvironmentName = 'production' | 'staging';

/** Both environments' databases: the master tool of either prefix reads both. */
export interface EnvironmentDatabases {
  production: Database;
  staging: Database;
}

/** What the reflection service is given; `environment` is the one this app instance serves (its prefix). */
export interface ReflectionSetup {
  environment: EnvironmentName;
  databases: EnvironmentDatabases;
  clock: () => Date;
}

/** The reflection use cases' dependencies: both environments' repositories, made once per service. */
export function reflectionDeps(setup: ReflectionSetup) {
  const stagingDb = setup.databases.staging.db;
  const productionDb = setup.databases.production.db;
  return {
    environment: setup.environment,
    clock: setup.clock,
    stagingDb,
    productionDb,
    staging: createReflectionRepository(stagingDb),
    production: createReflectionRepository(productionDb),
    stagingGroups: createProcedureGroupRepository(stagingDb),
  };
}
export type ReflectionDeps = ReturnType<typeof reflectionDeps>;
