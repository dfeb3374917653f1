// The problems of an assistant page at its top: each links to its field (a question's first option, an
// item's input); a save that failed or ended online says so in the app's words.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../lib/layout/feedback';

export function AssistantErrorSummary({
  errors,
  problem,
  summaryRef,
}: {
  /** By field: `concierge-<id>` for a question, the item code for an item. */
  errors: Record<string, string>;
  /** A failed save, or the configuration's scoped-out text. */
  problem: unknown;
  summaryRef: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const errorList = Object.entries(errors);
  if (errorList.length === 0 && !problem) return null;
  return (
    <Alert severity="error" ref={summaryRef} tabIndex={-1} data-testid="error-summary">
      <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
        {errorList.length > 0
          ? t('applicantFlow.common.errorSummary')
          : t('applicantFlow.assistant.saveError')}
      </AlertTitle>
      {errorList.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {errorList.map(([field, message]) => (
            <li key={field}>
              <Link
                href={`#${field.startsWith('concierge-') ? `${field}-label` : `item-${field}`}`}
                onClick={(event) => {
                  event.preventDefault();
                  const target = field.startsWith('concierge-')
                    ? document.querySelector<HTMLElement>(`[data-concierge="${field.slice(10)}"] input`)
                    : document.getElementById(`item-${field}`);
                  target?.focus();
                }}
              >
                {message}
              </Link>
            </li>
          ))}
        </Box>
      ) : null}
      {problem && errorList.length === 0 ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {typeof problem === 'string' ? problem : <ErrorMessage error={problem} />}
        </Typography>
      ) : null}
    </Alert>
  );
}
