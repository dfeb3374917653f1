import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applications, renderedDocuments, signTransactions } from '../../db/schema/index.js';

export type SignTransactionRow = typeof signTransactions.$inferSelect;

export function createSignatureRepository(db: Db) {
  return {
    /** The newest rendering of each procedure of an application (what a signature must cover). */
    async latestRenderings(applicationId: string, audience = 'applicant') {
      const rows = await db
        .select()
        .from(renderedDocuments)
        .where(
          and(eq(renderedDocuments.applicationId, applicationId), eq(renderedDocuments.audience, audience)),
        )
        .orderBy(desc(renderedDocuments.createdAt));
      const latest = new Map<number, (typeof rows)[number]>();
      for (const row of rows) if (!latest.has(row.procedureId)) latest.set(row.procedureId, row);
      return latest;
    },
    /** Stores a job's rendering of a procedure; a retried job's replaces the one it stored before. */
    async insertRendering(row: typeof renderedDocuments.$inferInsert) {
      await db
        .insert(renderedDocuments)
        .values(row)
        .onConflictDoUpdate({
          target: [renderedDocuments.jobId, renderedDocuments.procedureId],
          set: {
            storageKey: row.storageKey,
            sha256: row.sha256,
            pages: row.pages,
            createdAt: sql`now()`,
          },
        });
    },
    async insertTransaction(row: typeof signTransactions.$inferInsert): Promise<SignTransactionRow> {
      return (await db.insert(signTransactions).values(row).returning())[0]!;
    },
    async transactionByState(state: string): Promise<SignTransactionRow | null> {
      return (await db.select().from(signTransactions).where(eq(signTransactions.state, state)))[0] ?? null;
    },
    /** A sign transaction of one resident's application in one municipality (404 for anyone else's). */
    async transactionOf(
      id: string,
      applicantId: string,
      municipalityId: number,
    ): Promise<SignTransactionRow | null> {
      const rows = await db
        .select({ tx: signTransactions })
        .from(signTransactions)
        .innerJoin(applications, eq(applications.id, signTransactions.applicationId))
        .where(
          and(
            eq(signTransactions.id, id),
            eq(applications.applicantId, applicantId),
            eq(applications.municipalityId, municipalityId),
          ),
        );
      return rows[0]?.tx ?? null;
    },
    async applicationOf(applicationId: string) {
      return (await db.select().from(applications).where(eq(applications.id, applicationId)))[0] ?? null;
    },
    /** Moves a transaction only from the status it was read in: a result is accepted once. */
    async moveTransaction(row: SignTransactionRow, patch: Partial<typeof signTransactions.$inferInsert>) {
      const rows = await db
        .update(signTransactions)
        .set(patch)
        .where(and(eq(signTransactions.id, row.id), eq(signTransactions.status, row.status)))
        .returning();
      return rows[0] ?? null;
    },
    async verifiedTransactions(applicationId: string): Promise<SignTransactionRow[]> {
      return db
        .select()
        .from(signTransactions)
        .where(
          and(eq(signTransactions.applicationId, applicationId), eq(signTransactions.status, 'verified')),
        )
        .orderBy(desc(signTransactions.updatedAt));
    },
  };
}
export type SignatureRepository = ReturnType<typeof createSignatureRepository>;
