import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documents } from '../../db/schema/index.js';
import { listConditions, type DocumentScope } from './documents.query.js';

/** Reads of a bulk act (decision 0020); each document's change goes through the single act's writes. */
export function createBulkRepository(db: Db) {
  return {
    /** Reference number and status of the listed documents within a scope; others are absent. */
    async summaries(scope: DocumentScope, ids: readonly string[]) {
      const rows = await db
        .select({ id: documents.id, referenceNumber: documents.referenceNumber, status: documents.status })
        .from(documents)
        .where(and(listConditions(scope, {}), inArray(documents.id, [...ids])));
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type BulkRepository = ReturnType<typeof createBulkRepository>;
