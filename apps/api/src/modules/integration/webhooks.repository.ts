import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { WebhookEventType } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { systemApiKeys, webhookDeliveries } from '../../db/schema/index.js';
import type { AuditEntry } from '../audit/audit.repository.js';
import { recordAudit } from './system-keys.repository.js';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * Writes one delivery per key that should hear of these documents' event, inside the event's own
 * transaction (so an event is sent if and only if its change committed): live keys of the documents'
 * municipality with a webhook address whose procedures include the document's. The payload is read from
 * the documents as the transaction left them. Returns how many were written.
 */
export async function recordWebhookEvents(
  tx: Db,
  input: { documentIds: readonly string[]; type: WebhookEventType; at: Date },
): Promise<number> {
  if (input.documentIds.length === 0) return 0;
  const at = input.at.toISOString();
  const ids = sql.join(
    input.documentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    INSERT INTO webhook_deliveries
      (municipality_id, key_id, message_id, event_type, document_id, reference_number, payload,
       status, next_attempt_at, created_at)
    SELECT d.municipality_id, k.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), ${input.type},
           d.id, d.reference_number,
           jsonb_build_object('type', ${input.type}::text, 'timestamp', ${at}::text, 'data',
             jsonb_build_object('document_id', d.id, 'reference_number', d.reference_number,
               'procedure_code', p.code, 'status', d.status, 'version', d.version)),
           'pending', ${at}::timestamptz, ${at}::timestamptz
    FROM documents d
    JOIN procedures p ON p.id = d.procedure_id
    JOIN system_api_keys k ON k.municipality_id = d.municipality_id
      AND p.code = ANY (k.procedure_codes)
      AND k.webhook_url IS NOT NULL AND k.revoked_at IS NULL AND k.expires_at > ${at}::timestamptz
    WHERE d.id IN (${ids})
    RETURNING id`);
  return (result as unknown as { rows?: unknown[] }).rows?.length ?? 0;
}

/** A delivery claimed for an attempt, with its key's endpoint and secret as they are now. */
export interface ClaimedDelivery {
  delivery: DeliveryRow;
  key: {
    webhookUrl: string | null;
    webhookSecret: string | null;
    revokedAt: Date | null;
    expiresAt: Date;
  } | null;
}

/** All SQL of the webhook deliveries (decision 0059). */
export function createWebhookRepository(db: Db) {
  return {
    /**
     * Claims pending deliveries due now for one attempt each: the attempt is counted and the row is not
     * due again until `claimUntil` (a claim whose process died lapses then). One statement with SKIP
     * LOCKED: processes claiming at once never take the same row.
     */
    async claimDue(now: Date, claimUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
      const due = and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now));
      const ids = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(due)
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(webhookDeliveries)
        .set({
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          nextAttemptAt: claimUntil,
          lastAttemptAt: now,
        })
        .where(and(inArray(webhookDeliveries.id, ids), due))
        .returning();
      if (claimed.length === 0) return [];
      const keys = await db
        .select({
          id: systemApiKeys.id,
          webhookUrl: systemApiKeys.webhookUrl,
          webhookSecret: systemApiKeys.webhookSecret,
          revokedAt: systemApiKeys.revokedAt,
          expiresAt: systemApiKeys.expiresAt,
        })
        .from(systemApiKeys)
        .where(inArray(systemApiKeys.id, [...new Set(claimed.map((d) => d.keyId))]));
      const byId = new Map(keys.map((k) => [k.id, k]));
      return claimed.map((delivery) => ({ delivery, key: byId.get(delivery.keyId) ?? null }));
    },

    /**
     * Ends a claimed attempt: succeeded, failed for good, or pending again at `nextAt`. Only the claim
     * that counted this attempt settles it (a lapsed claim taken over by another process does not).
     */
    async settle(
      claimed: { id: string; attempts: number },
      outcome: {
        status: 'succeeded' | 'failed' | 'pending';
        nextAt: Date | null;
        responseStatus: number | null;
        excerpt: string | null;
        error: string | null;
      },
    ): Promise<boolean> {
      const rows = await db
        .update(webhookDeliveries)
        .set({
          status: outcome.status,
          nextAttemptAt: outcome.nextAt,
          lastResponseStatus: outcome.responseStatus,
          lastResponseExcerpt: outcome.excerpt,
          lastError: outcome.error,
        })
        .where(
          and(
            eq(webhookDeliveries.id, claimed.id),
            eq(webhookDeliveries.attempts, claimed.attempts),
            eq(webhookDeliveries.status, 'pending'),
          ),
        )
        .returning({ id: webhookDeliveries.id });
      return rows.length > 0;
    },

    /** A key's latest deliveries, newest first. */
    latest: (municipalityId: number, keyId: string, limit = 50) =>
      db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.municipalityId, municipalityId), eq(webhookDeliveries.keyId, keyId)))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit),

    async find(municipalityId: number, keyId: string, id: string): Promise<DeliveryRow | null> {
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.municipalityId, municipalityId),
            eq(webhookDeliveries.keyId, keyId),
            eq(webhookDeliveries.id, id),
          ),
        );
      return rows[0] ?? null;
    },

    /** A new attempt series of the same message (same id and payload), due now, with its audit record. */
    async resend(original: DeliveryRow, at: Date, audit: AuditEntry): Promise<DeliveryRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(webhookDeliveries)
          .values({
            municipalityId: original.municipalityId,
            keyId: original.keyId,
            messageId: original.messageId,
            eventType: original.eventType,
            documentId: original.documentId,
            referenceNumber: original.referenceNumber,
            payload: original.payload,
            status: 'pending',
            nextAttemptAt: at,
            resendOf: original.id,
            createdAt: at,
          })
          .returning();
        await recordAudit(tx, audit);
        return row!;
      });
    },
  };
}
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;
