import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applications, attachments } from '../../db/schema/index.js';

export type AttachmentRow = typeof attachments.$inferSelect;

export function createAttachmentRepository(db: Db) {
  return {
    list: (applicationId: string) =>
      db
        .select()
        .from(attachments)
        .where(eq(attachments.applicationId, applicationId))
        .orderBy(asc(attachments.standardItemCode), asc(attachments.sequence)),
    async find(applicationId: string, code: string, sequence: number): Promise<AttachmentRow | null> {
      const rows = await db
        .select()
        .from(attachments)
        .where(
          and(
            eq(attachments.applicationId, applicationId),
            eq(attachments.standardItemCode, code),
            eq(attachments.sequence, sequence),
          ),
        );
      return rows[0] ?? null;
    },
    /** Puts a file in a slot, replacing what was there; returns the replaced row (its file is to be removed). */
    async upsert(row: typeof attachments.$inferInsert): Promise<AttachmentRow | null> {
      return db.transaction(async (tx) => {
        const old = await tx
          .delete(attachments)
          .where(
            and(
              eq(attachments.applicationId, row.applicationId),
              eq(attachments.standardItemCode, row.standardItemCode),
              eq(attachments.sequence, row.sequence ?? 1),
            ),
          )
          .returning();
        await tx.insert(attachments).values(row);
        return old[0] ?? null;
      });
    },
    async remove(id: string): Promise<void> {
      await db.delete(attachments).where(eq(attachments.id, id));
    },
    /** Keeps exactly `ids` as the final files and moves the application on to `step`, in one transaction. */
    async confirm(applicationId: string, ids: string[], step: { currentStep: string; at: Date }) {
      await db.transaction(async (tx) => {
        await tx
          .update(attachments)
          .set({ isConfirmed: false })
          .where(eq(attachments.applicationId, applicationId));
        if (ids.length > 0) {
          await tx
            .update(attachments)
            .set({ isConfirmed: true })
            .where(and(eq(attachments.applicationId, applicationId), inArray(attachments.id, ids)));
        }
        await tx
          .update(applications)
          .set({ currentStep: step.currentStep, updatedAt: step.at })
          .where(eq(applications.id, applicationId));
      });
    },
  };
}
export type AttachmentRepository = ReturnType<typeof createAttachmentRepository>;
