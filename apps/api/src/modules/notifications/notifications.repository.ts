import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { NoticeDetail, NotificationEvent } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import {
  municipalities,
  notificationCodes,
  notifications,
  notificationSettings,
} from '../../db/schema/index.js';

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
export type NotificationCodeRow = typeof notificationCodes.$inferSelect;
export type NoticeRow = typeof notifications.$inferSelect;

/** A resident in one municipality: every read and write of these tables is scoped by both. */
export interface Resident {
  municipalityId: number;
  applicantId: string;
}

/** An event to tell a resident about, written in the event's own transaction. */
export interface NoticeInput extends Resident {
  applicationId: string | null;
  documentId: string | null;
  event: NotificationEvent;
  /** Unique per event: the same event is never written twice. */
  eventKey: string;
  detail: NoticeDetail;
  at: Date;
}

const ofResident = <T extends typeof notificationSettings | typeof notificationCodes | typeof notifications>(
  table: T,
  r: Resident,
) => and(eq(table.municipalityId, r.municipalityId), eq(table.applicantId, r.applicantId));

/** The address a notice of this event goes to under these settings, or null (shown in the portal only). */
export function mailAddressFor(settings: NotificationSettingsRow | undefined, event: NotificationEvent) {
  return settings?.email && settings.emailVerifiedAt && settings.events.includes(event)
    ? settings.email
    : null;
}

/**
 * Writes a notice inside the transaction of its event (the transactional outbox): the notice exists if
 * and only if the event happened. The address is read in the same transaction; a notice to mail waits
 * as `pending` for the notification job. Returns whether it was written (false: the key was there).
 */
export async function recordNotice(tx: Db, notice: NoticeInput): Promise<boolean> {
  const settings = (
    await tx.select().from(notificationSettings).where(ofResident(notificationSettings, notice))
  )[0];
  const mailTo = mailAddressFor(settings, notice.event);
  const rows = await tx
    .insert(notifications)
    .values({
      municipalityId: notice.municipalityId,
      applicantId: notice.applicantId,
      applicationId: notice.applicationId,
      documentId: notice.documentId,
      event: notice.event,
      eventKey: notice.eventKey,
      detail: notice.detail,
      createdAt: notice.at,
      mailTo,
      mailStatus: mailTo ? 'pending' : 'none',
      mailNextAt: mailTo ? notice.at : null,
    })
    .onConflictDoNothing({ target: notifications.eventKey })
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** A notice claimed for mailing, with what its mail needs of the municipality. */
export interface ClaimedNotice {
  notice: NoticeRow;
  municipality: { code: string; name: string; nameEn: string | null };
}

export function createNotificationRepository(db: Db) {
  return {
    async settings(r: Resident): Promise<NotificationSettingsRow | null> {
      return (
        (await db.select().from(notificationSettings).where(ofResident(notificationSettings, r)))[0] ?? null
      );
    },
    /** The events to mail; a resident without settings gets a row with no address. */
    async saveEvents(r: Resident, events: NotificationEvent[], at: Date) {
      await db
        .insert(notificationSettings)
        .values({ ...r, events, updatedAt: at })
        .onConflictDoUpdate({
          target: [notificationSettings.municipalityId, notificationSettings.applicantId],
          set: { events, updatedAt: at },
        });
    },
    /** The pending code, if any (expired ones too: the service tells them apart). */
    async code(r: Resident): Promise<NotificationCodeRow | null> {
      return (await db.select().from(notificationCodes).where(ofResident(notificationCodes, r)))[0] ?? null;
    },
    /** A new code for an address replaces any pending one, with its attempts back at zero. */
    async putCode(r: Resident, input: { email: string; codeHash: string; expiresAt: Date; at: Date }) {
      const values = {
        email: input.email,
        codeHash: input.codeHash,
        expiresAt: input.expiresAt,
        attempts: 0,
      };
      await db
        .insert(notificationCodes)
        .values({ ...r, ...values, createdAt: input.at })
        .onConflictDoUpdate({
          target: [notificationCodes.municipalityId, notificationCodes.applicantId],
          set: { ...values, createdAt: input.at },
        });
    },
    /** Counts a wrong code in one statement (parallel guesses each count); returns the attempts so far. */
    async countWrongCode(r: Resident): Promise<number> {
      const rows = await db
        .update(notificationCodes)
        .set({ attempts: sql`${notificationCodes.attempts} + 1` })
        .where(ofResident(notificationCodes, r))
        .returning({ attempts: notificationCodes.attempts });
      return rows[0]?.attempts ?? Number.POSITIVE_INFINITY;
    },
    async deleteCode(r: Resident) {
      await db.delete(notificationCodes).where(ofResident(notificationCodes, r));
    },
    /**
     * The code's address becomes the verified one and the code is spent, in one transaction; only the
     * code with this hash (another request may have replaced it meanwhile). False when it was not there.
     */
    async verify(
      r: Resident,
      input: { email: string; codeHash: string; events: NotificationEvent[]; at: Date },
    ) {
      return db.transaction(async (tx) => {
        const spent = await tx
          .delete(notificationCodes)
          .where(and(ofResident(notificationCodes, r), eq(notificationCodes.codeHash, input.codeHash)))
          .returning({ email: notificationCodes.email });
        if (spent.length === 0) return false;
        await tx
          .insert(notificationSettings)
          .values({
            ...r,
            email: input.email,
            emailVerifiedAt: input.at,
            events: input.events,
            updatedAt: input.at,
          })
          .onConflictDoUpdate({
            target: [notificationSettings.municipalityId, notificationSettings.applicantId],
            set: { email: input.email, emailVerifiedAt: input.at, updatedAt: input.at },
          });
        return true;
      });
    },
    /** No address any more; notices still waiting to be mailed are called off. */
    async removeEmail(r: Resident, at: Date) {
      await db.transaction(async (tx) => {
        await tx
          .update(notificationSettings)
          .set({ email: null, emailVerifiedAt: null, updatedAt: at })
          .where(ofResident(notificationSettings, r));
        await tx.delete(notificationCodes).where(ofResident(notificationCodes, r));
        await cancelPending(tx, r);
      });
    },
    /**
     * The unsubscribe link: no more mails to this address (the events are cleared, the address kept so
     * the resident can choose again); a link of an address no longer theirs changes nothing.
     */
    async unsubscribe(r: Resident, email: string, at: Date) {
      await db.transaction(async (tx) => {
        const rows = await tx
          .update(notificationSettings)
          .set({ events: [], updatedAt: at })
          .where(
            and(
              ofResident(notificationSettings, r),
              sql`lower(${notificationSettings.email}) = ${email.toLowerCase()}`,
            ),
          )
          .returning({ email: notificationSettings.email });
        if (rows.length > 0) await cancelPending(tx, r);
      });
    },

    /** The resident's unread notices, newest first. */
    unread: (r: Resident, limit = 20) =>
      db
        .select()
        .from(notifications)
        .where(and(ofResident(notifications, r), isNull(notifications.readAt)))
        .orderBy(desc(notifications.createdAt))
        .limit(limit),
    /** Marks the resident's own notices read (ids of others' are ignored). */
    async markRead(r: Resident, ids: readonly string[], at: Date) {
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(
          and(
            ofResident(notifications, r),
            inArray(notifications.id, [...ids]),
            isNull(notifications.readAt),
          ),
        );
    },
    /** What staff see on a document: its own notices and its application's receipt, oldest first. */
    forDocument: (municipalityId: number, document: { id: string; applicationId: string }) =>
      db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.municipalityId, municipalityId),
            or(
              eq(notifications.documentId, document.id),
              and(
                isNull(notifications.documentId),
                eq(notifications.applicationId, document.applicationId),
                eq(notifications.event, 'received'),
              ),
            ),
          ),
        )
        .orderBy(asc(notifications.createdAt)),

    // --- The sender (the notification job) -------------------------------------------------------

    /**
     * Claims notices due for mailing: pending ones whose time has come, and ones whose sender's claim
     * lapsed (its process died). One statement with SKIP LOCKED: processes claiming at once never take
     * the same notice, and a notice claimed and committed is no longer due to the others.
     */
    async claimDue(now: Date, claimUntil: Date, limit: number): Promise<ClaimedNotice[]> {
      const due = or(
        and(eq(notifications.mailStatus, 'pending'), lte(notifications.mailNextAt, now)),
        and(eq(notifications.mailStatus, 'sending'), lt(notifications.mailClaimedUntil, now)),
      );
      const ids = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(due)
        .orderBy(asc(notifications.mailNextAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(notifications)
        .set({
          mailStatus: 'sending',
          mailClaimedUntil: claimUntil,
          mailAttempts: sql`${notifications.mailAttempts} + 1`,
        })
        .where(and(inArray(notifications.id, ids), due))
        .returning();
      if (claimed.length === 0) return [];
      const places = await db
        .select({
          id: municipalities.id,
          code: municipalities.code,
          name: municipalities.name,
          nameEn: municipalities.nameEn,
        })
        .from(municipalities)
        .where(inArray(municipalities.id, [...new Set(claimed.map((n) => n.municipalityId))]));
      const byId = new Map(places.map((m) => [m.id, m]));
      return claimed.map((notice) => ({ notice, municipality: byId.get(notice.municipalityId)! }));
    },
    /** The settings of the claimed notices' residents, to send only what is still wanted. */
    settingsOf: (residents: readonly Resident[]) =>
      residents.length === 0
        ? Promise.resolve([] as NotificationSettingsRow[])
        : db
            .select()
            .from(notificationSettings)
            .where(or(...residents.map((r) => ofResident(notificationSettings, r)))),
    /** Ends a claimed notice: sent, failed for good, called off, or back to pending until `nextAt`. */
    async settle(
      id: string,
      outcome:
        | { status: 'sent'; at: Date; to: string }
        | { status: 'failed' | 'cancelled'; error: string | null }
        | { status: 'pending'; nextAt: Date; error: string },
    ) {
      await db
        .update(notifications)
        .set({
          mailStatus: outcome.status,
          mailClaimedUntil: null,
          ...(outcome.status === 'sent'
            ? { mailSentAt: outcome.at, mailTo: outcome.to, mailError: null }
            : {}),
          ...(outcome.status === 'pending' ? { mailNextAt: outcome.nextAt, mailError: outcome.error } : {}),
          ...(outcome.status === 'failed' || outcome.status === 'cancelled'
            ? { mailError: outcome.error }
            : {}),
        })
        .where(and(eq(notifications.id, id), eq(notifications.mailStatus, 'sending')));
    },
  };
}
export type NotificationRepository = ReturnType<typeof createNotificationRepository>;

/** Notices of a resident still to be mailed are called off (no address, or mails stopped). */
async function cancelPending(tx: Db, r: Resident) {
  await tx
    .update(notifications)
    .set({ mailStatus: 'cancelled', mailNextAt: null })
    .where(and(ofResident(notifications, r), eq(notifications.mailStatus, 'pending')));
}
