// What the applicant was told about this document (decision 0025): each notice, when, and whether it went
// by mail (and when it was sent) or is shown in the portal at their next sign-in (and when they saw it).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import type { DocumentDetail } from './DocumentDetailScreen';

type Notice = DocumentDetail['notifications'][number];

export function NoticesSection({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const how = (n: Notice) => {
    const lines = [
      n.channel === 'portal'
        ? t('staff.detail.noticePortal')
        : n.mail_status === 'sent' && n.mail_sent_at
          ? t('staff.detail.noticeMail.sent', { at: formatDateTime(n.mail_sent_at, language) })
          : t(`staff.detail.noticeMail.${n.mail_status === 'none' ? 'pending' : n.mail_status}`),
    ];
    if (n.read_at) lines.push(t('staff.detail.noticeRead', { at: formatDateTime(n.read_at, language) }));
    return lines.join(' / ');
  };
  if (doc.notifications.length === 0) return <Typography>{t('staff.detail.noNotices')}</Typography>;
  return (
    <Box component="ol" sx={{ pl: 3, m: 0, '& > li + li': { mt: 1 } }} data-testid="document-notices">
      {doc.notifications.map((n, i) => (
        <li key={i} data-notice={n.event}>
          <Typography>
            {t('staff.detail.notice', {
              at: formatDateTime(n.created_at, language),
              what: t(`staff.detail.noticeEvent.${n.event}`),
            })}
          </Typography>
          <Typography variant="body2">{how(n)}</Typography>
        </li>
      ))}
    </Box>
  );
}
