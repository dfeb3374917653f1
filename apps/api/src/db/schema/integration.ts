import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { municipalities } from './configuration.js';
import { staffAccounts } from './staff.js';

/**
 * API keys of a municipality's core systems (issue 37, decision 0057): scoped to procedures and to read
 * or read-and-update, expiring, limited to addresses; the token is shown once and only its hash is kept.
 */
export const systemApiKeys = pgTable(
  'system_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Procedure codes whose documents the key reaches. */
    procedureCodes: text('procedure_codes').array().notNull(),
    /** `read` or `read_update` (may set a document's processing status). */
    access: text('access').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Addresses the key is accepted from (CIDR notation, IPv4 or IPv6). */
    allowedCidrs: text('allowed_cidrs').array().notNull(),
    /** sha256 of the token, hex: the token is 256 random bits, so no slow hash is needed against guessing. */
    secretHash: text('secret_hash').notNull().unique(),
    /** The token's first characters, shown to tell keys apart. */
    keyPrefix: text('key_prefix').notNull(),
    createdBy: uuid('created_by').references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Bumped by every write of an administrator (revocation names the version it read, decision 0034). */
    version: integer('version').notNull().default(1),
    /** Where signed events are posted (decision 0059); null: no webhooks. */
    webhookUrl: text('webhook_url'),
    /**
     * The Standard Webhooks signing secret (`whsec_` + base64 of 32 random bytes), kept readable to sign
     * each delivery: the project has no at-rest encryption of secrets (decision 0059).
     */
    webhookSecret: text('webhook_secret'),
  },
  (t) => [index('system_api_keys_municipality').on(t.municipalityId, t.createdAt)],
);

/**
 * One event to one key's endpoint (decision 0059): written in the transaction of the change, then sent by
 * the webhook job with retries; the last attempt's answer is what administrators read.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    keyId: uuid('key_id')
      .notNull()
      .references(() => systemApiKeys.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same on every attempt and on a resend. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** No foreign key: the log outlives a deleted document, and deleting many stays cheap. */
    documentId: uuid('document_id'),
    referenceNumber: text('reference_number'),
    /** The body posted, as signed: `{ type, timestamp, data }`. */
    payload: jsonb('payload').notNull(),
    /** `pending`, `succeeded` or `failed`. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a pending delivery is due; while an attempt runs, when its claim lapses. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastResponseStatus: integer('last_response_status'),
    lastResponseExcerpt: text('last_response_excerpt'),
    lastError: text('last_error'),
    /** The delivery an administrator sent again (a resend is a new row with the same message id). */
    resendOf: uuid('resend_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_key_latest').on(t.keyId, t.createdAt),
    index('webhook_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
