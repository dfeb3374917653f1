// The fields a remand sent back (decision 0023), at the top of the review: each with staff's note and a
// link straight to it (a form field opens the form there; an attachment, the attachments page).
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../lib/router/RouterLink';
import type { Corrections } from './corrections';

export function CorrectionList({
  corrections,
  fields,
  formPath,
  attachmentsPath,
}: {
  corrections: NonNullable<Corrections>;
  /** The review's fields by key, with their labels. */
  fields: { key: string; label: string }[];
  formPath: string;
  attachmentsPath: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" data-testid="correction-list">
      <AlertTitle component="h2" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {t('applicantForm.correction.title', { count: corrections.size })}
      </AlertTitle>
      {t('applicantForm.correction.intro')}
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 3 }}>
        {[...corrections].map(([key, note]) => {
          const field = fields.find((f) => f.key === key);
          return (
            <li key={key}>
              {field ? (
                <RouterLink to={formPath} search={{ field: key, from: 'review' } as never}>
                  {field.label}
                </RouterLink>
              ) : (
                <RouterLink to={attachmentsPath}>{t('applicantForm.correction.attachment')}</RouterLink>
              )}
              {'：'}
              {note}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}
