// /municipalities/{code}/notifications/unsubscribe?token=…: a mail's link that stops notification mails
// without signing in. The page asks before stopping (mail scanners open links; only the button writes).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMunicipalityCode } from '../../../features/municipality/municipality';
import { errorKind, useApiMutation } from '../../../lib/api';
import { ErrorMessage } from '../../../lib/layout/feedback';
import { RouterLink } from '../../../lib/router/RouterLink';

export function UnsubscribeScreen() {
  const { t } = useTranslation();
  const code = useMunicipalityCode();
  const { token } = useSearch({ strict: false }) as { token?: string };
  const stop = useApiMutation('applicant.notifications.unsubscribe');
  const invalid =
    !token ||
    (stop.isError && errorKind(stop.error) !== 'network' && errorKind(stop.error) !== 'unavailable');

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('screens.unsubscribe')}</Typography>
      {stop.isSuccess ? (
        <Alert severity="success" role="status">
          {t('notifications.unsubscribe.done')}
        </Alert>
      ) : invalid ? (
        <Alert severity="error">{t('notifications.unsubscribe.invalid')}</Alert>
      ) : (
        <>
          <Typography>{t('notifications.unsubscribe.intro')}</Typography>
          {stop.isError ? (
            <Alert severity="error">
              <ErrorMessage error={stop.error} />
            </Alert>
          ) : null}
          <Box>
            <Button
              variant="contained"
              disabled={stop.isPending}
              onClick={() => stop.mutate({ params: { code }, body: { token: token! } })}
            >
              {t('notifications.unsubscribe.submit')}
            </Button>
          </Box>
        </>
      )}
      <RouterLink to={`/municipalities/${code}/notifications`}>
        {t('notifications.unsubscribe.settings')}
      </RouterLink>
    </Stack>
  );
}
