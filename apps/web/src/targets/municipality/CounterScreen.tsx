// /counter: the counter tablet (書かない窓口, decision 0026). The clerk shows the tablet's terms, scans the
// QR code on the resident's phone (or types its code), sees the application and continues it with the
// resident on the applicant pages; or starts a new application to hand to the resident's phone later.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CounterTaken } from '@portal/contracts';
import { Fragment, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { handoffToken } from '../../features/counter/counter-session';
import { TermsText, useTerms } from '../../features/terms/terms';
import { currentMunicipality, isApiError, useApiMutation, useApiQuery } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { Localized } from '../../lib/i18n/localized';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { ErrorMessage } from '../../lib/layout/feedback';
import { usePageTitle } from '../../lib/router/head';
import { RouterLink } from '../../lib/router/RouterLink';
import { CounterCamera } from './CounterCamera';

const CODE = /^[2-9A-HJKMNP-Z]{8}$/;
const normalize = (text: string) => text.toUpperCase().replace(/[\s\u3000-]+/g, '');

export function CounterScreen() {
  const { t } = useTranslation();
  const code = currentMunicipality() ?? '';
  const terms = useTerms(code, 'tablet');
  usePageTitle(t('screens.counter'));
  // The last application taken stays shown while a later attempt fails.
  const [taken, setTaken] = useState<CounterTaken | null>(null);
  const take = useApiMutation('staff.counter.take', { onSuccess: setTaken });
  const start = useApiMutation('staff.counter.start', {
    onSuccess: (started) => window.location.assign(started.continue_path),
  });
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submitted = new URLSearchParams(window.location.search).get('submitted');
  const { mutate } = take;
  const takeToken = useCallback((token: string) => mutate({ body: { token } }), [mutate]);

  // A QR code opened by a camera app lands here with its token after '#' (a new page, or this one's
  // address changing): taken at once, then removed from the address.
  useEffect(() => {
    const fromAddress = () => {
      const token = handoffToken(window.location.hash, 'handoff');
      if (!token) return;
      window.history.replaceState(window.history.state, '', window.location.pathname);
      takeToken(token);
    };
    fromAddress();
    window.addEventListener('hashchange', fromAddress);
    return () => window.removeEventListener('hashchange', fromAddress);
  }, [takeToken]);

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const value = normalize(typed);
    if (!CODE.test(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    mutate({ body: { code: value } });
  };
  const status = isApiError(take.error) ? take.error.status : null;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.counter')}
        </Typography>
        <Typography>{t('counterDesk.intro')}</Typography>
      </Box>
      {submitted ? <Submitted applicationId={submitted} /> : null}
      {taken ? <Taken key={taken.application_id} taken={taken} /> : null}
      {take.isError ? (
        <Alert severity="error">
          {status === 404 ? (
            t('counterDesk.errors.notFound')
          ) : status === 409 ? (
            t('counterDesk.errors.used')
          ) : (
            <ErrorMessage error={take.error} />
          )}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} useFlexGap>
        <Paper variant="outlined" component="section" aria-labelledby="counter-scan" sx={{ p: 3, flex: 1 }}>
          <Typography variant="h2" id="counter-scan" gutterBottom>
            {t('counterDesk.scanHeading')}
          </Typography>
          <CounterCamera
            onRead={(text) => {
              const token = handoffToken(text, 'handoff');
              if (token) takeToken(token);
            }}
          />
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="counter-code" sx={{ p: 3, flex: 1 }}>
          <Typography variant="h2" id="counter-code" gutterBottom>
            {t('counterDesk.codeHeading')}
          </Typography>
          <Box component="form" noValidate onSubmit={submitCode}>
            <TextField
              id="counter-code-input"
              label={t('counterDesk.codeLabel')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              error={invalid}
              helperText={invalid ? t('counterDesk.errors.invalid') : t('counterDesk.codeHelp')}
              slotProps={{
                htmlInput: {
                  autoComplete: 'off',
                  autoCapitalize: 'characters',
                  spellCheck: false,
                  maxLength: 20,
                },
              }}
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" sx={{ mt: 2 }} disabled={take.isPending}>
              {take.isPending ? t('counterDesk.taking') : t('counterDesk.take')}
            </Button>
          </Box>
        </Paper>
      </Stack>
      <Paper variant="outlined" component="section" aria-labelledby="counter-new" sx={{ p: 3 }}>
        <Typography variant="h2" id="counter-new" gutterBottom>
          {t('counterDesk.newHeading')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('counterDesk.newIntro')}</Typography>
        <Button variant="outlined" onClick={() => start.mutate({})} disabled={start.isPending}>
          {t('counterDesk.start')}
        </Button>
        {start.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            <ErrorMessage error={start.error} />
          </Alert>
        ) : null}
      </Paper>
      {/* The terms' scroll box is the region named by this heading. */}
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h2" id="counter-terms" gutterBottom>
          {t('counterDesk.termsHeading')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('counterDesk.termsNote')}</Typography>
        {terms.data ? <TermsText terms={terms.data} labelledBy="counter-terms" scroll /> : null}
      </Paper>
    </Stack>
  );
}

const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** After a send at the counter: the reference number of each procedure, to tell the resident. */
function Submitted({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const valid = RECORD_ID.test(applicationId);
  const sent = useApiQuery('staff.counter.submitted', { params: { applicationId } }, { enabled: valid });
  return (
    <Alert severity="success" role="status">
      <Typography component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('counterDesk.submittedHeading')}
      </Typography>
      {sent.data ? (
        <>
          <Typography sx={{ mb: 1 }}>{t('counterDesk.submittedIntro')}</Typography>
          <Box
            component="dl"
            aria-label={t('counterDesk.referencesLabel')}
            data-testid="counter-references"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content max-content',
              columnGap: 3,
              rowGap: 0.5,
              m: 0,
              mb: 1,
              '& dd': { m: 0, fontSize: '1.5rem', fontWeight: 700, whiteSpace: 'nowrap' },
              '& dt': { alignSelf: 'center' },
            }}
          >
            {sent.data.procedures.map((p) => (
              <Fragment key={p.id}>
                <dt>
                  <Localized ja={p.name} en={p.en?.name} />
                </dt>
                <dd>
                  <Box component="span" sx={{ fontSize: '1rem', fontWeight: 400, mr: 1 }}>
                    {t('counterDesk.referenceNumber')}
                  </Box>
                  {p.reference_number}
                </dd>
              </Fragment>
            ))}
          </Box>
        </>
      ) : sent.isError || !valid ? (
        <Typography sx={{ mb: 1 }}>{t('counterDesk.referencesLoadError')}</Typography>
      ) : null}
      <RouterLink to="/documents">{t('counterDesk.toDocuments')}</RouterLink>
    </Alert>
  );
}

function Taken({ taken }: { taken: CounterTaken }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="counter-taken"
      sx={{ p: 3, borderWidth: 2 }}
    >
      <Typography variant="h2" id="counter-taken" ref={heading} tabIndex={-1} gutterBottom>
        {t('counterDesk.takenHeading')}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          gap: 1,
          m: 0,
          '& dt': { fontWeight: 700 },
          '& dd': { m: 0 },
        }}
      >
        <dt>{t('counterDesk.applicant')}</dt>
        <dd>{taken.applicant_name ?? t('counterDesk.notAnswered')}</dd>
        <dt>{t('counterDesk.group')}</dt>
        <dd>{taken.procedure_group_name}</dd>
        <dt>{t('counterDesk.procedures')}</dt>
        <dd>
          {taken.procedures.map((p, i) => (
            <span key={p.id}>
              {i > 0 ? '、' : ''}
              <Localized ja={p.name} en={p.en?.name} />
            </span>
          ))}
        </dd>
        <dt>{t('counterDesk.updatedAt')}</dt>
        <dd>{formatDateTime(taken.updated_at, language)}</dd>
      </Box>
      <Button variant="contained" size="large" href={taken.continue_path} sx={{ mt: 2 }}>
        {t('counterDesk.continue')}
      </Button>
    </Paper>
  );
}
