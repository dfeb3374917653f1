import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Storage of the development stand-ins for national systems (identity provider, signing app, personal
 * portal, test CA). Production never writes here: the stand-ins are mounted only when enabled.
 */

/** The test residents' My Number Cards: wrong PINs lock a card, as a real card would. */
export const devIdentityCards = pgTable('dev_identity_cards', {
  subject: text('subject').primaryKey(),
  failedPinAttempts: integer('failed_pin_attempts').notNull().default(0),
  lockedAt: timestamp('locked_at', { withTimezone: true }),
});

/** oidc-provider's models (sessions, interactions, codes, grants), shared by every process. */
export const devOidcStore = pgTable(
  'dev_oidc_store',
  {
    id: text('id').primaryKey(),
    model: text('model').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('dev_oidc_store_grant').on(t.grantId), index('dev_oidc_store_uid').on(t.uid)],
);

/** Sign transactions registered at the development signing app. */
export const devSigningTransactions = pgTable('dev_signing_transactions', {
  id: text('id').primaryKey(),
  clientId: text('client_id').notNull(),
  digests: jsonb('digests').$type<string[]>().notNull(),
  status: text('status').notNull().default('registered'),
  subject: text('subject'),
  code: text('code').unique(),
  result: jsonb('result').$type<Record<string, unknown>>(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Certificates the test CA revoked (published in its CRL). */
export const devCaRevocations = pgTable('dev_ca_revocations', {
  serial: text('serial').primaryKey(),
  reason: text('reason'),
  revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sessions of the development personal portal (create, redirect, poll, fetch). */
export const devMynaportalSessions = pgTable('dev_mynaportal_sessions', {
  id: text('id').primaryKey(),
  subject: text('subject'),
  status: text('status').notNull().default('created'),
  result: jsonb('result').$type<Record<string, unknown>>(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mails the portal sent while no SMTP server is configured (SMTP_URL unset), shown at /dev/outbox. */
export const devOutbox = pgTable('dev_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  sender: text('sender').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
