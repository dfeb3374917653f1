// applications/{id}/identification: only the routes the procedure group allows (GET identification/):
// the My Number Card through the identity provider (back through mncAssistance), the basic four
// information checked against the resident registry (mismatched parts named, attempts counted), or the
// national personal portal (its progress screen follows). Once identified, the way on is the form.
import { japanDate } from '@portal/rules';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from '../../../lib/inputs/RequiredMark';
import {
  attemptsLeft,
  basicFourBody,
  basicFourProblems,
  emptyBasicFour,
  mismatchFields,
  normalizePostalCode,
  type BasicFourField,
  type BasicFourInput,
  type IdentificationOverview,
  type IdentificationRoute,
  type MismatchPart,
} from '../../../features/identification/identification';
import { rememberPortalReturn } from '../../../features/mynaportal/mynaportal';
import { ApplicationGate } from '../../../features/steps/ApplicationGate';
import { screenPath, useApplicationParams, type Application } from '../../../lib/application/steps';
import { api, isApiError, useApiMutation, useApiQuery } from '../../../lib/api';
import { ErrorMessage, LoadError, Loading } from '../../../lib/layout/feedback';
import { useSnackbar } from '../../../lib/layout/snackbar';
import { safeLocation } from '../../../lib/navigation/navigation-guard';
import { applicantLoginUrl } from '../../../lib/router/guards';
import { RouterButton } from '../../../lib/router/RouterLink';
import { CounterIdentityCheck } from '../../../features/counter/CounterIdentityCheck';
import { useCounterSession } from '../../../features/counter/counter-session';

export function IdentificationScreen() {
  const { t } = useTranslation();
  const { code, applicationId } = useApplicationParams();
  return (
    <ApplicationGate code={code} applicationId={applicationId} title={t('screens.identification')}>
      {(application) => <Identification code={code} application={application} />}
    </ApplicationGate>
  );
}

function Identification({ code, application }: { code: string; application: Application }) {
  const { t } = useTranslation();
  const params = { code, applicationId: application.id };
  const overview = useApiQuery('applicant.identification.get', { params });
  const editable = application.status === 'draft' || application.status === 'remanded';
  const formPath = screenPath(code, application.id, 'form');
  // At the counter the clerk's check is the identification; the card routes would be refused there.
  const atCounter = useCounterSession(code).counter !== null;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.identification')}
        </Typography>
        <Typography>{t('applicantFlow.identification.intro')}</Typography>
      </Box>
      {editable ? (
        <CounterIdentityCheck
          code={code}
          applicationId={application.id}
          next={
            <RouterButton to={formPath} variant="contained">
              {t('applicantFlow.identification.toForm')}
            </RouterButton>
          }
        />
      ) : null}
      {overview.isPending ? <Loading /> : null}
      {overview.isError ? (
        <LoadError
          title={t('applicantFlow.identification.loadError')}
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : null}
      {overview.data && !atCounter ? (
        <>
          {overview.data.identified_by ? (
            <Alert severity="success" data-testid="identified">
              <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
                {t('applicantFlow.identification.done', {
                  route: t(`applicantFlow.identification.route.${overview.data.identified_by}.name`),
                })}
              </AlertTitle>
              <RouterButton to={formPath} variant="contained" sx={{ mt: 1 }}>
                {t('applicantFlow.identification.toForm')}
              </RouterButton>
            </Alert>
          ) : null}
          {overview.data.routes.length === 0 ? (
            <Alert severity="warning">{t('applicantFlow.identification.noRoutes')}</Alert>
          ) : editable ? (
            <RouteChoice code={code} application={application} overview={overview.data} />
          ) : null}
        </>
      ) : null}
      <Box>
        <RouterButton to={screenPath(code, application.id, 'procedures')} variant="outlined" size="large">
          {t('applicantFlow.identification.back')}
        </RouterButton>
      </Box>
    </Stack>
  );
}

function RouteChoice({
  code,
  application,
  overview,
}: {
  code: string;
  application: Application;
  overview: IdentificationOverview;
}) {
  const { t } = useTranslation();
  const [route, setRoute] = useState<IdentificationRoute>(() =>
    overview.basic_four.attempts > 0 && overview.routes.includes('basic_four_information')
      ? 'basic_four_information'
      : overview.routes[0]!,
  );
  const heading = overview.identified_by
    ? t('applicantFlow.identification.chooseAgain')
    : t('applicantFlow.identification.choose');
  return (
    <Stack spacing={3}>
      <FormControl component="fieldset">
        <FormLabel
          component="legend"
          sx={{ fontWeight: 700, fontSize: '1.25rem', color: 'text.primary', mb: 1 }}
        >
          {heading}
        </FormLabel>
        <RadioGroup
          name="identification-route"
          value={route}
          onChange={(event) => setRoute(event.target.value as IdentificationRoute)}
        >
          {overview.routes.map((r) => (
            <FormControlLabel
              key={r}
              value={r}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', my: 0.5 }}
              label={
                <Box sx={{ py: 1 }}>
                  <Typography sx={{ fontWeight: 700 }}>
                    {t(`applicantFlow.identification.route.${r}.name`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`applicantFlow.identification.route.${r}.summary`)}
                  </Typography>
                </Box>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="route-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="route-heading" gutterBottom>
          {t(`applicantFlow.identification.route.${route}.name`)}
        </Typography>
        {route === 'jpki' ? (
          overview.card_sign_in_at ? (
            <CardSignInRoute code={code} application={application} />
          ) : (
            <CardRoute code={code} application={application} />
          )
        ) : null}
        {route === 'basic_four_information' ? (
          <BasicFourRoute code={code} application={application} overview={overview} />
        ) : null}
        {route === 'mynaportal' ? <PortalRoute code={code} application={application} /> : null}
      </Paper>
    </Stack>
  );
}

/**
 * Signed in with the card: its reading identifies, no second one (decision 0041). mncAssistance's steps
 * store what the card gave (the form's prefills) and record the identification, as after a reading; what
 * this page kept of the form is read again, as a return from the identity provider would.
 */
function CardSignInRoute({ code, application }: { code: string; application: Application }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Stack spacing={2}>
      <Typography>{t('applicantFlow.identification.card.signedInBody')}</Typography>
      <Box>
        <Button
          variant="contained"
          size="large"
          onClick={() => {
            queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'applicant.login.status' });
            void navigate({ to: screenPath(code, application.id, 'mncAssistance') });
          }}
        >
          {t('applicantFlow.identification.card.signedInStart')}
        </Button>
      </Box>
    </Stack>
  );
}

/** The My Number Card: read through the identity provider, back to mncAssistance. */
function CardRoute({ code, application }: { code: string; application: Application }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography>{t('applicantFlow.identification.card.body')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        <li>{t('applicantFlow.identification.card.need1')}</li>
        <li>{t('applicantFlow.identification.card.need2')}</li>
      </Box>
      <Box>
        <Button
          variant="contained"
          size="large"
          onClick={() =>
            safeLocation.assign(applicantLoginUrl(code, screenPath(code, application.id, 'mncAssistance')))
          }
        >
          {t('applicantFlow.identification.card.start')}
        </Button>
      </Box>
    </Stack>
  );
}

/** The national personal portal: start a session, then the portal, then the progress screen. */
function PortalRoute({ code, application }: { code: string; application: Application }) {
  const { t } = useTranslation();
  const start = useApiMutation('applicant.self_information.update');
  return (
    <Stack spacing={2}>
      <Typography>{t('applicantFlow.identification.portal.body')}</Typography>
      {start.isError ? (
        <LoadError title={t('applicantFlow.identification.portal.error')} error={start.error} />
      ) : null}
      <Box>
        <Button
          variant="contained"
          size="large"
          disabled={start.isPending}
          onClick={() =>
            start.mutate(
              { params: { code, applicationId: application.id }, body: { status: 'authorizing' } },
              {
                onSuccess: (state) => {
                  if (!state.redirect_url) return;
                  rememberPortalReturn({ code, applicationId: application.id });
                  safeLocation.assign(state.redirect_url);
                },
              },
            )
          }
        >
          {start.isPending
            ? t('applicantFlow.common.saving')
            : t('applicantFlow.identification.portal.start')}
        </Button>
      </Box>
    </Stack>
  );
}

const fields: BasicFourField[] = ['last_name', 'first_name', 'birth_date', 'sex', 'postal_code', 'address'];

function BasicFourRoute({
  code,
  application,
  overview,
}: {
  code: string;
  application: Application;
  overview: IdentificationOverview;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const today = useMemo(() => japanDate(new Date()), []);
  const params = { code, applicationId: application.id };
  const [input, setInput] = useState<BasicFourInput>(emptyBasicFour);
  const [showProblems, setShowProblems] = useState(false);
  const [mismatched, setMismatched] = useState<MismatchPart[]>([]);
  const [lookup, setLookup] = useState<string | null>(null);
  const create = useApiMutation('applicant.basic_four.create');
  const update = useApiMutation('applicant.basic_four.update');
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const alertRef = useRef<HTMLDivElement>(null);
  const [focusAlert, setFocusAlert] = useState(false);
  useEffect(() => {
    if (!focusAlert) return;
    setFocusAlert(false);
    alertRef.current?.focus();
  }, [focusAlert]);

  const problems = basicFourProblems(input, today);
  const left = attemptsLeft(overview.basic_four);
  const locked =
    (left === 0 && !overview.basic_four.is_verified) ||
    (isApiError(failure) && failure.code === 'rate_limited');
  const mismatchedFields = new Set(mismatched.flatMap((p) => mismatchFields[p]));

  const set = (field: BasicFourField, value: string) => {
    setInput((i) => ({ ...i, [field]: value }));
  };

  const fieldError = (field: BasicFourField): string | undefined => {
    const problem = showProblems ? problems[field] : undefined;
    if (problem)
      return t(`applicantFlow.basicFour.problem.${problem}`, {
        field: t(`applicantFlow.basicFour.field.${field}`),
      });
    if (mismatchedFields.has(field)) return t('applicantFlow.basicFour.notMatching');
    return undefined;
  };

  const findAddress = async () => {
    const zipcode = normalizePostalCode(input.postal_code);
    if (!/^\d{7}$/.test(zipcode)) {
      setLookup(
        t('applicantFlow.basicFour.problem.postalCode', {
          field: t('applicantFlow.basicFour.field.postal_code'),
        }),
      );
      return;
    }
    try {
      const found = await api('applicant.addresses', { query: { zipcode } });
      if (found.length === 0) {
        setLookup(t('applicantFlow.basicFour.addressNone'));
        return;
      }
      const first = found[0]!;
      set('address', `${first.pref}${first.city}${first.town}`);
      setLookup(
        found.length > 1
          ? t('applicantFlow.basicFour.addressMany', { count: found.length })
          : t('applicantFlow.basicFour.addressFound'),
      );
    } catch {
      setLookup(t('applicantFlow.basicFour.addressError'));
    }
  };

  const submit = () => {
    if (Object.keys(problems).length > 0) {
      setShowProblems(true);
      setFocusAlert(true);
      return;
    }
    const call = overview.basic_four.attempts > 0 ? update : create;
    call.mutate(
      { params, body: basicFourBody(input) },
      {
        onSuccess: (status) => {
          void queryClient.invalidateQueries({ queryKey: ['applicant.identification.get'] });
          void queryClient.invalidateQueries({ queryKey: ['applicant.applications'] });
          if (status.is_verified) {
            notify(t('applicantFlow.basicFour.verified'), 'success');
            void navigate({ to: screenPath(code, application.id, 'form') });
            return;
          }
          setMismatched(status.mismatched);
          setFocusAlert(true);
        },
        onError: () => setFocusAlert(true),
      },
    );
  };

  const problemList = showProblems ? fields.filter((f) => problems[f]) : [];

  return (
    <Stack
      spacing={2.5}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Typography>{t('applicantFlow.basicFour.body')}</Typography>

      {locked ? (
        <Alert severity="error" ref={alertRef} tabIndex={-1}>
          <AlertTitle component="h3" sx={{ fontWeight: 700 }}>
            {t('applicantFlow.basicFour.lockedHeading')}
          </AlertTitle>
          {t('applicantFlow.basicFour.locked')}
        </Alert>
      ) : problemList.length > 0 ? (
        <Alert severity="error" ref={alertRef} tabIndex={-1}>
          <AlertTitle component="h3" sx={{ fontWeight: 700 }}>
            {t('applicantFlow.common.errorSummary')}
          </AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {problemList.map((f) => (
              <li key={f}>{fieldError(f)}</li>
            ))}
          </Box>
        </Alert>
      ) : mismatched.length > 0 ? (
        <Alert severity="error" ref={alertRef} tabIndex={-1} data-testid="mismatch">
          <AlertTitle component="h3" sx={{ fontWeight: 700 }}>
            {t('applicantFlow.basicFour.mismatchHeading')}
          </AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {mismatched.map((part) => (
              <li key={part}>{t(`applicantFlow.basicFour.mismatch.${part}`)}</li>
            ))}
          </Box>
          <Typography sx={{ mt: 1, fontWeight: 700 }}>
            {t('applicantFlow.basicFour.attemptsLeft', { count: left })}
          </Typography>
        </Alert>
      ) : failure ? (
        <Alert severity="error" ref={alertRef} tabIndex={-1}>
          <AlertTitle component="h3" sx={{ fontWeight: 700 }}>
            {t('applicantFlow.basicFour.error')}
          </AlertTitle>
          <ErrorMessage error={failure} />
        </Alert>
      ) : overview.basic_four.attempts > 0 && !overview.basic_four.is_verified ? (
        <Alert severity="info">{t('applicantFlow.basicFour.attemptsLeft', { count: left })}</Alert>
      ) : null}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['last_name', 'first_name'] as const).map((f) => (
          <TextField
            key={f}
            id={`basic-four-${f}`}
            label={<FieldLabel required>{t(`applicantFlow.basicFour.field.${f}`)}</FieldLabel>}
            value={input[f]}
            onChange={(event) => set(f, event.target.value)}
            error={Boolean(fieldError(f))}
            helperText={fieldError(f)}
            disabled={locked}
            fullWidth
            slotProps={{
              htmlInput: {
                autoComplete: f === 'last_name' ? 'family-name' : 'given-name',
                maxLength: 50,
                'aria-required': true,
              },
            }}
          />
        ))}
      </Stack>
      <TextField
        id="basic-four-birth_date"
        type="date"
        label={<FieldLabel required>{t('applicantFlow.basicFour.field.birth_date')}</FieldLabel>}
        value={input.birth_date}
        onChange={(event) => set('birth_date', event.target.value)}
        error={Boolean(fieldError('birth_date'))}
        helperText={fieldError('birth_date') ?? t('applicantFlow.basicFour.birthDateHelp')}
        disabled={locked}
        sx={{ maxWidth: { sm: 280 } }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { autoComplete: 'bday', max: today, 'aria-required': true },
        }}
      />
      <FormControl component="fieldset" error={Boolean(fieldError('sex'))} disabled={locked}>
        <FormLabel component="legend">
          <FieldLabel required>{t('applicantFlow.basicFour.field.sex')}</FieldLabel>
        </FormLabel>
        <RadioGroup
          row
          name="basic-four-sex"
          aria-required="true"
          value={input.sex}
          onChange={(event) => set('sex', event.target.value)}
          aria-describedby={fieldError('sex') ? 'basic-four-sex-error' : undefined}
        >
          <FormControlLabel
            value="female"
            control={<Radio />}
            label={t('applicantFlow.basicFour.female')}
            sx={{ mr: 4, minHeight: 44 }}
          />
          <FormControlLabel
            value="male"
            control={<Radio />}
            label={t('applicantFlow.basicFour.male')}
            sx={{ mr: 4, minHeight: 44 }}
          />
        </RadioGroup>
        {fieldError('sex') ? (
          <FormHelperText id="basic-four-sex-error" sx={{ mx: 0 }}>
            {fieldError('sex')}
          </FormHelperText>
        ) : null}
      </FormControl>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          id="basic-four-postal_code"
          label={<FieldLabel required>{t('applicantFlow.basicFour.field.postal_code')}</FieldLabel>}
          value={input.postal_code}
          onChange={(event) => set('postal_code', event.target.value)}
          error={Boolean(fieldError('postal_code'))}
          helperText={fieldError('postal_code') ?? t('applicantFlow.basicFour.postalHelp')}
          disabled={locked}
          sx={{ maxWidth: { sm: 240 } }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              autoComplete: 'postal-code',
              maxLength: 8,
              'aria-required': true,
            },
          }}
        />
        <Button
          variant="outlined"
          onClick={() => void findAddress()}
          disabled={locked}
          sx={{ mt: { sm: 1 }, minHeight: 44 }}
        >
          {t('applicantFlow.basicFour.findAddress')}
        </Button>
      </Stack>
      <Box role="status" aria-live="polite">
        {lookup ? <Typography variant="body2">{lookup}</Typography> : null}
      </Box>
      <TextField
        id="basic-four-address"
        label={<FieldLabel required>{t('applicantFlow.basicFour.field.address')}</FieldLabel>}
        value={input.address}
        onChange={(event) => set('address', event.target.value)}
        error={Boolean(fieldError('address'))}
        helperText={fieldError('address') ?? t('applicantFlow.basicFour.addressHelp')}
        disabled={locked}
        fullWidth
        slotProps={{ htmlInput: { autoComplete: 'street-address', maxLength: 200, 'aria-required': true } }}
      />
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={saving || locked}>
          {saving ? t('applicantFlow.basicFour.checking') : t('applicantFlow.basicFour.submit')}
        </Button>
      </Box>
    </Stack>
  );
}
