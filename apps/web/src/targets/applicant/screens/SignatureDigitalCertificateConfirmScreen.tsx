// signatureDigitalCertificateConfirm: the last check before submitting. The resident confirms each
// procedure's check messages, with a tick each: the one place they are confirmed (the procedures screen
// only shows them, since several confirm what was entered). Procedures that need a digital signature
// (JPKI, through the signing app) go on to the launch guide, otherwise the application is submitted here.
// The ticks are kept in the draft store, so a trip to the signing app and back keeps them (decision 0043).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isEditable,
  screenPath,
  useApplication,
  useApplicationParams,
} from '../../../lib/application/application';
import { CounterIdentityCheck, useCounterCheck } from '../../../features/counter/CounterIdentityCheck';
import { staffCounterUrl } from '../../../features/counter/counter-session';
import { SubmitProblems } from '../../../features/submission/SubmitProblems';
import { confirmationKey, keepConfirmations, readConfirmations } from '../../../lib/drafts/draft-store';
import { apiQueryKey, useApiMutation, useApiQuery } from '../../../lib/api';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { Localized, useLocalized } from '../../../lib/i18n/localized';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton } from '../../../lib/router/RouterLink';

export function SignatureDigitalCertificateConfirmScreen() {
  const { t } = useTranslation();
  const loc = useLocalized();
  const { code, applicationId } = useApplicationParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const app = useApplication(applicationId);
  const procedures = useApiQuery('applicant.application.procedures.get', { params: { code, applicationId } });
  const submit = useApiMutation('applicant.document.status');
  usePageTitle(t('screens.signatureDigitalCertificateConfirm'));
  const [checked, setChecked] = useState<Set<string>>(() => readConfirmations(applicationId));
  const [showError, setShowError] = useState(false);
  const problemRef = useRef<HTMLDivElement>(null);
  const checksRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (submit.isError) problemRef.current?.focus();
  }, [submit.isError]);

  const chosen = (procedures.data?.available ?? []).filter((p) =>
    procedures.data?.selected_ids.includes(p.id),
  );
  // At the counter the clerk's identity check stands instead of the card's signature (decision 0026).
  const { counter } = useCounterCheck(code, applicationId);
  const needSignature = counter ? [] : chosen.filter((p) => p.is_signature_digital_certificate);
  const messages = chosen.flatMap((p) =>
    loc.list(p.check_messages, p.en?.check_messages).map((m, i) => ({
      // Kept by the Japanese text: a tick holds in either language, and a changed message is asked again.
      key: confirmationKey(p.id, p.check_messages[i] ?? m.text),
      procedure: loc.field(p, 'name').text,
      text: m.text,
    })),
  );
  const allChecked = messages.every((m) => checked.has(m.key));
  const application = app.application;

  const go = () => {
    if (!allChecked) {
      setShowError(true);
      checksRef.current?.querySelector('input')?.focus();
      return;
    }
    if (needSignature.length > 0) {
      void navigate({ to: screenPath(code, applicationId, 'miidLaunchGuide') });
      return;
    }
    submit.mutate(
      { params: { code, applicationId }, body: { status: 'submitted' } },
      {
        onSuccess: (result) => {
          keepConfirmations(applicationId, new Set());
          queryClient.setQueryData(
            apiQueryKey('applicant.applications'),
            (old: { applications: (typeof result)[] } | undefined) =>
              old ? { applications: old.applications.map((a) => (a.id === result.id ? result : a)) } : old,
          );
          // A counter submission ended the counter session: the tablet goes back to the staff area.
          if (counter) window.location.assign(staffCounterUrl(`?submitted=${applicationId}`));
          else void navigate({ to: screenPath(code, applicationId, 'complete') });
        },
      },
    );
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.signatureDigitalCertificateConfirm')}
        </Typography>
        <Typography>{t('applicantForm.confirm.intro')}</Typography>
      </Box>
      {procedures.isPending || app.isPending ? <Loading /> : null}
      {procedures.isError ? (
        <LoadError
          title={t('applicantForm.confirm.loadError')}
          error={procedures.error}
          onRetry={() => void procedures.refetch()}
        />
      ) : null}
      {application && !isEditable(application) ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>{t('applicantForm.common.readOnly')}</Typography>
          <RouterButton variant="contained" to={screenPath(code, applicationId, 'complete')}>
            {t('applicantForm.common.toComplete')}
          </RouterButton>
        </Stack>
      ) : null}
      {submit.isError ? (
        <SubmitProblems
          ref={problemRef}
          code={code}
          applicationId={applicationId}
          error={submit.error}
          title={t('applicantForm.submit.problems')}
        />
      ) : null}
      {procedures.data && application && isEditable(application) ? (
        <>
          <Paper
            variant="outlined"
            component="section"
            aria-labelledby="confirm-procedures"
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            <Typography variant="h2" id="confirm-procedures" gutterBottom>
              {t('applicantForm.confirm.procedures')}
            </Typography>
            <Box component="ul" sx={{ pl: 3, my: 0 }}>
              {chosen.map((p) => (
                <li key={p.id}>
                  <Typography component="span" sx={{ fontWeight: 700 }}>
                    <Localized text={loc.field(p, 'name')} />
                  </Typography>
                  {' — '}
                  {p.is_signature_digital_certificate
                    ? t('applicantForm.confirm.needsSignature')
                    : t('applicantForm.confirm.noSignature')}
                </li>
              ))}
            </Box>
          </Paper>

          {messages.length > 0 ? (
            <FormControl component="fieldset" error={showError && !allChecked} ref={checksRef}>
              <FormLabel component="legend" sx={{ fontWeight: 700, mb: 1 }}>
                {t('applicantForm.confirm.checks')}
              </FormLabel>
              <FormGroup>
                {messages.map((m) => (
                  <FormControlLabel
                    key={m.key}
                    sx={{ alignItems: 'flex-start', mb: 1 }}
                    control={
                      <Checkbox
                        checked={checked.has(m.key)}
                        onChange={(event) => {
                          const next = new Set(checked);
                          if (event.target.checked) next.add(m.key);
                          else next.delete(m.key);
                          setChecked(next);
                          keepConfirmations(applicationId, next);
                        }}
                        sx={{ pt: 0.5 }}
                      />
                    }
                    label={`${m.procedure}: ${m.text}`}
                  />
                ))}
              </FormGroup>
              {showError && !allChecked ? (
                <FormHelperText sx={{ mx: 0, fontWeight: 700 }}>
                  {t('applicantForm.confirm.checkAll')}
                </FormHelperText>
              ) : null}
            </FormControl>
          ) : null}

          {counter ? <CounterIdentityCheck code={code} applicationId={applicationId} /> : null}

          {counter ? (
            <Alert severity="info">{t('counter.identity.submitNote')}</Alert>
          ) : needSignature.length > 0 ? (
            <Alert severity="info">
              {t('applicantForm.confirm.signatureNext', {
                names: needSignature
                  .map((p) => loc.field(p, 'name').text)
                  .join(loc.language === 'ja' ? '、' : ', '),
              })}
            </Alert>
          ) : (
            <Alert severity="info">{t('applicantForm.confirm.submitNote')}</Alert>
          )}

          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <RouterButton variant="outlined" size="large" to={screenPath(code, applicationId, 'formValues')}>
              {t('applicantForm.confirm.review')}
            </RouterButton>
            <Button variant="contained" size="large" onClick={go} disabled={submit.isPending}>
              {needSignature.length > 0
                ? t('applicantForm.confirm.toSignature')
                : submit.isPending
                  ? t('applicantForm.common.saving')
                  : counter
                    ? t('counter.identity.submit')
                    : t('applicantForm.confirm.submit')}
            </Button>
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}
