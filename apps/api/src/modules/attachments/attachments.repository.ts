import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
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
    /**
     * Takes the oldest pending file no process is scanning (or whose claim lapsed before `lapsedBefore`)
     * for this process, in one statement: two processes never take the same file.
     */
    async claimPending(at: Date, lapsedBefore: Date): Promise<AttachmentRow | null> {
      const next = db
        .select({ id: attachments.id })
        .from(attachments)
        .where(
          and(
            eq(attachments.scanState, 'pending'),
            or(isNull(attachments.scanClaimedAt), lt(attachments.scanClaimedAt, lapsedBefore)),
          ),
        )
        .orderBy(asc(attachments.uploadedAt))
        .limit(1)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(attachments)
        .set({ scanClaimedAt: at })
        .where(inArray(attachments.id, next))
        .returning();
      return rows[0] ?? null;
    },
    /** A pending file found clean becomes usable; false when it is no longer there (replaced, deleted). */
    async markClean(id: string): Promise<boolean> {
      const rows = await db
        .update(attachments)
        .set({ scanState: 'clean', scanClaimedAt: null })
        .where(and(eq(attachments.id, id), eq(attachments.scanState, 'pending')))
        .returning({ id: attachments.id });
      return rows.length > 0;
    },
    /** Lets another look take a pending file whose scan could not be made now. */
    async releaseClaim(id: string): Promise<void> {
      await db
        .update(attachments)
        .set({ scanClaimedAt: null })
        .where(and(eq(attachments.id, id), eq(attachments.scanState, 'pending')));
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
