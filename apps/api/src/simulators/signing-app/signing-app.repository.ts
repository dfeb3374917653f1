import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { devCaRevocations, devSigningTransactions } from '../../db/schema/index.js';

export type SigningTransaction = typeof devSigningTransactions.$inferSelect;

/** SQL of the development signing app: its sign transactions and the test CA's revocations. */
export function createSigningAppRepository(db: Db) {
  return {
    async create(row: typeof devSigningTransactions.$inferInsert) {
      await db.insert(devSigningTransactions).values(row);
    },
    async find(id: string, now: Date): Promise<SigningTransaction | null> {
      const rows = await db
        .select()
        .from(devSigningTransactions)
        .where(and(eq(devSigningTransactions.id, id), gt(devSigningTransactions.expiresAt, now)));
      return rows[0] ?? null;
    },
    async byCode(code: string, now: Date): Promise<SigningTransaction | null> {
      const rows = await db
        .select()
        .from(devSigningTransactions)
        .where(and(eq(devSigningTransactions.code, code), gt(devSigningTransactions.expiresAt, now)));
      return rows[0] ?? null;
    },
    /** Moves a transaction only from the status it was read in: a code is redeemed once. */
    async move(row: SigningTransaction, patch: Partial<typeof devSigningTransactions.$inferInsert>) {
      const rows = await db
        .update(devSigningTransactions)
        .set(patch)
        .where(and(eq(devSigningTransactions.id, row.id), eq(devSigningTransactions.status, row.status)))
        .returning();
      return rows[0] ?? null;
    },
    revocations: () => db.select().from(devCaRevocations),
    async revoke(serial: string, reason: string) {
      await db.insert(devCaRevocations).values({ serial, reason }).onConflictDoNothing();
    },
  };
}
export type SigningAppRepository = ReturnType<typeof createSigningAppRepository>;
