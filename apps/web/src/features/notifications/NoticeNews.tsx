// 「お知らせ」: the resident's unread notices on the home page and the applications list (decision 0025).
// Shown notices are marked read at once, so the next sign-in shows only what is new; they stay on this
// page until it is left.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../lib/api';
import { hasCounterMarker } from '../../lib/api/counter-marker';
import { formatDate, formatDateTime } from '../../lib/i18n';
import { localized } from '../../lib/i18n/localized';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { RouterLink } from '../../lib/router/RouterLink';
import { newlySeen, noticeTarget, proceduresText, type Notice } from './notices';

export function NoticeNews({
  code,
  onApplicationsList = false,
}: {
  code: string;
  /** On the applications list itself: the news in short (each application's card has the rest). */
  onApplicationsList?: boolean;
}) {
  const { t } = useTranslation();
  // At the counter the clerk holds the session: the resident's news is neither shown nor marked read.
  const notices = useApiQuery(
    'applicant.notices',
    { params: { code } },
    { staleTime: Infinity, enabled: !hasCounterMarker() },
  );
  const read = useApiMutation('applicant.notices.read');
  const reported = useRef(new Set<string>());
  const shown = notices.data?.notices;

  useEffect(() => {
    const ids = newlySeen(shown ?? [], reported.current);
    if (ids.length === 0) return;
    for (const id of ids) reported.current.add(id);
    read.mutate({ params: { code }, body: { ids } });
    // `read` is new on every render: `reported` keeps each id to one report.
  }, [shown, code, read]);

  if (!shown || shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="notices-heading" data-testid="notices">
      <Typography variant="h2" id="notices-heading" gutterBottom>
        {t('notifications.news.heading')}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {shown.map((notice) => (
          <NoticeItem key={notice.id} code={code} notice={notice} full={!onApplicationsList} />
        ))}
      </Stack>
    </Box>
  );
}

/** `full`: with the remand's reason and a link (the applications list's cards show both already). */
function NoticeItem({ code, notice, full }: { code: string; notice: Notice; full: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const text =
    notice.event === 'draft_expiring'
      ? t('notifications.news.draft_expiring', {
          group: localized(
            notice.detail.procedure_group_name,
            notice.detail.procedure_group_name_en,
            language,
          ).text,
          date: notice.detail.expires_at ? formatDate(notice.detail.expires_at, language) : '',
        })
      : t(`notifications.news.${notice.event}`, { procedures: proceduresText(notice, language, t) });
  const attention = notice.event === 'remanded' || notice.event === 'draft_expiring';
  return (
    // A plain list item: an Alert's role would read every notice out on arrival and hide the list item.
    <Box
      component="li"
      data-notice={notice.event}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderLeft: 6,
        borderLeftColor: attention ? 'warning.main' : 'info.main',
        borderRadius: 1,
        px: 2,
        py: 1.5,
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        <time dateTime={notice.created_at}>{formatDateTime(notice.created_at, language)}</time>
      </Typography>
      <Typography>{text}</Typography>
      {full && notice.event === 'remanded' && notice.detail.remand_message ? (
        <Box sx={{ mt: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('notifications.news.remandReason')}</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }} lang="ja">
            {notice.detail.remand_message}
          </Typography>
        </Box>
      ) : null}
      {full && notice.event === 'rejected' && notice.detail.rejection_reason ? (
        <Box sx={{ mt: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('notifications.news.rejectionReason')}</Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }} lang="ja">
            {notice.detail.rejection_reason}
          </Typography>
        </Box>
      ) : null}
      {full ? (
        <Box sx={{ mt: 1 }}>
          <RouterLink to={noticeTarget(code, notice)}>
            {notice.event === 'remanded'
              ? t('notifications.news.openRemanded')
              : t('notifications.news.openApplications')}
          </RouterLink>
        </Box>
      ) : null}
    </Box>
  );
}
