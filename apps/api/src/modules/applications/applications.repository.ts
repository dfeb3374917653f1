import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { PrefillSource, type StandardItemFragmentValue } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import {
  applicants,
  applicationAnswers,
  applications,
  documents,
  municipalities,
} from '../../db/schema/index.js';

/** A submitted procedure of an application as the resident's list names it. */
export interface ListedDocument {
  applicationId: string;
  procedureId: number;
  referenceNumber: string;
  status: string;
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
    /** Saves answers (upsert) and removes the given codes (hidden items are never stored), in one transaction. */
    async saveAnswers(
      applicationId: string,
      values: (StandardItemFragmentValue & { source?: PrefillSource | null })[],
      remove: string[],
      at: Date,
      extra: {
        /** Single answers to delete (a removed repetition of a repeatable group). */
        clear?: { standard_item_code: string; sequence: number }[];
        /** The step the application moves on to with this save (the form's last page). */
        currentStep?: ApplicationRow['currentStep'];
      } = {},
    ): Promise<void> {
      const clear = extra.clear ?? [];
      // The last value given for an item and sequence wins (one INSERT may not touch a row twice).
      const latest = [...new Map(values.map((v) => [`${v.standard_item_code}#${v.sequence}`, v])).values()];
      const dropped = [
        ...(remove.length > 0 ? [inArray(applicationAnswers.standardItemCode, remove)] : []),
        ...clear.map((c) =>
          and(
            eq(applicationAnswers.standardItemCode, c.standard_item_code),
            eq(applicationAnswers.sequence, c.sequence),
          ),
        ),
      ];
      await db.transaction(async (tx) => {
        if (dropped.length > 0) {
          await tx
            .delete(applicationAnswers)
            .where(and(eq(applicationAnswers.applicationId, applicationId), or(...dropped)));
        }
        if (latest.length > 0) {
          await tx
            .insert(applicationAnswers)
            .values(
              latest.map((v) => ({
                applicationId,
                standardItemCode: v.standard_item_code,
                sequence: v.sequence,
                // Encoded here: drivers differ on bare strings for jsonb (PGlite reads "3000" as the number 3000).
                value: sql`${JSON.stringify(v.value)}::jsonb`,
                source: v.source ?? null,
                updatedAt: at,
              })),
            )
            .onConflictDoUpdate({
              target: [
                applicationAnswers.applicationId,
                applicationAnswers.standardItemCode,
                applicationAnswers.sequence,
              ],
              set: { value: sql`excluded.value`, source: sql`excluded.source`, updatedAt: at },
            });
        }
        await tx
          .update(applications)
          .set({ updatedAt: at, ...(extra.currentStep ? { currentStep: extra.currentStep } : {}) })
          .where(eq(applications.id, applicationId));
      });
    },
  };
}
export type ApplicationRepository = ReturnType<typeof createApplicationRepository>;
