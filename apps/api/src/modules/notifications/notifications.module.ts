import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import type { Mailer } from '../mail/mailer.js';
import { createDraftExpiry } from './draft-expiry.js';
import { createNotificationSender, type NotificationSender } from './notification-sender.js';
import { createNotificationSettingsService } from './notification-settings.service.js';
import { notificationHandlers } from './notifications.routes.js';
import { createNotificationRepository } from './notifications.repository.js';

/**
 * Residents kept informed (decision 0025): their address and choices, the notices in the portal, and
 * the outbox's sender, which the documents and submission modules kick after writing a notice.
 */
export function notificationsModule(deps: {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  /** The rate-limit counters (sign-in's), for sending codes. */
  attempts: Pick<AccountRepository, 'reserveWindow'>;
  secret: string;
  webUrl: string;
  /** Days an unchanged draft is kept (0: for ever); its resident is told before (draft-expiry.ts). */
  draftRetentionDays: number;
  clock: () => Date;
  logger: { error(obj: object, msg?: string): void };
}): PortalModule & { sender: NotificationSender } {
  const notifications = createNotificationRepository(deps.db);
  const sender = createNotificationSender({ ...deps, notifications });
  const settings = createNotificationSettingsService({ ...deps, notifications });
  const deliver = async () => void (await sender.deliverDue());
  const drafts = createDraftExpiry({
    db: deps.db,
    retentionDays: deps.draftRetentionDays,
    clock: deps.clock,
  });
  return {
    handlers: notificationHandlers({ settings }),
    workers: [
      // A notice's own job mails it at once; the minute's sweep catches a lost job, retries and lapsed claims.
      { kind: 'notification_mail', run: deliver },
      { schedule: 'notification-mail-sweep', cron: '* * * * *', run: deliver },
      // Hourly: drafts about to expire are told, then mailed at once; expired ones told long enough ago go.
      {
        schedule: 'draft-expiry',
        cron: '17 * * * *',
        run: async () => {
          if ((await drafts.run()).told > 0) await deliver();
        },
      },
    ],
    sender,
  };
}
