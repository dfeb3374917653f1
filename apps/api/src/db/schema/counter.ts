import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { applicants, applications } from './applications.js';
import { municipalities } from './configuration.js';
import { staffAccounts } from './staff.js';

/**
 * One-time handoffs of an application between a resident's phone and the counter (decision 0026): the
 * QR code's token and the typed short code are kept only as keyed hashes; a handoff is used once.
 */
export const counterHandoffs = pgTable(
  'counter_handoffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** to_counter: shown by the resident, taken by staff; to_resident: shown at the counter, taken by a resident. */
    direction: text('direction').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    /** The clerk whose counter session issued it (to_resident). */
    issuedByStaffId: uuid('issued_by_staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedByStaffId: uuid('used_by_staff_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    usedByApplicantId: uuid('used_by_applicant_id').references(() => applicants.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A typed code names one handoff of its municipality.
    unique('counter_handoffs_code').on(t.municipalityId, t.codeHash),
    index('counter_handoffs_application').on(t.applicationId),
  ],
);
