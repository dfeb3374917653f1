import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { conflict, notFound } from '../../http/errors.js';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import type { Origin } from './system-keys.service.js';
import type { SystemKeyRepository } from './system-keys.repository.js';
import type { WebhookSender } from './webhook-sender.js';
import type { DeliveryRow, WebhookRepository } from './webhooks.repository.js';

export function deliveryView(row: DeliveryRow): z.input<typeof C.WebhookDelivery> {
  return {
    id: row.id,
    message_id: row.messageId,
    event_type: row.eventType as C.WebhookEventType,
    document_id: row.documentId,
    reference_number: row.referenceNumber,
    status: row.status as z.infer<typeof C.WebhookDeliveryStatus>,
    attempts: row.attempts,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    // A settled delivery has no next attempt; a pending one's is its due time (or its claim's end).
    next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    last_response_status: row.lastResponseStatus,
    last_response_excerpt: row.lastResponseExcerpt,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  };
}

/** What administrators do with a key's webhook deliveries (decision 0059). */
export function createWebhookService(deps: {
  keys: Pick<SystemKeyRepository, 'find'>;
  webhooks: WebhookRepository;
  sender: Pick<WebhookSender, 'kick'>;
  clock: () => Date;
}) {
  const { keys, webhooks } = deps;
  const keyOf = async (municipalityId: number, keyId: string) => {
    const key = await keys.find(municipalityId, keyId);
    if (!key) throw notFound('system key');
    return key;
  };
  return {
    /** The key's latest 50 deliveries, newest first. */
    async deliveries(municipalityId: number, keyId: string) {
      await keyOf(municipalityId, keyId);
      return { deliveries: (await webhooks.latest(municipalityId, keyId, 50)).map(deliveryView) };
    },

    /** Sends a delivery again: the same message id and payload, a fresh signature, a new attempt series. */
    async resend(origin: Origin, staff: StaffIdentity, keyId: string, deliveryId: string) {
      const key = await keyOf(origin.municipality.id, keyId);
      if (key.revokedAt) throw conflict('the key is revoked');
      if (!key.webhookUrl) throw conflict('the key has no webhook address');
      const original = await webhooks.find(origin.municipality.id, keyId, deliveryId);
      if (!original) throw notFound('webhook delivery');
      const row = await webhooks.resend(original, deps.clock(), {
        municipalityId: origin.municipality.id,
        actorKind: 'staff',
        actorId: staff.id,
        action: 'system_key.resend',
        targetType: 'system_key',
        targetId: keyId,
        detail: { name: key.name },
        ip: origin.ip,
      });
      await deps.sender.kick();
      return deliveryView(row);
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
