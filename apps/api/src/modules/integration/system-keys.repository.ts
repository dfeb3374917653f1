import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog, documents, systemApiKeys } from '../../db/schema/index.js';
import type { AuditEntry } from '../audit/audit.repository.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An administrator's act on a key or its deliveries, in the transaction of the write. */
export const recordAudit = (tx: Tx, e: AuditEntry) =>
  tx.insert(auditLog).values({
    municipalityId: e.municipalityId,
    actorKind: e.actorKind,
    actorId: e.actorId,
    action: e.action,
    targetType: e.targetType ?? null,
    targetId: e.targetId ?? null,
    detail: e.detail ?? null,
    ip: e.ip ?? null,
  });

export type SystemKeyRow = typeof systemApiKeys.$inferSelect;

/** One use of a key as the audit log keeps it. */
export interface SystemKeyUseRow {
  at: Date;
  action: string;
  referenceNumber: string | null;
  ip: string | null;
}
export type NewSystemKey = Omit<
  typeof systemApiKeys.$inferInsert,
  'id' | 'version' | 'revokedAt' | 'lastUsedAt'
>;

/** All SQL of the API keys of core systems (decision 0057). */
export function createSystemKeyRepository(db: Db) {
  return {
    /** Stores a new key and its audit record in one transaction. */
    async create(key: NewSystemKey, audit: (id: string) => AuditEntry): Promise<SystemKeyRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(systemApiKeys).values(key).returning();
        await recordAudit(tx, audit(row!.id));
        return row!;
      });
    },

    async list(municipalityId: number): Promise<SystemKeyRow[]> {
      return db
        .select()
        .from(systemApiKeys)
        .where(eq(systemApiKeys.municipalityId, municipalityId))
        .orderBy(desc(systemApiKeys.createdAt), desc(systemApiKeys.id));
    },

    async find(municipalityId: number, id: string): Promise<SystemKeyRow | null> {
      const rows = await db
        .select()
        .from(systemApiKeys)
        .where(and(eq(systemApiKeys.municipalityId, municipalityId), eq(systemApiKeys.id, id)));
      return rows[0] ?? null;
    },

    /** The key of a token's hash, whatever its municipality or state (the caller says why it fails). */
    async byHash(secretHash: string): Promise<SystemKeyRow | null> {
      const rows = await db.select().from(systemApiKeys).where(eq(systemApiKeys.secretHash, secretHash));
      return rows[0] ?? null;
    },

    /** Revokes from the version read, with its audit record; null when the key moved (stale) or is gone. */
    async revoke(
      input: { municipalityId: number; id: string; version: number; at: Date },
      audit: AuditEntry,
    ): Promise<SystemKeyRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(systemApiKeys)
          .set({ revokedAt: input.at, version: sql`${systemApiKeys.version} + 1` })
          .where(
            and(
              eq(systemApiKeys.municipalityId, input.municipalityId),
              eq(systemApiKeys.id, input.id),
              eq(systemApiKeys.version, input.version),
            ),
          )
          .returning();
        if (!row) return null;
        await recordAudit(tx, audit);
        return row;
      });
    },

    /** The key's latest audited acts, newest first, with the reference number of a document target. */
    async uses(municipalityId: number, id: string, limit: number): Promise<SystemKeyUseRow[]> {
      return db
        .select({
          at: auditLog.at,
          action: auditLog.action,
          referenceNumber: documents.referenceNumber,
          ip: auditLog.ip,
        })
        .from(auditLog)
        .leftJoin(
          documents,
          and(
            eq(auditLog.targetType, 'document'),
            eq(documents.municipalityId, auditLog.municipalityId),
            // audit_log.target_id is text for every kind of target; documents.id is a uuid.
            eq(sql`${documents.id}::text`, auditLog.targetId),
          ),
        )
        .where(
          and(
            eq(auditLog.municipalityId, municipalityId),
            eq(auditLog.actorKind, 'system'),
            eq(auditLog.actorId, id),
          ),
        )
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(limit);
    },

    /** Sets or clears the webhook address from the version read (and a first secret), with its audit record. */
    async setWebhook(
      input: {
        municipalityId: number;
        id: string;
        version: number;
        url: string | null;
        /** A new secret, or undefined to keep the key's. */
        secret?: string;
      },
      audit: AuditEntry,
    ): Promise<SystemKeyRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(systemApiKeys)
          .set({
            webhookUrl: input.url,
            ...(input.secret ? { webhookSecret: input.secret } : {}),
            version: sql`${systemApiKeys.version} + 1`,
          })
          .where(
            and(
              eq(systemApiKeys.municipalityId, input.municipalityId),
              eq(systemApiKeys.id, input.id),
              eq(systemApiKeys.version, input.version),
              isNull(systemApiKeys.revokedAt),
            ),
          )
          .returning();
        if (!row) return null;
        await recordAudit(tx, audit);
        return row;
      });
    },

    /** Notes a use; at most one write a minute per key (a busy system does not write on every call). */
    async touch(id: string, at: Date): Promise<void> {
      await db
        .update(systemApiKeys)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(systemApiKeys.id, id),
            or(
              isNull(systemApiKeys.lastUsedAt),
              lt(systemApiKeys.lastUsedAt, new Date(at.getTime() - 60_000)),
            ),
          ),
        );
    },
  };
}
export type SystemKeyRepository = ReturnType<typeof createSystemKeyRepository>;
