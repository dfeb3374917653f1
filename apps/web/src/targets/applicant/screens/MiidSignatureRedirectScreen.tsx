// /miid/temporary/signatureRedirectScreen?signing_id=...&result=...: the return from the signing app.
// The saved state names the application; the signature is confirmed with the server (which verified it
// on the callback), then the application is submitted and the resident sees the completion. A failed
// signature goes to miidFailed; a submission problem is shown with where to fix it.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearState, readState, signingIdOf } from '../../../features/signature/digital';
import { screenPath } from '../../../lib/application/application';
import { SubmitProblems } from '../../../features/submission/SubmitProblems';
import { api, apiQueryKey, isApiError } from '../../../lib/api';
import { keepConfirmations } from '../../../lib/drafts/draft-store';
import { Loading } from '../../../lib/layout/feedback';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton, RouterLink } from '../../../lib/router/RouterLink';
import { applicantLoginUrl } from '../../../lib/router/guards';

type Phase = 'confirming' | 'submitting' | 'lost' | 'signedOut' | 'problem';

export function MiidSignatureRedirectScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as { signing_id?: unknown; result?: unknown };
  const signingId = signingIdOf(search.signing_id);
  const [state] = useState(() => (signingId ? readState(signingId) : null));
  const [phase, setPhase] = useState<Phase>(state ? 'confirming' : 'lost');
  const [problem, setProblem] = useState<unknown>(null);
  const started = useRef(false);
  const problemRef = useRef<HTMLDivElement>(null);
  usePageTitle(t('applicantForm.miid.returnTitle'));

  useEffect(() => {
    if (!state || !signingId || started.current) return;
    started.current = true;
    const { code, applicationId } = state;
    const failed = () => void navigate({ to: screenPath(code, applicationId, 'miidFailed'), replace: true });
    if (search.result === 'failed') {
      failed();
      return;
    }
    void (async () => {
      try {
        const info = await api('applicant.signature.complete', {
          params: { code, applicationId },
          body: { signing_id: signingId },
        });
        if (info.status !== 'verified') {
          failed();
          return;
        }
        setPhase('submitting');
        await api('applicant.document.status', {
          params: { code, applicationId },
          body: { status: 'submitted' },
        });
        clearState(signingId);
        // Sent: a later remand asks for the confirmations again.
        keepConfirmations(applicationId, new Set());
        await queryClient.invalidateQueries({ queryKey: apiQueryKey('applicant.applications') });
        void navigate({ to: screenPath(code, applicationId, 'complete'), replace: true });
      } catch (error) {
        if (isApiError(error) && error.status === 401) {
          setPhase('signedOut');
          return;
        }
        if (isApiError(error) && error.status === 409 && error.message.includes('sign again')) {
          failed();
          return;
        }
        setProblem(error);
        setPhase('problem');
        window.requestAnimationFrame(() => problemRef.current?.focus());
      }
    })();
  }, [state, signingId, search.result, navigate, queryClient]);

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('applicantForm.miid.returnTitle')}</Typography>
      {phase === 'confirming' ? <Loading label={t('applicantForm.miid.confirming')} /> : null}
      {phase === 'submitting' ? <Loading label={t('applicantForm.miid.submitting')} /> : null}
      {phase === 'lost' ? (
        <Alert severity="warning">
          {t('applicantForm.miid.lost')} <RouterLink to="/">{t('common.backHome')}</RouterLink>
        </Alert>
      ) : null}
      {phase === 'signedOut' && state ? (
        <Alert severity="warning">
          {t('applicantForm.miid.signedOut')}{' '}
          <a href={applicantLoginUrl(state.code, `${window.location.pathname}${window.location.search}`)}>
            {t('common.signIn')}
          </a>
        </Alert>
      ) : null}
      {phase === 'problem' && state ? (
        <>
          <SubmitProblems
            ref={problemRef}
            code={state.code}
            applicationId={state.applicationId}
            error={problem}
            title={t('applicantForm.submit.problems')}
          />
          <RouterButton
            variant="outlined"
            to={`/municipalities/${state.code}/applications`}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('applicantForm.common.toList')}
          </RouterButton>
        </>
      ) : null}
    </Stack>
  );
}
