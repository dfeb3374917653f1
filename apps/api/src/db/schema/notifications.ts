import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { applicants, applications, documents } from './applications.js';
import { municipalities } from './configuration.js';

/** Residents kept informed (decision 0025): their address and choices, codes, and the notices themselves. */

/** The resident a row belongs to, in one municipality (every read is scoped by both). */
const residentColumns = () => ({
  municipalityId: integer('municipality_id')
    .notNull()
    .references(() => municipalities.id),
  applicantId: uuid('applicant_id')
    .notNull()
    .references(() => applicants.id, { onDelete: 'cascade' }),
});

/** A resident's notification settings in one municipality: the verified address and the events chosen. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    ...residentColumns(),
    /** The verified address; null: none given (notices only in the portal). */
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The events mailed (NotificationEvent); the others show only in the portal. */
    events: jsonb('events').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.municipalityId, t.applicantId] })],
);

/** The one-time code that verifies an address: one pending per resident, stored hashed. */
export const notificationCodes = pgTable(
  'notification_codes',
  {
    ...residentColumns(),
    email: text('email').notNull(),
    /** HMAC-SHA256 of the code (keyed by the app secret and the resident), never the code itself. */
    codeHash: text('code_hash').notNull(),
    /** Wrong codes entered; the code is spent at the limit. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.municipalityId, t.applicantId] })],
);

/**
 * One event told to a resident: shown in the portal (read_at once seen) and, when they chose it with a
 * verified address, mailed by the notification job. Written in the event's own transaction (a
 * transactional outbox); `event_key` is unique per event, and the sender claims a row before mailing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...residentColumns(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    /** The document the event is about (a staff status move); null for the application's own events. */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** Unique per event (e.g. `remanded:<document>:<time>`): the same event is never written twice. */
    eventKey: text('event_key').notNull().unique(),
    /** What the texts need, as it was at the event (names, reference numbers, the remand message). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the resident saw it in the portal. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The address it is mailed to; null: not mailed (no address, or the event not chosen). */
    mailTo: text('mail_to'),
    /** none | pending | sending | sent | failed */
    mailStatus: text('mail_status').notNull().default('none'),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    /** Earliest next attempt while pending (a failed attempt waits longer each time). */
    mailNextAt: timestamp('mail_next_at', { withTimezone: true }),
    /** While sending: the claim of one process, which another may take over once it has passed. */
    mailClaimedUntil: timestamp('mail_claimed_until', { withTimezone: true }),
    mailSentAt: timestamp('mail_sent_at', { withTimezone: true }),
    mailError: text('mail_error'),
  },
  (t) => [
    index('notifications_applicant').on(t.municipalityId, t.applicantId, t.createdAt),
    index('notifications_document').on(t.documentId),
    index('notifications_application').on(t.applicationId),
    // The sender's look: only rows still to mail.
    index('notifications_outbox')
      .on(t.mailNextAt)
      .where(sql`${t.mailStatus} in ('pending', 'sending')`),
  ],
);
