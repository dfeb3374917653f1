import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { municipalities } from './configuration.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** administrator, clerk, viewer: what each may do is in docs/decisions and the policies. */
export const permissions = pgTable('permissions', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [unique('departments_municipality_code').on(t.municipalityId, t.code)],
);

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    lastNameKana: text('last_name_kana').notNull(),
    firstNameKana: text('first_name_kana').notNull(),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [unique('staff_accounts_email').on(t.municipalityId, t.email)],
);

export const staffAccountDepartments = pgTable(
  'staff_account_departments',
  {
    staffAccountId: uuid('staff_account_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
  },
  (t) => [primaryKey({ columns: [t.staffAccountId, t.departmentId] })],
);

export const invitations = pgTable('invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  municipalityId: integer('municipality_id')
    .notNull()
    .references(() => municipalities.id),
  tokenHash: text('token_hash').notNull().unique(),
  email: text('email').notNull(),
  permissionId: integer('permission_id')
    .notNull()
    .references(() => permissions.id),
  departmentIds: jsonb('department_ids').$type<number[]>().notNull(),
  invitedBy: uuid('invited_by').references(() => staffAccounts.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** When the mail link was first opened and exchanged for a form session: the link works once (0044). */
  openedAt: timestamp('opened_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  staffAccountId: uuid('staff_account_id')
    .notNull()
    .references(() => staffAccounts.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** When the mail link was first opened and exchanged for a form session: the link works once (0044). */
  openedAt: timestamp('opened_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Master-tool operators work across municipalities. */
export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  loginId: text('login_id').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/** Server-side sessions of all three kinds; the cookie carries a random token, the table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    municipalityId: integer('municipality_id').references(() => municipalities.id),
    subjectId: uuid('subject_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The last use, recorded at most once a minute; a session unused for the idle timeout ends (0044). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_subject').on(t.kind, t.subjectId), index('sessions_expiry').on(t.expiresAt)],
);

/** Every staff read of a document and every change: who, when, what. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    municipalityId: integer('municipality_id').references(() => municipalities.id),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_municipality').on(t.municipalityId, t.at)],
);

/** Failed sign-ins per key (account and address) in the current window: sign-in is rate limited. */
export const signInAttempts = pgTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});
