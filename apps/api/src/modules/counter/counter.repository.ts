import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicants, applications, auditLog, counterHandoffs, sessions } from '../../db/schema/index.js';
import { auditRow, type AuditEntry } from '../audit/audit.repository.js';
import type { SessionRecord } from '../sessions/sessions.repository.js';

export type HandoffRow = typeof counterHandoffs.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** All SQL of the counter handoff: handoffs, their single use, and what taking one writes at once. */
export function createCounterRepository(db: Db) {
  /** Marks a handoff used, only if it is still unused and live; false when it was not. */
  async function markUsed(
    tx: Tx,
    handoffId: string,
    at: Date,
    by: { usedByStaffId: string } | { usedByApplicantId: string },
  ): Promise<boolean> {
    const used = await tx
      .update(counterHandoffs)
      .set({ usedAt: at, ...by })
      .where(
        and(
          eq(counterHandoffs.id, handoffId),
          isNull(counterHandoffs.usedAt),
          gt(counterHandoffs.expiresAt, at),
        ),
      )
      .returning({ id: counterHandoffs.id });
    return used.length > 0;
  }

  return {
    /** Stores a handoff; false when its code is already taken in the municipality (the caller draws again). */
    async insert(row: typeof counterHandoffs.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(counterHandoffs)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: counterHandoffs.id });
      return rows.length === 1;
    },

    /** The handoff of a municipality with this token or code hash, used or not. */
    async find(municipalityId: number, hash: { token?: string; code?: string }): Promise<HandoffRow | null> {
      const match = hash.token
        ? eq(counterHandoffs.tokenHash, hash.token)
        : eq(counterHandoffs.codeHash, hash.code ?? '');
      const rows = await db
        .select()
        .from(counterHandoffs)
        .where(and(eq(counterHandoffs.municipalityId, municipalityId), match))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Earlier unused handoffs of the application stop working when a new one is issued. */
    async retire(applicationId: string, at: Date): Promise<void> {
      await db
        .update(counterHandoffs)
        .set({ expiresAt: at })
        .where(
          and(
            eq(counterHandoffs.applicationId, applicationId),
            isNull(counterHandoffs.usedAt),
            gt(counterHandoffs.expiresAt, at),
          ),
        );
    },

    /**
     * Staff take a handoff: it is marked used (only if still unused and live), the counter session is
     * stored and the audit entry written, in one transaction. False when someone else took it first.
     */
    async takeAtCounter(input: {
      handoffId: string;
      staffAccountId: string;
      at: Date;
      session: SessionRecord;
      audit: AuditEntry;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await markUsed(tx, input.handoffId, input.at, { usedByStaffId: input.staffAccountId })))
          return false;
        await tx.insert(sessions).values(input.session);
        await tx.insert(auditLog).values(auditRow(input.audit));
        return true;
      });
    },

    /**
     * A resident takes over an application started at the counter: the handoff is marked used and the
     * application becomes the resident's (only while the counter's stand-in still owns it), at once.
     */
    async takeByResident(input: {
      handoffId: string;
      applicationId: string;
      fromApplicantId: string;
      toApplicantId: string;
      at: Date;
      audit: AuditEntry;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await markUsed(tx, input.handoffId, input.at, { usedByApplicantId: input.toApplicantId })))
          return false;
        const moved = await tx
          .update(applications)
          .set({ applicantId: input.toApplicantId, updatedAt: input.at })
          .where(
            and(
              eq(applications.id, input.applicationId),
              eq(applications.applicantId, input.fromApplicantId),
              or(eq(applications.status, 'draft')),
            ),
          )
          .returning({ id: applications.id });
        // Nothing is kept half-done: the handoff stays unused when the application could not move.
        if (moved.length === 0) throw new HandoffRolledBack();
        // The counter's session of the stand-in no longer reaches it.
        await tx
          .delete(sessions)
          .where(and(eq(sessions.kind, 'applicant'), eq(sessions.subjectId, input.fromApplicantId)));
        await tx.insert(auditLog).values(auditRow(input.audit));
        return true;
      });
    },

    /** A stand-in applicant for an application staff start at the counter, until a resident takes it. */
    async counterApplicant(subject: string): Promise<string> {
      const rows = await db.insert(applicants).values({ subject }).returning({ id: applicants.id });
      return rows[0]!.id;
    },

    async startSession(session: SessionRecord, entry: AuditEntry): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values(session);
        await tx.insert(auditLog).values(auditRow(entry));
      });
    },

    async subjectOf(applicantId: string): Promise<string | null> {
      const rows = await db
        .select({ subject: applicants.subject })
        .from(applicants)
        .where(eq(applicants.id, applicantId));
      return rows[0]?.subject ?? null;
    },
  };
}
export type CounterRepository = ReturnType<typeof createCounterRepository>;

/** Thrown inside a transaction to undo it; the service answers 409. */
export class HandoffRolledBack extends Error {
  override readonly name = 'HandoffRolledBack';
}
