// Loading and failure states of a screen's data, the same everywhere.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/errors';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{label ?? t('common.loading')}</Typography>
    </Box>
  );
}

/** A failed load: what failed, the server's message, and a retry button. */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const detail =
    isApiError(error) && error.status === 0
      ? t('common.networkError')
      : error instanceof Error
        ? t('common.errorDetail', { detail: error.message })
        : null;
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {detail}
    </Alert>
  );
}
