// The municipality's terms of service for a browser or a counter tablet (spec §9).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useApiQuery, type ApiResult } from '../../lib/api';
import { formatDate } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';

export type Terms = ApiResult<'applicant.terms'>;
export type TermsDevice = Terms['device'];

export function useTerms(code: string, device: TermsDevice = 'browser') {
  return useApiQuery('applicant.terms', { params: { code }, query: { device } });
}

/** The text of the terms; `scroll` puts it in a keyboard-scrollable box (on the entrance). */
export function TermsText({
  terms,
  labelledBy,
  scroll = false,
}: {
  terms: Terms;
  labelledBy: string;
  scroll?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t('entrance.updated', { date: formatDate(terms.updated_at, language) })}
      </Typography>
      <Box
        {...(scroll ? { tabIndex: 0, role: 'region', 'aria-labelledby': labelledBy } : {})}
        // The municipality's terms exist in Japanese only: marked so on an English page.
        lang={language === 'ja' ? undefined : 'ja'}
        sx={{
          whiteSpace: 'pre-line',
          ...(scroll
            ? { maxHeight: 320, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }
            : {}),
        }}
      >
        <Typography>{terms.body}</Typography>
      </Box>
    </>
  );
}
