import { Webhook } from 'standardwebhooks';
import type { JobQueue } from '../../jobs/job-queue.js';
import { postTo, type PostAnswer } from './webhook-post.js';
import { resolveTarget, type Resolve, type TargetPolicy } from './webhook-target.js';
import type { ClaimedDelivery, WebhookRepository } from './webhooks.repository.js';

/** How deliveries are sent (decision 0059); tests shorten the waits. */
export interface WebhookSending {
  /** Seconds between attempts: attempt n+1 waits backoff[n-1]; attempts = backoff.length + 1. */
  backoffSeconds: readonly number[];
  /** The longest one attempt may take, connection to answer. */
  timeoutMs: number;
  policy: TargetPolicy;
}

/** 6 attempts over about an hour: 30 s, 2 min, 5 min, 15 min, 40 min apart. */
export const DEFAULT_BACKOFF_SECONDS = [30, 120, 300, 900, 2400] as const;
const BATCH = 20;

interface Logger {
  error(obj: object, msg?: string): void;
}

type Outcome = Parameters<WebhookRepository['settle']>[1];

/**
 * Sends the deliveries that are due, each attempt by one process (claimDue), signed per Standard
 * Webhooks with its key's secret; a failed attempt waits longer each time and the last one fails it.
 */
export function createWebhookSender(deps: {
  webhooks: WebhookRepository;
  jobs: Pick<JobQueue, 'enqueue'>;
  sending: WebhookSending;
  clock: () => Date;
  logger: Logger;
  /** DNS (tests inject one). */
  resolve?: Resolve;
}) {
  const { webhooks, sending, clock } = deps;
  const maxAttempts = sending.backoffSeconds.length + 1;
  // A claim outlasts an attempt's time limit several times over before another process may take it.
  const claimMs = Math.max(60_000, sending.timeoutMs * 6);

  async function attempt(claimed: ClaimedDelivery): Promise<Outcome> {
    const { delivery, key } = claimed;
    const failed = (error: string): Outcome => ({
      status: 'failed',
      nextAt: null,
      responseStatus: null,
      excerpt: null,
      error,
    });
    if (!key || key.revokedAt) return failed('the key was revoked');
    if (key.expiresAt <= clock()) return failed('the key has expired');
    if (!key.webhookUrl || !key.webhookSecret) return failed('the key has no webhook address');
    let answer: PostAnswer | null = null;
    let error: string | null = null;
    try {
      const target = await resolveTarget(key.webhookUrl, sending.policy, deps.resolve);
      const body = JSON.stringify(delivery.payload);
      const sentAt = clock();
      const signature = new Webhook(key.webhookSecret).sign(delivery.messageId, sentAt, body);
      answer = await postTo({
        ...target,
        body,
        timeoutMs: sending.timeoutMs,
        headers: {
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
      });
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    }
    const base = { responseStatus: answer?.status ?? null, excerpt: answer?.excerpt ?? null, error };
    if (answer && answer.status >= 200 && answer.status < 300) {
      return { ...base, status: 'succeeded', nextAt: null };
    }
    if (delivery.attempts >= maxAttempts) return { ...base, status: 'failed', nextAt: null };
    const wait = sending.backoffSeconds[delivery.attempts - 1]!;
    return { ...base, status: 'pending', nextAt: new Date(clock().getTime() + wait * 1000) };
  }

  const sender = {
    /** Sends every delivery due now; returns how many attempts were made. */
    async deliverDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const now = clock();
        const claimed = await webhooks.claimDue(now, new Date(now.getTime() + claimMs), BATCH);
        total += claimed.length;
        const outcomes = await Promise.all(
          claimed.map(async (c) => {
            const outcome = await attempt(c);
            await webhooks.settle(c.delivery, outcome);
            return outcome;
          }),
        );
        // A retry is its own delayed job, so it comes on time (the minute's sweep is the safety net).
        const retries = outcomes.flatMap((o) => (o.status === 'pending' && o.nextAt ? [o.nextAt] : []));
        if (retries.length > 0) {
          const soonest = Math.min(...retries.map((at) => at.getTime()));
          await sender.kick(Math.max(1, Math.ceil((soonest - clock().getTime()) / 1000)));
        }
        if (claimed.length < BATCH) return total;
      }
    },
    /**
     * After an event's transaction committed (or a retry's time is set): a job sends what is due. Should
     * this fail, the delivery still waits in its table and the minute's sweep sends it.
     */
    async kick(afterSeconds?: number) {
      await deps.jobs
        .enqueue({
          kind: 'webhook_delivery',
          municipalityId: null,
          ...(afterSeconds ? { startAfterSeconds: afterSeconds } : {}),
        })
        .catch((err: unknown) => deps.logger.error({ err }, 'webhook job not queued'));
    },
  };
  return sender;
}
export type WebhookSender = ReturnType<typeof createWebhookSender>;
