import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { reflect } from './reflect.js';
import { reflectionDeps, type ReflectionSetup } from './reflection-deps.js';
import { reflectionDiff } from './reflection-diff.js';
import { createDraft, readDraft, saveDraft } from './reflection-drafts.js';
import { reflectionHistory } from './reflection-history.js';
import { listMunicipalities, listReflectionManagers, reflectionManager } from './reflection-managers.js';
import { stagingMunicipality } from './reflection-state.js';

export type { EnvironmentDatabases, EnvironmentName } from './reflection-deps.js';

/**
 * The master tool over both environments (decision 0006): drafts live in staging's normalized tables;
 * reflecting on staging publishes the draft as the next numbered version; reflecting on production copies
 * a version staging has. `environment` is the one this app instance serves (its prefix).
 */
export function createReflectionService(setup: ReflectionSetup) {
  const deps = reflectionDeps(setup);
  return {
    environment: deps.environment,
    municipalities: () => listMunicipalities(deps),
    list: (code: string) => listReflectionManagers(deps, code),
    manager: (code: string, groupId: number) => reflectionManager(deps, code, groupId),
    draft: (code: string, groupId: number) => readDraft(deps, code, groupId),
    createDraft: (code: string, input: ProcedureGroupConfiguration) => createDraft(deps, code, input),
    saveDraft: (code: string, groupId: number, input: ProcedureGroupConfiguration) =>
      saveDraft(deps, code, groupId, input),
    reflect: (code: string, groupId: number, version: number | undefined, by: string | null) =>
      reflect(deps, by, code, groupId, version),
    history: (code: string, groupId: number) => reflectionHistory(deps, code, groupId),
    diff: (code: string, groupId: number, version: number | undefined) =>
      reflectionDiff(deps, code, groupId, version),
    /** Staging's configurations (where drafts live), for the editor's catalogs. */
    staging: {
      repository: deps.staging,
      groups: deps.stagingGroups,
      municipality: (code: string) => stagingMunicipality(deps, code),
    },
  };
}
export type ReflectionService = ReturnType<typeof createReflectionService>;
