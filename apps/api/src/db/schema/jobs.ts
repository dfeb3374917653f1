import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { municipalities } from './configuration.js';

/** Our record of background work; pg-boss carries the queue, this table the state residents and staff poll. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    municipalityId: integer('municipality_id').references(() => municipalities.id),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    resultKey: text('result_key'),
    error: text('error'),
    /** Why a failed job failed, for the client: `interrupted` (its process stopped every time) or `error`. */
    failure: text('failure'),
    /** Times a process started it (more than 1 when a crashed run was retried). */
    attempts: integer('attempts').notNull().default(0),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_municipality').on(t.municipalityId, t.createdAt),
    // The metrics gauge counts jobs waiting or running at each scrape: only those rows, not the history.
    index('jobs_live')
      .on(t.status, t.kind)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** Process-wide settings shared by every server process (e.g. the generated secret in development). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
