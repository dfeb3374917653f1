// The document's change history in words: when, who, what was done, and each change worded with the
// form's item names and values as the form reads them back.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { describeChange } from '../../lib/staff/document-change';
import type { DocumentDetail } from './DocumentDetailScreen';
import { useDocumentForm } from './use-document-form';

export function HistorySection({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { items } = useDocumentForm(doc);
  if (doc.history.length === 0) return <Typography>{t('staff.detail.noHistory')}</Typography>;
  return (
    <Box component="ol" sx={{ pl: 3, m: 0, '& > li + li': { mt: 1 } }}>
      {doc.history.map((h, i) => {
        const lines = h.change ? describeChange(t, h.change, items, language) : [];
        return (
          <li key={i}>
            <Typography>
              {t('staff.detail.historyEntry', {
                at: formatDateTime(h.at, language),
                who: h.user_name,
                what: t(`staff.history.${h.action}`, { defaultValue: h.action }),
              })}
            </Typography>
            {lines.length === 1 ? (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {lines[0]}
              </Typography>
            ) : lines.length > 1 ? (
              <Box component="ul" sx={{ m: 0, pl: 3 }}>
                {lines.map((line, j) => (
                  <Typography component="li" variant="body2" key={j} sx={{ whiteSpace: 'pre-wrap' }}>
                    {line}
                  </Typography>
                ))}
              </Box>
            ) : null}
          </li>
        );
      })}
    </Box>
  );
}
