import { eq } from 'drizzle-orm';
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import * as t from '../../db/schema/index.js';
import { insertGroup, syncSequences, upsertStandardItems } from './procedure-group.insert.js';

/** Whether a procedure group of this id exists (in any municipality). */
export async function procedureGroupExists(db: Db, groupId: number): Promise<boolean> {
  const rows = await db
    .select({ id: t.procedureGroups.id })
    .from(t.procedureGroups)
    .where(eq(t.procedureGroups.id, groupId));
  return rows.length > 0;
}

/** Creates a group from a configuration document in one transaction (explicit ids kept). */
export async function createProcedureGroup(
  db: Db,
  municipalityId: number,
  group: ProcedureGroupConfiguration,
): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertStandardItems(tx, group.standard_items);
    await insertGroup(tx, municipalityId, group);
    await syncSequences(tx);
  });
}
