// A document's processing deadline in words (decision 0019): 「あと3日」, 「今日まで」, 「2日超過」, or
// none. The words carry the meaning; the overdue colour and icon only repeat it.
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import type { DocumentStatus } from '@portal/contracts';
import { deadlineOf, japanDate, type Deadline } from '@portal/rules';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { visuallyHidden } from '../../lib/layout/visually-hidden';
import { FilterCheckbox } from './FilterCheckbox';

/** The words of a deadline: days left, today, days overdue, or 「期限なし」. */
export function deadlineWords(t: TFunction, deadline: Deadline): string {
  if (deadline.kind === 'none') return t('staff.deadline.none');
  if (deadline.kind === 'overdue') return t('staff.deadline.overdue', { count: deadline.days });
  return deadline.days === 0
    ? t('staff.deadline.today')
    : t('staff.deadline.daysLeft', { count: deadline.days });
}

export function DeadlineText({
  dueAt,
  status,
  withDate = false,
  now = new Date(),
}: {
  dueAt: string | null;
  status: DocumentStatus;
  /** The detail shows the deadline day with the words (「2026/12/09まで（あと3日）」). */
  withDate?: boolean;
  now?: Date;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const deadline = deadlineOf(dueAt, status, now);
  const words = deadlineWords(t, deadline);
  if (deadline.kind === 'none') {
    if (withDate) return <span>{words}</span>;
    // A dash to the eye, words to a screen reader (a bare dash is read as nothing or "dash").
    return (
      <Box component="span" sx={{ position: 'relative' }}>
        <span aria-hidden="true">—</span>
        <Box component="span" sx={visuallyHidden}>
          {words}
        </Box>
      </Box>
    );
  }
  const overdue = deadline.kind === 'overdue';
  const date = formatDate(japanDate(new Date(dueAt!)), language);
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        ...(overdue ? { color: 'error.dark', fontWeight: 700 } : {}),
        ...(deadline.kind === 'left' && deadline.days === 0 ? { fontWeight: 700 } : {}),
      }}
    >
      {overdue ? <ErrorOutlineIcon fontSize="small" aria-hidden="true" /> : null}
      {withDate ? t('staff.deadline.onDate', { date, words }) : words}
    </Box>
  );
}

/** The list's 「期限超過のみ」 filter. */
export function OverdueFilter({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <FilterCheckbox
      id="filter-overdue"
      label={t('staff.deadline.overdueOnly')}
      help={t('staff.deadline.overdueOnlyHelp')}
      checked={checked}
      onChange={onChange}
    />
  );
}
