import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { PrefillSource } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { applications, registryResidents } from '../../db/schema/index.js';
import type { RegistryEntry } from '../registry/registry.repository.js';
import type { ApplicationRow, StoredAnswer } from './applications.repository.js';

/** A registry member as the claims read it: every column but the PIN, under its property name. */
const MEMBER = sql.join(
  Object.entries(getTableColumns(registryResidents))
    .filter(([key]) => key !== 'pin')
    // Keys are the schema's own property names, so they are written into the statement, not bound.
    .map(([key, column]) => sql`${sql.raw(`'${key}'`)}, r.${sql.identifier(column.name)}`),
  sql`, `,
);

// Drizzle writes a column in a select list unqualified: the subqueries name the outer row themselves.
const APP = sql.raw('"applications"');

/** What the answer rules read of one application, as one row. */
export interface LoadedAnswers {
  application: ApplicationRow;
  answers: StoredAnswer[];
  /** When the last answer was saved (null: none yet). */
  lastAt: Date | null;
  /** The identity provider's claims kept for the resident (null: not signed in with it). */
  identity: Record<string, string | null> | null;
  /** The resident's registry entry and household members (themselves included), if registered here. */
  household: { self: RegistryEntry; members: RegistryEntry[] } | null;
  /** The newest personal-portal session of the application, if any. */
  portal: { status: string; result: unknown } | null;
}

const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

/**
 * One statement for everything a resident's answer request reads (decision 0012's sources included):
 * the application, its answers, the identity claims, the registry household and the personal portal's
 * latest session. JSON comes back as text and is parsed here (PGlite would parse a JSON string twice).
 */
export function createAnswerContextRepository(db: Db) {
  const fields = {
    application: applications,
    answers: sql<string | null>`(select json_agg(json_build_object('c', aa.standard_item_code,
            's', aa.sequence, 'v', aa.value, 'src', aa.source, 'at', aa.updated_at)
            order by aa.standard_item_code, aa.sequence)::text
            from application_answers aa where aa.application_id = ${APP}.id)`,
    identity: sql<string | null>`(select ap.profile::text from applicants ap
            where ap.id = ${APP}.applicant_id)`,
    subject: sql<string | null>`(select ap.subject from applicants ap
            where ap.id = ${APP}.applicant_id)`,
    household: sql<string | null>`(select json_agg(json_build_object(${MEMBER}))::text
            from applicants ap
            join registry_residents me on me.subject = ap.subject
              and me.municipality_id = ${APP}.municipality_id
            join registry_residents r on r.municipality_id = me.municipality_id
              and (r.household_id = me.household_id or r.subject = me.subject)
            where ap.id = ${APP}.applicant_id)`,
    portal: sql<string | null>`(select json_build_object('status', s.status, 'result', s.result)::text
            from self_information_sessions s where s.application_id = ${APP}.id
            order by s.created_at desc limit 1)`,
  };
  // The hot read of every answer request: prepared once per connection, planned once (issue 31).
  const statement = db
    .select(fields)
    .from(applications)
    .where(
      and(
        eq(applications.municipalityId, sql.placeholder('municipalityId')),
        eq(applications.id, sql.placeholder('applicationId')),
      ),
    )
    .limit(1)
    .prepare('answer_context');
  type Row = Awaited<ReturnType<typeof statement.execute>>[number];

  function loaded(row: Row): LoadedAnswers {
    let lastAt: Date | null = null;
    type Stored = { c: string; s: number; v: StoredAnswer['value']; src: string | null; at: string };
    const answers = (parse<Stored[]>(row.answers) ?? []).map((a) => {
      const at = new Date(a.at);
      if (!lastAt || at > lastAt) lastAt = at;
      return {
        standard_item_code: a.c,
        sequence: a.s,
        value: a.v,
        source: PrefillSource.safeParse(a.src).data ?? null,
      };
    });
    const members = parse<RegistryEntry[]>(row.household) ?? [];
    const self = members.find((m) => m.subject === row.subject);
    return {
      application: row.application,
      answers,
      lastAt,
      identity: parse(row.identity),
      household: self ? { self, members } : null,
      portal: parse(row.portal),
    };
  }

  return {
    /** Always scoped by municipality: an id of another municipality is simply not found. */
    async load(municipalityId: number, applicationId: string): Promise<LoadedAnswers | null> {
      const rows = await statement.execute({ municipalityId, applicationId });
      return rows[0] ? loaded(rows[0]) : null;
    },

    /** `load` of many applications of one municipality in one statement (an export's page); any order. */
    async loadMany(municipalityId: number, applicationIds: readonly string[]): Promise<LoadedAnswers[]> {
      if (applicationIds.length === 0) return [];
      const rows = await db
        .select(fields)
        .from(applications)
        .where(
          and(eq(applications.municipalityId, municipalityId), inArray(applications.id, [...applicationIds])),
        );
      return rows.map(loaded);
    },
  };
}
export type AnswerContextRepository = ReturnType<typeof createAnswerContextRepository>;
