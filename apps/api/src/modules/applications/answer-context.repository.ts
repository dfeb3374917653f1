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

const APPLICATION_COLUMNS = Object.entries(getTableColumns(applications));

/** The application row from its `row_to_json`, each column mapped as drizzle maps it from the driver. */
function applicationOf(text: string): ApplicationRow {
  const json = JSON.parse(text) as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of APPLICATION_COLUMNS) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as ApplicationRow;
}

/** What a read of an application's answer context found; `parts` is null when the caller's stamp held. */
export interface AnswerContextRead {
  /** Null when the caller's stamp held and it holds the row as read at that stamp (it is unchanged). */
  application: ApplicationRow | null;
  /** Names every row version the context was read from (see the statement below). */
  stamp: string;
  /** The application row's own version: a write guarded by it fails when anything wrote the row since. */
  version: string;
  parts: Omit<LoadedAnswers, 'application'> | null;
  /** False when the resident's session the read was asked to confirm has ended (deleted or expired). */
  sessionLive: boolean;
}

/** A resident's session a read confirms in the same statement (decision 0049), and the time it is live at. */
export interface SessionToConfirm {
  id: string;
  now: Date;
}

// The stamp of everything the context reads: the application row (every answer write moves it), the
// applicant (identity claims), the newest personal-portal session and the registry's version (moved by
// a trigger in the writing transaction). Row versions (xmin) change with every write and never repeat.
// `offset 0` keeps the planner from pulling the subquery up: pulled up, every `st.stamp` below (seven)
// computed the four lookups again.
const STAMP = sql.raw(`(select concat_ws(':', "applications".xmin::text,
    coalesce((select ap.xmin::text from applicants ap where ap.id = "applications".applicant_id), '-'),
    coalesce((select s.xmin::text || '/' || s.id from self_information_sessions s
      where s.application_id = "applications".id order by s.created_at desc limit 1), '-'),
    coalesce((select rv.version::text from registry_version rv where rv.id = 1), '-')) as stamp offset 0) st`);

/**
 * One statement for everything a resident's answer request reads (decision 0012's sources included):
 * the application, its answers, the identity claims, the registry household and the personal portal's
 * latest session. JSON comes back as text and is parsed here (PGlite would parse a JSON string twice).
 * Given the stamp of a context already in hand, the statement reads only the application row when the
 * stamp still holds (decision 0046: the heavy parts are skipped by the database, not discarded after).
 */
export function createAnswerContextRepository(db: Db) {
  const known = sql.placeholder('known');
  const unlessKnown = <T>(part: ReturnType<typeof sql<T>>) =>
    sql<T>`case when st.stamp = ${known} then null else ${part} end`;
  const parts = {
    answers: sql<string | null>`(select json_agg(json_build_object('c', aa.standard_item_code,
            's', aa.sequence, 'v', aa.value, 'src', aa.source, 'at', aa.updated_at)
            order by aa.standard_item_code collate "C", aa.sequence)::text
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
  const fields = { application: applications, ...parts };
  // The hot read of every answer request: prepared once per connection, planned once (issue 31).
  const statement = db
    .select({
      // One text column, and none when the caller holds the row at this stamp: parsed only when needed.
      application: sql<
        string | null
      >`case when st.stamp = ${known} and ${sql.placeholder('holdsRow')}::boolean
            then null else row_to_json(${APP})::text end`,
      stamp: sql<string>`st.stamp`,
      version: sql<string>`${APP}.xmin::text`,
      fresh: sql<boolean>`st.stamp is distinct from ${known}`,
      // The session the guard took from its kept sessions, confirmed where the answers are read.
      sessionLive: sql<boolean>`(${sql.placeholder('sessionId')}::text is null or exists(select 1 from sessions s
            where s.id = ${sql.placeholder('sessionId')}::text and s.kind = 'applicant'
            and s.expires_at > ${sql.placeholder('now')}::timestamptz))`,
      answers: unlessKnown(parts.answers),
      identity: unlessKnown(parts.identity),
      subject: unlessKnown(parts.subject),
      household: unlessKnown(parts.household),
      portal: unlessKnown(parts.portal),
    })
    .from(applications)
    .crossJoinLateral(STAMP)
    .where(
      and(
        eq(applications.municipalityId, sql.placeholder('municipalityId')),
        eq(applications.id, sql.placeholder('applicationId')),
      ),
    )
    .limit(1)
    .prepare('answer_context');
  type Row = Omit<
    Awaited<ReturnType<typeof statement.execute>>[number],
    'stamp' | 'version' | 'fresh' | 'sessionLive' | 'application'
  >;

  function partsOf(row: Row): Omit<LoadedAnswers, 'application'> {
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
      answers,
      lastAt,
      identity: parse(row.identity),
      household: self ? { self, members } : null,
      portal: parse(row.portal),
    };
  }

  /**
   * `known`: the stamp of the context the caller holds, and whether it holds the application row as read
   * at that stamp (a row it built after its own write is not one).
   */
  async function read(
    municipalityId: number,
    applicationId: string,
    known: { stamp: string; holdsRow: boolean } | null,
    session: SessionToConfirm | null = null,
  ): Promise<AnswerContextRead | null> {
    const rows = await statement.execute({
      municipalityId,
      applicationId,
      known: known?.stamp ?? null,
      holdsRow: known?.holdsRow ?? false,
      sessionId: session?.id ?? null,
      // Text, not a Date: the driver's own date formatting costs more than toISOString.
      now: session?.now.toISOString() ?? null,
    });
    const row = rows[0];
    if (!row) return null;
    return {
      application: row.application === null ? null : applicationOf(row.application),
      stamp: row.stamp,
      version: row.version,
      parts: row.fresh ? partsOf(row) : null,
      sessionLive: row.sessionLive,
    };
  }

  return {
    read,

    /** Always scoped by municipality: an id of another municipality is simply not found. */
    async load(municipalityId: number, applicationId: string): Promise<LoadedAnswers | null> {
      const found = await read(municipalityId, applicationId, null);
      return found ? { application: found.application!, ...found.parts! } : null;
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
      return rows.map((row) => ({ application: row.application, ...partsOf(row) }));
    },
  };
}
export type AnswerContextRepository = ReturnType<typeof createAnswerContextRepository>;
