import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applications, notifications, procedureGroups } from '../../db/schema/index.js';
import { recordNotice } from './notifications.repository.js';

/**
 * Drafts expire (decision 0025): a draft nobody changed for the retention period is deleted, but only once
 * its resident has been told, at least NOTICE_DAYS before, by a `draft_expiring` notice for that very
 * state of the draft. Changing the draft starts the period again (its notice no longer matches).
 */
export const NOTICE_DAYS = 7;
const DAY = 86_400_000;

/** The key of a draft's expiry notice: the draft as it was last changed (made in SQL, read and compared alike). */
const draftKey = sql<string>`'draft_expiring:' || ${applications.id}::text || ':' ||
  floor(extract(epoch from ${applications.updatedAt}) * 1000)::bigint::text`;

export function createDraftExpiry(deps: { db: Db; retentionDays: number; clock: () => Date }) {
  const { db, retentionDays } = deps;

  /** Notices for drafts within NOTICE_DAYS of expiry that have none yet; returns how many were written. */
  async function tellExpiring(now: Date): Promise<number> {
    const from = new Date(now.getTime() - (retentionDays - NOTICE_DAYS) * DAY);
    const drafts = await db
      .select({
        id: applications.id,
        municipalityId: applications.municipalityId,
        applicantId: applications.applicantId,
        updatedAt: applications.updatedAt,
        key: draftKey,
        groupName: procedureGroups.name,
        groupEn: procedureGroups.en,
      })
      .from(applications)
      .innerJoin(procedureGroups, eq(procedureGroups.id, applications.procedureGroupId))
      .where(
        and(
          eq(applications.status, 'draft'),
          lte(applications.updatedAt, from),
          sql`not exists (select 1 from ${notifications} where ${notifications.eventKey} = ${draftKey})`,
        ),
      )
      .limit(500);
    let written = 0;
    for (const d of drafts) {
      // Never sooner than NOTICE_DAYS after the notice, however old the draft already is.
      const expiresAt = new Date(
        Math.max(d.updatedAt.getTime() + retentionDays * DAY, now.getTime() + NOTICE_DAYS * DAY),
      );
      const told = await recordNotice(db, {
        municipalityId: d.municipalityId,
        applicantId: d.applicantId,
        applicationId: d.id,
        documentId: null,
        event: 'draft_expiring',
        eventKey: d.key,
        detail: {
          procedure_group_name: d.groupName,
          procedure_group_name_en: d.groupEn?.name ?? null,
          procedures: [],
          expires_at: expiresAt.toISOString(),
        },
        at: now,
      });
      if (told) written++;
    }
    return written;
  }

  /** Deletes drafts past their retention whose notice for this state is NOTICE_DAYS old; returns how many. */
  async function removeExpired(now: Date): Promise<number> {
    const removed = await db
      .delete(applications)
      .where(
        and(
          eq(applications.status, 'draft'),
          lte(applications.updatedAt, new Date(now.getTime() - retentionDays * DAY)),
          sql`exists (select 1 from ${notifications} where ${notifications.eventKey} = ${draftKey}
            and ${notifications.createdAt} <= ${new Date(now.getTime() - NOTICE_DAYS * DAY).toISOString()}::timestamptz)`,
        ),
      )
      .returning({ id: applications.id });
    return removed.length;
  }

  return {
    /** The hourly run: tell first, then delete what was told long enough ago. Off when retention is 0. */
    async run(): Promise<{ told: number; removed: number }> {
      if (retentionDays <= 0) return { told: 0, removed: 0 };
      const now = deps.clock();
      return { told: await tellExpiring(now), removed: await removeExpired(now) };
    },
  };
}
export type DraftExpiry = ReturnType<typeof createDraftExpiry>;
