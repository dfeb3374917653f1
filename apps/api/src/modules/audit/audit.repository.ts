import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  municipalityId: number | null;
  actorKind: 'staff' | 'operator' | 'applicant' | 'system';
  actorId: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

export interface AuditFilter {
  municipalityId: number;
  actorId?: string;
  action?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

/** An entry as its audit_log row (also written inside other modules' transactions). */
export function auditRow(entry: AuditEntry) {
  return {
    municipalityId: entry.municipalityId,
    actorKind: entry.actorKind,
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  };
}

/** The append-only audit log: who did or read what, when. */
export function createAuditRepository(db: Db) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values(auditRow(entry));
    },
    async list(filter: AuditFilter) {
      const conditions: SQL[] = [eq(auditLog.municipalityId, filter.municipalityId)];
      if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
      if (filter.from) conditions.push(gte(auditLog.at, filter.from));
      if (filter.to) conditions.push(lt(auditLog.at, filter.to));
      const where = and(...conditions);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
