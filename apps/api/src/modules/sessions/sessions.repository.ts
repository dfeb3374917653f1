import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';

export type SessionKind = 'applicant' | 'staff' | 'operator';

export interface SessionRecord {
  id: string;
  kind: SessionKind;
  municipalityId: number | null;
  subjectId: string;
  data: Record<string, unknown>;
  expiresAt: Date;
}

export function createSessionRepository(db: Db) {
  // Every signed-in request reads its session: prepared once per connection, planned once (issue 31).
  const live = db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        eq(sessions.kind, sql.placeholder('kind')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_live');
  return {
    async insert(record: SessionRecord): Promise<void> {
      await db.insert(sessions).values(record);
    },
    async findLive(id: string, kind: SessionKind, now: Date): Promise<SessionRecord | null> {
      const rows = await live.execute({ id, kind, now });
      const row = rows[0];
      return row ? { ...row, kind: row.kind as SessionKind } : null;
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
