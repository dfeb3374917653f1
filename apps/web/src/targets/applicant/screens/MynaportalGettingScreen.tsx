// /mynaportal/getting_self_information: the national personal portal sends the resident back here after
// consent (`?state=`), or with `?error=` when they declined. The screen polls the self-information status
// until the server has fetched the data (then the form), or the session failed or expired (the error
// screen). The application comes from this tab's sessionStorage (features/mynaportal).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  forgetPortalReturn,
  nextMove,
  POLL_INTERVAL_MS,
  POLL_LIMIT_MS,
  readPortalReturn,
  type PortalErrorReason,
} from '../../../features/mynaportal/mynaportal';
import { screenPath } from '../../../lib/application/steps';
import { isApiError, setCurrentMunicipality, useApiMutation, useApiQuery } from '../../../lib/api';
import { useSnackbar } from '../../../lib/layout/snackbar';
import { RouterButton } from '../../../lib/router/RouterLink';

export function MynaportalGettingScreen() {
  const { t } = useTranslation();
  const target = useMemo(() => readPortalReturn(), []);
  if (!target) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{t('screens.mynaportalGetting')}</Typography>
        <Alert severity="warning">{t('applicantFlow.portal.lost')}</Alert>
        <Box>
          <RouterButton to="/" variant="outlined">
            {t('common.backHome')}
          </RouterButton>
        </Box>
      </Stack>
    );
  }
  return <Getting code={target.code} applicationId={target.applicationId} />;
}

function Getting({ code, applicationId }: { code: string; applicationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const search = useSearch({ strict: false }) as { error?: unknown };
  const declined = typeof search.error === 'string' && search.error !== '';
  const started = useRef(Date.now());
  const [timedOut, setTimedOut] = useState(false);
  // This path carries no municipality: the calls name it (and send it as the region header).
  useEffect(() => setCurrentMunicipality(code), [code]);
  const params = { code, applicationId };
  const abandon = useApiMutation('applicant.self_information.update');
  const status = useApiQuery(
    'applicant.self_information.get',
    { params },
    {
      enabled: !declined && !timedOut,
      staleTime: 0,
      refetchInterval: (query) =>
        query.state.data && nextMove(query.state.data.status) !== 'poll' ? false : POLL_INTERVAL_MS,
    },
  );
  const fail = (reason: PortalErrorReason) =>
    void navigate({ to: '/mynaportal/error', search: { reason } as never, replace: true });

  useEffect(() => {
    if (!declined) return;
    abandon.mutate({ params, body: { status: 'failed' } }, { onSettled: () => fail('denied') });
    // Once, when the portal says the resident declined (fail and abandon are stable enough here).
  }, [declined]);

  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (timedOut) fail('timeout');
  }, [timedOut]);

  const move = status.data ? nextMove(status.data.status) : 'poll';
  useEffect(() => {
    if (move === 'done') {
      forgetPortalReturn();
      notify(t('applicantFlow.portal.fetched'), 'success');
      void navigate({ to: screenPath(code, applicationId, 'form'), replace: true });
    } else if (move === 'error' && status.data) {
      fail(status.data.status === 'expired' ? 'expired' : 'failed');
    }
  }, [move]);

  const signInNeeded = isApiError(status.error) && status.error.status === 401;
  const elapsed = Math.round((Date.now() - started.current) / 1000);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.mynaportalGetting')}
        </Typography>
        <Typography>{t('applicantFlow.portal.intro')}</Typography>
      </Box>
      {status.isError ? (
        <Alert severity="error">
          {signInNeeded ? t('applicantFlow.portal.signInNeeded') : t('applicantFlow.portal.pollError')}
          <Box sx={{ mt: 1 }}>
            {signInNeeded ? (
              <RouterButton to={screenPath(code, applicationId, 'identification')} variant="outlined">
                {t('applicantFlow.portal.toIdentification')}
              </RouterButton>
            ) : (
              <Button variant="outlined" onClick={() => void status.refetch()}>
                {t('common.retry')}
              </Button>
            )}
          </Box>
        </Alert>
      ) : (
        <Box>
          <LinearProgress aria-labelledby="portal-status" />
          <Typography id="portal-status" role="status" sx={{ mt: 1.5 }}>
            {t(`applicantFlow.portal.status.${status.data?.status ?? 'created'}`)}
          </Typography>
          <Typography variant="body2" color="text.secondary" aria-hidden="true">
            {elapsed > 10 ? t('applicantFlow.portal.slow') : ''}
          </Typography>
        </Box>
      )}
      <Typography variant="body2">{t('applicantFlow.portal.keepOpen')}</Typography>
      <Box>
        <Button
          variant="outlined"
          disabled={abandon.isPending}
          onClick={() =>
            abandon.mutate(
              { params, body: { status: 'failed' } },
              {
                onSettled: () => {
                  forgetPortalReturn();
                  void navigate({ to: screenPath(code, applicationId, 'identification'), replace: true });
                },
              },
            )
          }
        >
          {t('applicantFlow.portal.cancel')}
        </Button>
      </Box>
    </Stack>
  );
}
