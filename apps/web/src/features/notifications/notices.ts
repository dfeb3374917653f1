// The resident's notices (decision 0025): what each says and where it leads, apart from React for tests.
import type { TFunction } from 'i18next';
import type { ApiResult } from '../../lib/api';
import type { Language } from '../../lib/i18n';
import { localized } from '../../lib/i18n/localized';

export type Notice = ApiResult<'applicant.notices'>['notices'][number];
export type NotificationSettings = ApiResult<'applicant.notification_settings.get'>;
export type NotificationEvent = Notice['event'];

/** The events in the order the settings list them. */
export const EVENTS: readonly NotificationEvent[] = [
  'received',
  'remanded',
  'completed',
  'rejected',
  'draft_expiring',
];

/** The procedures a notice is about, each with its reference number, in the page's language. */
export function proceduresText(notice: Notice, language: Language, t: TFunction): string {
  return notice.detail.procedures
    .map((p) => {
      const name = localized(p.name, p.name_en, language).text;
      return p.reference_number
        ? t('notifications.news.reference', { name, reference: p.reference_number })
        : name;
    })
    .join(language === 'ja' ? '、' : ', ');
}

/** Where a notice leads: a remand straight to the review of what to correct, the others to the list. */
export function noticeTarget(code: string, notice: Pick<Notice, 'event' | 'application_id'>): string {
  return notice.event === 'remanded' && notice.application_id
    ? `/municipalities/${code}/applications/${notice.application_id}/formValues`
    : `/municipalities/${code}/applications`;
}

/** The ids among `shown` not yet reported as seen, to mark read once. */
export function newlySeen(shown: readonly Pick<Notice, 'id'>[], reported: ReadonlySet<string>): string[] {
  return shown.map((n) => n.id).filter((id) => !reported.has(id));
}
