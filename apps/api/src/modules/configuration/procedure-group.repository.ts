import type { ProcedureGroupConfiguration, StandardItem } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { createProcedureGroup, procedureGroupExists } from './procedure-group.drafts.js';
import { upsertStandardItems } from './procedure-group.insert.js';
import { readProcedureGroup } from './procedure-group.read.js';
import { runReplacement, type ReplacementQueries } from './procedure-group.replacement.js';
import { publishProcedureGroup } from './procedure-group.versions.js';

export { standardItemOfRow } from './procedure-group.rows.js';
export { PUBLISH_LOCK } from './procedure-group.versions.js';
export type { ReplacementQueries } from './procedure-group.replacement.js';

/** Writes and reads a whole procedure group's configuration in the normalized tables. */
export function createProcedureGroupRepository(db: Db) {
  return {
    upsertStandardItems: (items: StandardItem[]) => upsertStandardItems(db, items),
    exists: (groupId: number) => procedureGroupExists(db, groupId),
    create: (municipalityId: number, group: ProcedureGroupConfiguration) =>
      createProcedureGroup(db, municipalityId, group),
    read: (groupId: number) => readProcedureGroup(db, groupId),
    replacement: <T>(work: (q: ReplacementQueries) => Promise<T>) => runReplacement(db, work),
    publish: (
      municipalityId: number,
      groupId: number,
      publishedBy: string,
      options?: { minVersion?: number; at?: Date },
    ) => publishProcedureGroup(db, municipalityId, groupId, publishedBy, options),
  };
}
export type ProcedureGroupRepository = ReturnType<typeof createProcedureGroupRepository>;
