import { z } from 'zod';
import { IsoDateTime, RecordId } from './common.js';

/** Residents kept informed (decision 0025): what they are told about, and how. */

/** The events a resident is told about; each may be chosen for mail. */
export const NotificationEvent = z.enum(['received', 'remanded', 'completed', 'rejected', 'draft_expiring']);
export type NotificationEvent = z.infer<typeof NotificationEvent>;
export const NOTIFICATION_EVENTS = NotificationEvent.options;

/** How far a notice's mail got: not mailed, waiting or being sent, sent, given up, or called off. */
export const NotificationMailStatus = z.enum(['none', 'pending', 'sending', 'sent', 'failed', 'cancelled']);
export type NotificationMailStatus = z.infer<typeof NotificationMailStatus>;

/** Length of the code that verifies an address (spec §9: 6 digits). */
export const NOTIFICATION_CODE_LENGTH = 6;

/** A resident's settings in one municipality. */
export const NotificationSettings = z.object({
  /** The verified address; null: none (notices only in the portal). */
  email: z.email().nullable(),
  email_verified_at: IsoDateTime.nullable(),
  /** The events mailed to the verified address. */
  events: z.array(NotificationEvent),
  /** An address waiting for its code, and until when the code is valid. */
  pending: z.object({ email: z.email(), expires_at: IsoDateTime }).nullable(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** An address to verify; a code is mailed to it. */
export const NotificationCodeRequest = z.object({ email: z.email().max(254) });

/** The code mailed to the pending address. */
export const NotificationVerifyRequest = z.object({
  code: z.string().regex(/^\d{6}$/, 'the code is 6 digits'),
});

/** The events to mail (the others show only in the portal). */
export const NotificationEventsRequest = z.object({
  events: z.array(NotificationEvent).max(NOTIFICATION_EVENTS.length),
});

/** What a notice is about, as it was at the event. */
export const NoticeDetail = z.object({
  procedure_group_name: z.string(),
  procedure_group_name_en: z.string().nullable().optional(),
  procedures: z.array(
    z.object({
      name: z.string(),
      name_en: z.string().nullable().optional(),
      reference_number: z.string().nullable(),
    }),
  ),
  /** The staff's message with a remand. */
  remand_message: z.string().nullable().optional(),
  /** The staff's reason for a rejection (decision 0037). */
  rejection_reason: z.string().nullable().optional(),
  /** When a draft is deleted unless the resident carries on with it. */
  expires_at: IsoDateTime.nullable().optional(),
});
export type NoticeDetail = z.infer<typeof NoticeDetail>;

/** One notice as the resident sees it in the portal. */
export const Notice = z.object({
  id: RecordId,
  event: NotificationEvent,
  application_id: RecordId.nullable(),
  created_at: IsoDateTime,
  read_at: IsoDateTime.nullable(),
  detail: NoticeDetail,
});
export type Notice = z.infer<typeof Notice>;

/** The resident's unread notices, newest first. */
export const NoticeList = z.object({ notices: z.array(Notice) });

/** Notices the resident has now seen. */
export const NoticesReadRequest = z.object({ ids: z.array(RecordId).min(1).max(100) });

/** The token of a mail's unsubscribe link. */
export const UnsubscribeRequest = z.object({ token: z.string().min(20).max(1000) });
export const UnsubscribeResult = z.object({ ok: z.literal(true) });

/** What staff see on a document: each notice about it, and how it reached the resident. */
export const DocumentNotice = z.object({
  event: NotificationEvent,
  created_at: IsoDateTime,
  /** mail: a verified address chose it; portal: shown at the next sign-in only. */
  channel: z.enum(['mail', 'portal']),
  mail_status: NotificationMailStatus,
  mail_sent_at: IsoDateTime.nullable(),
  read_at: IsoDateTime.nullable(),
});
export type DocumentNotice = z.infer<typeof DocumentNotice>;
