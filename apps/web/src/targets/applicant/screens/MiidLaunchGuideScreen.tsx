// miidLaunchGuide: what the resident needs for the digital signature (the My Number Card and its
// signing PIN), then the documents are rendered, a sign transaction is registered, and the portal saves
// where to come back before handing over to the signing app.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { municipalityName, useMunicipalityHome } from '../../../features/municipality/municipality';
import { startSigning } from '../../../features/signature/digital';
import { screenPath, useApplicationParams } from '../../../lib/application/application';
import { errorText, useApiQuery } from '../../../lib/api';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton } from '../../../lib/router/RouterLink';

export function MiidLaunchGuideScreen() {
  const { t } = useTranslation();
  const { code, applicationId } = useApplicationParams();
  const navigate = useNavigate();
  const procedures = useApiQuery('applicant.application.procedures.get', { params: { code, applicationId } });
  usePageTitle(t('screens.miidLaunchGuide'));
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const chosen = (procedures.data?.available ?? []).filter((p) =>
    procedures.data?.selected_ids.includes(p.id),
  );
  const toSign = chosen.filter((p) => p.is_signature_digital_certificate);
  const language = useLanguage();
  const home = useMunicipalityHome(code);
  const municipality = home.data ? municipalityName(home.data.municipality, language) : '';

  const launch = async () => {
    setError(null);
    setProgress(0);
    abort.current = new AbortController();
    try {
      const link = await startSigning(
        code,
        applicationId,
        toSign.map((p) => p.id),
        { signal: abort.current.signal, onProgress: setProgress },
      );
      // The deep link is handed over in this tab only; saveState keeps it with where to come back.
      sessionStorage.setItem(
        `portal.miid.pending.${link.signing_id}`,
        JSON.stringify({ code, applicationId, deepLink: link.deep_link }),
      );
      void navigate({ to: '/miid/temporary/saveState', search: { signing_id: link.signing_id } as never });
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setProgress(null);
      setError(t('applicantForm.miid.prepareError', { detail: errorText(failure, t) }));
      window.requestAnimationFrame(() => errorRef.current?.focus());
    }
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.miidLaunchGuide')}
        </Typography>
        <Typography>{t('applicantForm.miid.guideIntro')}</Typography>
      </Box>
      {procedures.isPending ? <Loading /> : null}
      {procedures.isError ? (
        <LoadError
          title={t('applicantForm.confirm.loadError')}
          error={procedures.error}
          onRetry={() => void procedures.refetch()}
        />
      ) : null}
      <Paper variant="outlined" component="section" aria-labelledby="miid-needs" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id="miid-needs" gutterBottom>
          {t('applicantForm.miid.needsHeading')}
        </Typography>
        <Box component="ol" sx={{ pl: 3, my: 0, '& li': { mb: 1 } }}>
          <li>{t('applicantForm.miid.need1')}</li>
          <li>{t('applicantForm.miid.need2')}</li>
          <li>{t('applicantForm.miid.need3')}</li>
        </Box>
        {toSign.length > 0 ? (
          <Typography sx={{ mt: 2 }}>
            {t('applicantForm.miid.documents', { names: toSign.map((p) => p.name).join('、') })}
          </Typography>
        ) : null}
      </Paper>
      {chosen.length > 0 ? (
        <Alert severity="warning" component="section" aria-labelledby="miid-send" data-testid="signing-sends">
          <Typography variant="h2" id="miid-send" sx={{ fontSize: '1.125rem', fontWeight: 700, mb: 1 }}>
            {t('applicantForm.miid.sendHeading')}
          </Typography>
          <Typography>{t('applicantForm.miid.sendIntro', { municipality })}</Typography>
          <Box component="ul" sx={{ pl: 3, my: 1 }}>
            <li>{t('applicantForm.miid.sendForms', { names: chosen.map((p) => p.name).join('、') })}</li>
            <li>{t('applicantForm.miid.sendAnswers')}</li>
            <li>{t('applicantForm.miid.sendAttachments')}</li>
            <li>{t('applicantForm.miid.sendSignature')}</li>
          </Box>
          <Typography>{t('applicantForm.miid.sendCancel')}</Typography>
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" ref={errorRef} tabIndex={-1} role="alert">
          {error}
        </Alert>
      ) : null}
      {progress !== null ? (
        <Box role="status">
          <Typography id="miid-progress" gutterBottom>
            {t('applicantForm.miid.preparing', { percent: progress })}
          </Typography>
          <LinearProgress variant="determinate" value={progress} aria-labelledby="miid-progress" />
        </Box>
      ) : null}
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <RouterButton
          variant="outlined"
          size="large"
          to={screenPath(code, applicationId, 'signatureDigitalCertificateConfirm')}
        >
          {t('applicantForm.common.back')}
        </RouterButton>
        <Button
          variant="contained"
          size="large"
          onClick={() => void launch()}
          disabled={progress !== null || toSign.length === 0}
        >
          {t('applicantForm.miid.launch')}
        </Button>
      </Stack>
    </Stack>
  );
}
