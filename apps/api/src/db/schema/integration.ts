import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('system_api_keys_municipality').on(t.municipalityId, t.createdAt)],
);
