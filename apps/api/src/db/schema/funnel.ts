import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { municipalities, procedureGroups, procedures } from './configuration.js';
import { applications } from './applications.js';

/**
 * Where residents give up (decision 0053): how many applications first reached each step or assistant
 * page, per published version. Aggregated counts only: no application, person, answer or session.
 */
export const funnelCounts = pgTable(
  'funnel_counts',
  {
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    procedureGroupId: integer('procedure_group_id')
      .notNull()
      .references(() => procedureGroups.id, { onDelete: 'cascade' }),
    configurationVersion: integer('configuration_version').notNull(),
    /** A flow step (`start`, `procedures`, ...) or an assistant page (`question:<sub category id>`). */
    step: text('step').notNull(),
    reached: integer('reached').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.municipalityId, t.procedureGroupId, t.configurationVersion, t.step] })],
);

/**
 * The same counts per procedure (decision 0053, addendum): an application counts for each procedure it had
 * chosen when it first reached a step from identification on. Aggregated counts only, like funnelCounts.
 */
export const funnelProcedureCounts = pgTable(
  'funnel_procedure_counts',
  {
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id, { onDelete: 'cascade' }),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id, { onDelete: 'cascade' }),
    configurationVersion: integer('configuration_version').notNull(),
    /** A flow step from `identification` to `complete`. */
    step: text('step').notNull(),
    reached: integer('reached').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.municipalityId, t.procedureId, t.configurationVersion, t.step] })],
);

/** An application's first reach of a step: makes each reach count once, whichever process served it. */
export const funnelMarks = pgTable(
  'funnel_marks',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.step] })],
);
