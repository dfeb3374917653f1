import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PrefillSource, type StandardItemFragmentValue } from '@portal/contracts';
import { preparedStatement, type Db } from '../../db/client.js';
import {
  applicants,
  applicationAnswers,
  applications,
  documents,
  municipalities,
} from '../../db/schema/index.js';
import { keyOf } from '@portal/rules';

/** A submitted procedure of an application as the resident's list names it. */
export interface ListedDocument {
  applicationId: string;
  procedureId: number;
  referenceNumber: string;
  status: string;
  /** Why staff rejected it (decision 0037); null unless rejected. */
  rejectionReason: string | null;
}

export type ApplicationRow = typeof applications.$inferSelect;

/** A saved answer and the source it came from unchanged (null: typed by the resident). */
export type StoredAnswer = StandardItemFragmentValue & { source: PrefillSource | null };

const p = (name: string) => sql.placeholder(name);

// One text for every save, whatever it holds (arrays, not a VALUES list per save): prepared once per
// connection and planned once (issue 31). The application row's update is the guard: it matches only the
// version the decision read, takes the row lock, and the answers are written only when it matched.
const SAVE_ANSWERS = sql`with app as (
    update applications set updated_at = ${p('at')}::timestamptz,
      current_step = coalesce(${p('step')}::text, current_step),
      concierge_answers = coalesce(${p('chosen')}::jsonb, concierge_answers)
    where id = ${p('id')}::uuid and (${p('guard')}::text is null or xmin::text = ${p('guard')}::text)
    returning id, xmin::text as version),
  gone as (delete from application_answers a using app
    where a.application_id = app.id and (a.standard_item_code, a.sequence) in
      (select * from unnest(${p('removeCodes')}::text[], ${p('removeSequences')}::int[]))),
  written as (insert into application_answers
      (application_id, standard_item_code, sequence, value, source, updated_at)
    select app.id, v.code, v.sequence, v.value, v.source, ${p('at')}::timestamptz
    from app, unnest(${p('codes')}::text[], ${p('sequences')}::int[], ${p('values')}::jsonb[],
      ${p('sources')}::text[]) as v(code, sequence, value, source)
    on conflict (application_id, standard_item_code, sequence) do update
    set value = excluded.value, source = excluded.source, updated_at = excluded.updated_at)
  select version from app`;

export function createApplicationRepository(db: Db) {
  const writeAnswers = preparedStatement<{ version: string }>(db, 'save_answers', SAVE_ANSWERS);
  async function answersAt(applicationId: string): Promise<{ answers: StoredAnswer[]; lastAt: Date | null }> {
    // Read as JSON text and parsed here: on PGlite drizzle would parse a JSON string a second time
    // (the answer "9999901" would come back as a number).
    const rows = await db
      .select({
        code: applicationAnswers.standardItemCode,
        sequence: applicationAnswers.sequence,
        json: sql<string | null>`${applicationAnswers.value}::text`,
        source: applicationAnswers.source,
        at: applicationAnswers.updatedAt,
      })
      .from(applicationAnswers)
      .where(eq(applicationAnswers.applicationId, applicationId))
      .orderBy(applicationAnswers.standardItemCode, applicationAnswers.sequence);
    let lastAt: Date | null = null;
    const answers = rows.map((r) => {
      const at = new Date(r.at);
      if (!lastAt || at > lastAt) lastAt = at;
      return {
        standard_item_code: r.code,
        sequence: r.sequence,
        value: r.json === null ? null : (JSON.parse(r.json) as string | string[] | null),
        source: PrefillSource.safeParse(r.source).data ?? null,
      };
    });
    return { answers, lastAt };
  }

  return {
    async ensureApplicant(subject: string): Promise<string> {
      await db.insert(applicants).values({ subject }).onConflictDoNothing();
      const rows = await db
        .select({ id: applicants.id })
        .from(applicants)
        .where(eq(applicants.subject, subject));
      return rows[0]!.id;
    },
    /** Identity claims stored for the resident (prefill source), or null. */
    async profile(applicantId: string): Promise<Record<string, string | null> | null> {
      const rows = await db
        .select({ profile: applicants.profile })
        .from(applicants)
        .where(eq(applicants.id, applicantId));
      return rows[0]?.profile ?? null;
    },
    async insert(row: typeof applications.$inferInsert): Promise<ApplicationRow> {
      const rows = await db.insert(applications).values(row).returning();
      return rows[0]!;
    },
    /** Always scoped by municipality: an id of another municipality is simply not found. */
    async find(municipalityId: number, id: string): Promise<ApplicationRow | null> {
      const rows = await db
        .select()
        .from(applications)
        .where(and(eq(applications.municipalityId, municipalityId), eq(applications.id, id)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** A resident's applications in one municipality, newest first, with the municipality's code. */
    async listForApplicant(
      municipalityId: number,
      applicantId: string,
    ): Promise<{ application: ApplicationRow; municipalityCode: string }[]> {
      return db
        .select({ application: applications, municipalityCode: municipalities.code })
        .from(applications)
        .innerJoin(municipalities, eq(municipalities.id, applications.municipalityId))
        .where(
          and(eq(applications.municipalityId, municipalityId), eq(applications.applicantId, applicantId)),
        )
        .orderBy(desc(applications.updatedAt))
        .limit(200);
    },
    async update(
      id: string,
      patch: Partial<typeof applications.$inferInsert>,
      at: Date,
    ): Promise<ApplicationRow> {
      const rows = await db
        .update(applications)
        .set({ ...patch, updatedAt: at })
        .where(eq(applications.id, id))
        .returning();
      return rows[0]!;
    },
    async delete(id: string): Promise<void> {
      await db.delete(applications).where(eq(applications.id, id));
    },
    async answers(applicationId: string): Promise<StoredAnswer[]> {
      return (await answersAt(applicationId)).answers;
    },
    /** The answers and when the last of them was saved (null: none yet), in one statement. */
    answersAt,
    /** The documents of some applications (one per submitted procedure), for the resident's list. */
    async documentsOf(applicationIds: readonly string[]): Promise<ListedDocument[]> {
      if (applicationIds.length === 0) return [];
      return db
        .select({
          applicationId: documents.applicationId,
          procedureId: documents.procedureId,
          referenceNumber: documents.referenceNumber,
          status: documents.status,
          rejectionReason: documents.rejectionReason,
        })
        .from(documents)
        .where(inArray(documents.applicationId, [...applicationIds]));
    },
    /** First answers of the given items for some applications, by application and item code. */
    async answersOf(
      applicationIds: readonly string[],
      codes: readonly string[],
    ): Promise<Map<string, Map<string, unknown>>> {
      const out = new Map<string, Map<string, unknown>>();
      if (applicationIds.length === 0 || codes.length === 0) return out;
      const rows = await db
        .select({
          applicationId: applicationAnswers.applicationId,
          code: applicationAnswers.standardItemCode,
          json: sql<string | null>`${applicationAnswers.value}::text`,
        })
        .from(applicationAnswers)
        .where(
          and(
            inArray(applicationAnswers.applicationId, [...applicationIds]),
            inArray(applicationAnswers.standardItemCode, [...codes]),
            eq(applicationAnswers.sequence, 1),
          ),
        );
      for (const r of rows) {
        const byCode = out.get(r.applicationId) ?? new Map<string, unknown>();
        byCode.set(r.code, r.json === null ? null : (JSON.parse(r.json) as unknown));
        out.set(r.applicationId, byCode);
      }
      return out;
    },
    /**
     * Writes a decision about answers in one statement (atomic without a transaction): deletes `remove`,
     * upserts `values` (the last value given for an item and sequence wins) and stamps the application,
     * moving it to `currentStep` when given. With `guard` (the row version the decision was made on) it
     * writes nothing and answers null when anything wrote the application since; else its new version.
     */
    async saveAnswers(
      applicationId: string,
      values: (StandardItemFragmentValue & { source?: PrefillSource | null })[],
      at: Date,
      extra: {
        /** Single answers to delete (a hidden item's, a removed repetition's); never one of `values`. */
        remove?: { standard_item_code: string; sequence: number }[];
        /** The step the application moves on to with this save (the form's last page). */
        currentStep?: ApplicationRow['currentStep'];
        /** The application row's version (xmin) the decision read. */
        guard?: string;
        /** The options chosen on the concierge's pages, replacing those stored. */
        conciergeAnswers?: ApplicationRow['conciergeAnswers'];
      } = {},
    ): Promise<{ version: string } | null> {
      const latest = [...new Map(values.map((v) => [keyOf(v), v])).values()];
      const remove = extra.remove ?? [];
      const [row] = await writeAnswers({
        id: applicationId,
        guard: extra.guard ?? null,
        at: at.toISOString(),
        step: extra.currentStep ?? null,
        chosen: extra.conciergeAnswers ? JSON.stringify(extra.conciergeAnswers) : null,
        removeCodes: remove.map((r) => r.standard_item_code),
        removeSequences: remove.map((r) => r.sequence),
        codes: latest.map((v) => v.standard_item_code),
        sequences: latest.map((v) => v.sequence),
        // Encoded here: drivers differ on bare strings for jsonb (PGlite reads "3000" as the number 3000).
        values: latest.map((v) => JSON.stringify(v.value)),
        sources: latest.map((v) => v.source ?? null),
      });
      return row ? { version: row.version } : null;
    },
  };
}
export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
