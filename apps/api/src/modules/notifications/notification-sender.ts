import type { NoticeDetail, NotificationEvent } from '@portal/contracts';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Mailer } from '../mail/mailer.js';
import { noticeMail, type NoticeLinks } from './notification-mails.js';
import { unsubscribeToken } from './notification-tokens.js';
import {
  mailAddressFor,
  type ClaimedNotice,
  type NotificationRepository,
  type NotificationSettingsRow,
} from './notifications.repository.js';

/** A claim outlasts the mailer's own time limits (10 s connect, 10 s greeting, 30 s socket) many times. */
export const CLAIM_MS = 5 * 60_000;
/** Attempts before a notice's mail is given up, and the waits between them (minutes). */
export const MAIL_ATTEMPTS = 5;
const BACKOFF_MINUTES = [1, 5, 15, 60];
const BATCH = 20;

interface Logger {
  error(obj: object, msg?: string): void;
}

/** The web addresses a notice's mail points to (the remand's goes straight to what is to be corrected). */
export function noticeLinks(input: {
  webUrl: string;
  municipalityCode: string;
  applicationId: string | null;
  event: NotificationEvent;
  token: string;
}): NoticeLinks {
  const base = `${input.webUrl}/municipalities/${input.municipalityCode}`;
  return {
    open:
      input.event === 'remanded' && input.applicationId
        ? `${base}/applications/${input.applicationId}/formValues`
        : `${base}/applications`,
    settings: `${base}/notifications`,
    unsubscribe: `${base}/notifications/unsubscribe?token=${encodeURIComponent(input.token)}`,
  };
}

/**
 * Mails the notices waiting in the outbox (decision 0025). Each run claims due notices (SKIP LOCKED), so
 * however many processes run it at once each notice is mailed by one; a failed send waits longer each
 * time and is given up after MAIL_ATTEMPTS; a claim whose process died lapses and is taken over.
 */
export function createNotificationSender(deps: {
  notifications: NotificationRepository;
  jobs: Pick<JobQueue, 'enqueue'>;
  mailer: Mailer;
  secret: string;
  /** Where this environment's web pages are (staging's under /stg). */
  webUrl: string;
  clock: () => Date;
  logger: Logger;
}) {
  const { notifications, clock } = deps;

  async function deliver(claimed: ClaimedNotice, settings: NotificationSettingsRow | undefined) {
    const { notice, municipality } = claimed;
    const event = notice.event as NotificationEvent;
    // Sent to the address wanted now: removed, unsubscribed or unchosen since the event, it is called off.
    const to = mailAddressFor(settings, event);
    if (!to) return notifications.settle(notice.id, { status: 'cancelled', error: 'no longer wanted' });
    const token = unsubscribeToken(deps.secret, {
      municipalityId: notice.municipalityId,
      applicantId: notice.applicantId,
      email: to,
    });
    const links = noticeLinks({
      webUrl: deps.webUrl,
      municipalityCode: municipality.code,
      applicationId: notice.applicationId,
      event,
      token,
    });
    try {
      await deps.mailer.send(
        noticeMail({ to, event, municipality, detail: notice.detail as NoticeDetail, links }),
      );
    } catch (err) {
      deps.logger.error({ err, notificationId: notice.id }, 'notice not mailed');
      const error = err instanceof Error ? err.message : String(err);
      if (notice.mailAttempts >= MAIL_ATTEMPTS) {
        return notifications.settle(notice.id, { status: 'failed', error });
      }
      const minutes = BACKOFF_MINUTES[Math.min(notice.mailAttempts, BACKOFF_MINUTES.length) - 1]!;
      const nextAt = new Date(clock().getTime() + minutes * 60_000);
      return notifications.settle(notice.id, { status: 'pending', nextAt, error });
    }
    await notifications.settle(notice.id, { status: 'sent', at: clock(), to });
  }

  return {
    /** Mails every notice due now; returns how many were claimed. */
    async deliverDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const now = clock();
        const claimed = await notifications.claimDue(now, new Date(now.getTime() + CLAIM_MS), BATCH);
        total += claimed.length;
        const settings = await notifications.settingsOf(claimed.map((c) => c.notice));
        const of = (c: ClaimedNotice) =>
          settings.find(
            (s) => s.municipalityId === c.notice.municipalityId && s.applicantId === c.notice.applicantId,
          );
        for (const c of claimed) await deliver(c, of(c));
        if (claimed.length < BATCH) return total;
      }
    },
    /**
     * After an event's transaction committed: a job mails its notice now. Should this fail, the notice
     * still waits in the outbox and the minute's sweep mails it.
     */
    async kick(municipalityId: number) {
      await deps.jobs
        .enqueue({ kind: 'notification_mail', municipalityId })
        .catch((err: unknown) => deps.logger.error({ err }, 'notification job not queued'));
    },
  };
}
export type NotificationSender = ReturnType<typeof createNotificationSender>;
