import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as t from '../../db/schema/index.js';
import { readProcedureGroup } from './procedure-group.read.js';

/** Advisory lock (with the group id) held by whoever writes a group's configuration or versions. */
export const PUBLISH_LOCK = 7290002;

/**
 * Publishes the current configuration of a group as the next immutable version and makes it live (a
 * reflection row). `minVersion` lets staging number past versions production already has.
 */
export async function publishProcedureGroup(
  db: Db,
  municipalityId: number,
  groupId: number,
  publishedBy: string,
  options: { minVersion?: number; at?: Date } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    // One publisher at a time per group, so versions never collide.
    await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK}, ${groupId})`);
    const snapshot = await readProcedureGroup(tx, groupId);
    if (!snapshot) throw new Error(`procedure group ${groupId} not found`);
    const rows = await tx
      .select({ max: sql<number>`coalesce(max(${t.configurationVersions.version}), 0)::int` })
      .from(t.configurationVersions)
      .where(eq(t.configurationVersions.procedureGroupId, groupId));
    const version = Math.max((rows[0]?.max ?? 0) + 1, options.minVersion ?? 1);
    const at = options.at ?? new Date();
    await tx.insert(t.configurationVersions).values({
      municipalityId,
      procedureGroupId: groupId,
      version,
      snapshot,
      publishedBy,
      publishedAt: at,
    });
    await tx.insert(t.configurationReflections).values({
      municipalityId,
      procedureGroupId: groupId,
      version,
      reflectedBy: publishedBy,
      reflectedAt: at,
    });
    return version;
  });
}
