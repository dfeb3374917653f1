// applications/{id}/handoff: the one-time QR code and short code of a draft (decision 0026). From the
// resident's own session it goes to the counter; from a counter session to the resident's phone.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api';
import { useApplicationParams } from '../../lib/application/application';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { ErrorMessage, Loading } from '../../lib/layout/feedback';
import { usePageTitle } from '../../lib/router/head';
import { RouterButton } from '../../lib/router/RouterLink';
import { QrImage } from './QrImage';

export function HandoffScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { code, applicationId } = useApplicationParams();
  const issue = useApiMutation('applicant.handoff.create');
  const { mutate } = issue;
  const asked = useRef(false);
  usePageTitle(t('screens.handoff'));
  const again = () => mutate({ params: { code, applicationId } });
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate({ params: { code, applicationId } });
  }, [mutate, code, applicationId]);
  const handoff = issue.data;
  const toResident = handoff?.direction === 'to_resident';
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {toResident ? t('counter.handoff.toResidentHeading') : t('counter.handoff.toCounterHeading')}
        </Typography>
        <Typography>
          {toResident ? t('counter.handoff.toResidentIntro') : t('counter.handoff.toCounterIntro')}
        </Typography>
      </Box>
      {issue.isPending ? <Loading label={t('counter.handoff.issuing')} /> : null}
      {issue.isError ? (
        <Alert severity="error">
          {t('counter.handoff.failed')} <ErrorMessage error={issue.error} />
        </Alert>
      ) : null}
      {handoff ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <QrImage text={handoff.qr_text} alt={t('counter.handoff.qrAlt', { code: handoff.code })} />
            <Typography component="p" sx={{ textAlign: 'center' }}>
              {t('counter.handoff.codeLabel')}
              <Box
                component="span"
                data-testid="handoff-code"
                sx={{ display: 'block', fontSize: '2rem', fontWeight: 700, letterSpacing: '0.15em' }}
              >
                {handoff.code}
              </Box>
            </Typography>
            <Typography>
              {t('counter.handoff.expires', { time: formatDateTime(handoff.expires_at, language) })}
            </Typography>
          </Stack>
        </Paper>
      ) : null}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={again} disabled={issue.isPending}>
          {t('counter.handoff.renew')}
        </Button>
        {toResident ? null : (
          <RouterButton variant="text" to={`/municipalities/${code}/applications`}>
            {t('counter.handoff.back')}
          </RouterButton>
        )}
      </Stack>
    </Stack>
  );
}
