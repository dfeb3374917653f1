// An audit entry in the staff's words: the act's name, the target as staff know it (a reference number, a
// name, an export's group and period) and each fact of the detail with its label and its value worded.
// The server names every reference; this only words the vocabulary (typed, so nothing falls through as a code).
import {
  isAuditAct,
  type AuditDetailItem,
  type AuditDetailKey,
  type AuditTarget,
  type StaffPermission,
} from '@portal/contracts';
import type { TFunction } from 'i18next';
import { formatDate, type Language } from '../../lib/i18n';

/** How a fact's value reads. */
type Format =
  | 'text'
  | 'list'
  | 'count'
  | 'dates'
  | 'yesNo'
  | 'valid'
  | 'encoding'
  | 'fileFormat'
  | 'permission'
  | 'signInFailure'
  | 'seconds'
  | 'rating'
  | 'handoff'
  | 'retentionSource'
  | 'sessions';

const FORMATS: Record<AuditDetailKey, Format> = {
  procedure_group: 'text',
  procedures: 'list',
  document_count: 'count',
  period: 'dates',
  file_format: 'fileFormat',
  encoding: 'encoding',
  signature_valid: 'valid',
  additional_copy: 'yesNo',
  reference_numbers: 'list',
  report: 'text',
  delay_seconds: 'seconds',
  already_deleted: 'count',
  applications_removed: 'count',
  email: 'text',
  login_id: 'text',
  sign_in_failure: 'signInFailure',
  permission: 'permission',
  departments: 'list',
  name: 'text',
  last_name: 'text',
  first_name: 'text',
  last_name_kana: 'text',
  first_name_kana: 'text',
  items: 'list',
  attachment: 'text',
  sessions_ended: 'sessions',
  rating: 'rating',
  comment: 'text',
  handoff_direction: 'handoff',
  retention_years: 'text',
  retention_source: 'retentionSource',
  finished_at: 'dates',
  legal_hold_reason: 'text',
};

const PERMISSIONS: readonly string[] = ['administrator', 'clerk', 'viewer'] satisfies StaffPermission[];
const FAILURES = ['unauthenticated', 'rate_limited'] as const;

/** The act's name on screen; an act this version does not know reads as "other". */
export function actionName(t: TFunction, action: string): string {
  return isAuditAct(action) ? t(`staff.audit.actions.${action}`) : t('staff.audit.otherAction');
}

/** The target as staff know it: its kind, then its name (or that it is gone); null for no target. */
export function targetText(t: TFunction, target: AuditTarget | null, language: Language): string | null {
  if (!target) return null;
  const kind = t(`staff.audit.targetKinds.${target.kind}`);
  const period = target.period
    ? t('staff.audit.period', {
        from: formatDate(target.period.from, language),
        to: formatDate(target.period.to, language),
      })
    : null;
  const name = [target.name, period && `（${period}）`].filter(Boolean).join('');
  return `${kind}: ${name || t('staff.audit.gone')}`;
}

type Value = AuditDetailItem['value'];

function valueText(t: TFunction, format: Format, value: Value, language: Language): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0))
    return t('staff.audit.values.blank');
  switch (format) {
    case 'list':
      return Array.isArray(value) ? value.join(t('staff.change.separator')) : String(value);
    case 'count':
      return t('staff.audit.values.count', { n: Number(value) });
    case 'seconds':
      return t('staff.audit.values.seconds', { n: Number(value) });
    case 'rating':
      return t('staff.audit.values.rating', { n: Number(value) });
    case 'dates':
      return typeof value === 'string' ? formatDate(value, language) : String(value);
    case 'yesNo':
      return t(value === true ? 'staff.audit.values.yes' : 'staff.audit.values.no');
    case 'valid':
      return t(value === true ? 'staff.audit.values.valid' : 'staff.audit.values.invalid');
    case 'sessions':
      return value === true ? t('staff.audit.values.sessionsEnded') : t('staff.audit.values.no');
    case 'encoding':
      return t(`staff.audit.values.encodings.${value === 'shift_jis' ? 'shift_jis' : 'utf-8'}`);
    case 'fileFormat':
      return t(`staff.audit.values.formats.${value === 'xlsx' ? 'xlsx' : 'csv'}`);
    case 'permission':
      return PERMISSIONS.includes(String(value))
        ? t(`staff.audit.values.permissions.${value as StaffPermission}`)
        : t('staff.audit.values.blank');
    case 'signInFailure':
      return (FAILURES as readonly string[]).includes(String(value))
        ? t(`staff.audit.values.signInFailures.${value as (typeof FAILURES)[number]}`)
        : t('staff.audit.values.signInFailures.other');
    case 'handoff':
      return t(
        value === 'to_resident'
          ? 'staff.audit.values.handoff.to_resident'
          : 'staff.audit.values.handoff.to_counter',
      );
    case 'retentionSource':
      return t(
        value === 'procedure'
          ? 'staff.audit.values.retentionSources.procedure'
          : 'staff.audit.values.retentionSources.default',
      );
    case 'text':
      return Array.isArray(value) ? value.join(t('staff.change.separator')) : String(value);
  }
}

/** One fact: `label: value`, or `label: before → after` when the entry changed it (a period: from 〜 to). */
export function itemText(t: TFunction, item: AuditDetailItem, language: Language): string {
  const format = FORMATS[item.key];
  const label = t(`staff.audit.fields.${item.key}`);
  const value = valueText(t, format, item.value, language);
  if (item.from === undefined) return t('staff.audit.fact', { label, value });
  const from = valueText(t, format, item.from, language);
  if (format === 'dates')
    return t('staff.audit.fact', { label, value: t('staff.audit.period', { from, to: value }) });
  return t('staff.audit.changedFact', { label, from, value });
}

/** The entry's facts, one line each. */
export const detailLines = (t: TFunction, items: readonly AuditDetailItem[], language: Language) =>
  items.map((item) => itemText(t, item, language));
