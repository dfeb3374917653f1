import type { DocumentNotice, Notice, NotificationEvent, NotificationMailStatus } from '@portal/contracts';
import type { NoticeRow } from './notifications.repository.js';

/** A notice as staff see it on the document: what, when, and whether it was mailed or shown only. */
export function documentNoticeView(row: NoticeRow): DocumentNotice {
  return {
    event: row.event as NotificationEvent,
    created_at: row.createdAt.toISOString(),
    channel: row.mailStatus === 'none' ? 'portal' : 'mail',
    mail_status: row.mailStatus as NotificationMailStatus,
    mail_sent_at: row.mailSentAt?.toISOString() ?? null,
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** A notice as the resident sees it in the portal. */
export function noticeView(row: NoticeRow): Notice {
  return {
    id: row.id,
    event: row.event as NotificationEvent,
    application_id: row.applicationId,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    detail: row.detail as Notice['detail'],
  };
}
