import { and, eq, gt, lt } from 'drizzle-orm';
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
  return {
    async insert(record: SessionRecord): Promise<void> {
      await db.insert(sessions).values(record);
    },
    async findLive(id: string, kind: SessionKind, now: Date): Promise<SessionRecord | null> {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.kind, kind), gt(sessions.expiresAt, now)))
        .limit(1);
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
