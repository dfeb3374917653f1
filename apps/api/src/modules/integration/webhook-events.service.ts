import type { WebhookEventType } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { recordWebhookEvents } from './webhooks.repository.js';

/**
 * What other modules call inside the transaction of a document's change (decision 0059): one delivery
 * per key that should hear of it, written with the change so it is sent if and only if the change
 * committed. Returns how many were written (the caller kicks the sender after commit when any were).
 */
export function announceDocuments(
  tx: Db,
  event: { documentIds: readonly string[]; type: WebhookEventType; at: Date },
): Promise<number> {
  return recordWebhookEvents(tx, event);
}
