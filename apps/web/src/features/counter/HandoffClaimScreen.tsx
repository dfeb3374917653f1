// /municipalities/{code}/handoff: a signed-in resident takes over an application started at the counter
// (the QR code's token, kept while they signed in). It becomes theirs; they continue it here.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiMutation } from '../../lib/api';
import { screenPath } from '../../lib/application/application';
import { ErrorMessage, Loading } from '../../lib/layout/feedback';
import { usePageTitle } from '../../lib/router/head';
import { RouterButton } from '../../lib/router/RouterLink';
import { takeKeptToken } from './claim-token';

export function HandoffClaimScreen() {
  const { t } = useTranslation();
  const { municipalityCode: code = '' } = useParams({ strict: false }) as { municipalityCode?: string };
  const claim = useApiMutation('applicant.handoff.claim');
  const { mutate } = claim;
  const [missing, setMissing] = useState(false);
  const asked = useRef(false);
  usePageTitle(t('screens.handoffClaim'));
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const token = takeKeptToken();
    if (!token) setMissing(true);
    else mutate({ params: { code }, body: { token } });
  }, [mutate, code]);
  const status = isApiError(claim.error) ? claim.error.status : null;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.handoffClaim')}
        </Typography>
      </Box>
      {claim.isPending ? <Loading label={t('counter.claim.working')} /> : null}
      {missing ? <Alert severity="warning">{t('counter.claim.noToken')}</Alert> : null}
      {claim.isError ? (
        <Alert severity="error">
          {status === 404 ? (
            t('counter.claim.notFound')
          ) : status === 409 ? (
            t('counter.claim.used')
          ) : (
            <>
              {t('counter.claim.failed')} <ErrorMessage error={claim.error} />
            </>
          )}
        </Alert>
      ) : null}
      {claim.data ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="success">{t('counter.claim.done')}</Alert>
          <RouterButton variant="contained" to={screenPath(code, claim.data.id, 'stepsExplanation')}>
            {t('counter.claim.continue')}
          </RouterButton>
        </Stack>
      ) : null}
    </Stack>
  );
}
