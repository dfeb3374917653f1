import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { renderedDocuments, signTransactions } from '../../db/schema/index.js';

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
