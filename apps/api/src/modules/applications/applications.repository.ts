import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { PrefillSource, type StandardItemFragmentValue } from '@portal/contracts';
import type { Db } from '../../db/client.js';
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

export function createApplicationRepository(db: Db) {
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
      const when = sql`${at.toISOString()}::timestamptz`;
      // Locked, and re-checked against the newest row version if a concurrent save got there first.
      const held = extra.guard === undefined ? sql`` : sql` and xmin::text = ${extra.guard}`;
      const parts = [
        sql`guard as (select id from applications where id = ${applicationId}${held} for update)`,
      ];
      if (remove.length > 0) {
        const keys = sql.join(
          remove.map((r) => sql`(${r.standard_item_code}, ${r.sequence}::int)`),
          sql`, `,
        );
        parts.push(
          sql`gone as (delete from application_answers where application_id in (select id from guard)
            and (standard_item_code, sequence) in (${keys}))`,
        );
      }
      if (latest.length > 0) {
        const rows = sql.join(
          latest.map(
            // Encoded here: drivers differ on bare strings for jsonb (PGlite reads "3000" as the number 3000).
            (v) =>
              sql`(${applicationId}::uuid, ${v.standard_item_code}, ${v.sequence}::int, ${JSON.stringify(v.value)}::jsonb, ${v.source ?? null}, ${when})`,
          ),
          sql`, `,
        );
        parts.push(
          sql`written as (insert into application_answers
            (application_id, standard_item_code, sequence, value, source, updated_at)
            select * from (values ${rows}) as v where exists (select 1 from guard)
            on conflict (application_id, standard_item_code, sequence) do update
            set value = excluded.value, source = excluded.source, updated_at = excluded.updated_at)`,
        );
      }
      const step = extra.currentStep ? sql`, current_step = ${extra.currentStep}` : sql``;
      const chosen = extra.conciergeAnswers
        ? sql`, concierge_answers = ${JSON.stringify(extra.conciergeAnswers)}::jsonb`
        : sql``;
      const result = (await db.execute(
        sql`with ${sql.join(parts, sql`, `)} update applications set updated_at = ${when}${step}${chosen}
          where id in (select id from guard) returning xmin::text as version`,
      )) as unknown as { rows: { version: string }[] };
      const row = result.rows[0];
      return row ? { version: row.version } : null;
    },
  };
}
export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
