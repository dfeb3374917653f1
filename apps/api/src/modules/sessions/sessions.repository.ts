import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

/** The three sign-ins, and the short form sessions a mail link is exchanged for (decision 0044). */
export type SessionKind = 'applicant' | 'staff' | 'operator' | 'invitation' | 'password_reset';

export interface SessionRecord {
  id: string;
  kind: SessionKind;
  municipalityId: number | null;
  subjectId: string;
  data: Record<string, unknown>;
  expiresAt: Date;
  /** The last use the server recorded (at most once a minute; decision 0044). */
  lastSeenAt?: Date;
}

const p = sql.placeholder;

export function createSessionRepository(db: Db) {
  // A session is live while its absolute expiry and its idle limit are both ahead.
  const isLive = and(
    eq(sessions.id, p('id')),
    eq(sessions.kind, p('kind')),
    gt(sessions.expiresAt, p('now')),
    gt(sessions.lastSeenAt, p('idleSince')),
  );
  // Every signed-in request reads its session: prepared once per connection, planned once (issue 31). The
  // same statement records the use, writing only when the last record is older than `touchBefore`.
  const touched = db.$with('touched').as(
    db
      .update(sessions)
      .set({ lastSeenAt: sql`${p('now')}::timestamptz` })
      .where(and(isLive, lt(sessions.lastSeenAt, p('touchBefore'))))
      .returning({ id: sessions.id }),
  );
  const live = db.with(touched).select().from(sessions).where(isLive).limit(1).prepare('session_live');
  return {
    async insert(record: SessionRecord): Promise<void> {
      await db.insert(sessions).values(record);
    },
    /**
     * The live session with this id, recording its use when the last record is older than `touchBefore`
     * (one statement; the answer shows the row as it was before that record).
     */
    async findLive(
      id: string,
      kind: SessionKind,
      at: { now: Date; idleSince: Date; touchBefore: Date },
    ): Promise<SessionRecord | null> {
      const rows = await live.execute({
        id,
        kind,
        now: at.now,
        idleSince: at.idleSince,
        touchBefore: at.touchBefore,
      });
      const row = rows[0];
      return row ? { ...row, kind: row.kind as SessionKind } : null;
    },
    /** Whether the session row still exists and has not expired (a kept session's confirmation). */
    async exists(id: string, kind: SessionKind, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.kind, kind), gt(sessions.expiresAt, now)))
        .limit(1);
      return rows.length > 0;
    },
    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async deleteExpired(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
