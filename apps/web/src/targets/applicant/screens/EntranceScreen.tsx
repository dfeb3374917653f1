// /municipalities/{code}/entrance: the procedure group, the way ahead (its steps and what to have at
// hand, before the first question: decision 0042), its terms (browser) and the start button.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  pickGroup,
  sortedGroups,
  useMunicipalityCode,
  useMunicipalityHome,
} from '../../../features/municipality/municipality';
import { WayPrepare, WaySteps } from '../../../features/steps/WayAheadList';
import { TermsText, useTerms } from '../../../features/terms/terms';
import { useApiQuery } from '../../../lib/api';
import { PageForm } from '../../../lib/forms/PageForm';
import { Localized, useLocalized } from '../../../lib/i18n/localized';
import { InputStateCheckbox } from '../../../lib/inputs/InputStateCheckbox';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { usePageTitle } from '../../../lib/router/head';
import { RouterLink } from '../../../lib/router/RouterLink';

export function EntranceScreen() {
  const { t } = useTranslation();
  const { field } = useLocalized();
  const code = useMunicipalityCode();
  const search = useSearch({ strict: false }) as { procedure_group_id?: number };
  const navigate = useNavigate();
  const home = useMunicipalityHome(code);
  const terms = useTerms(code, 'browser');
  const [agreed, setAgreed] = useState(false);
  const [showAgreeError, setShowAgreeError] = useState(false);
  const agreeRef = useRef<HTMLInputElement>(null);

  const group = home.data ? pickGroup(home.data, search.procedure_group_id) : undefined;
  // The way ahead before the first question (decision 0042): the group's steps, derived on the server.
  const way = useApiQuery(
    'applicant.way_ahead',
    { params: { code }, query: { procedure_group_id: group?.id ?? 0 } },
    { enabled: group !== undefined },
  );
  const overview = useApiQuery(
    'applicant.procedure_overview',
    { params: { code }, query: { procedure_group_id: group?.id ?? 0 } },
    { enabled: group !== undefined },
  );
  const heading = group ? t('entrance.heading', { group: field(group, 'name').text }) : t('screens.entrance');
  usePageTitle(heading);

  const start = () => {
    if (!group) return;
    if (!agreed) {
      setShowAgreeError(true);
      agreeRef.current?.focus();
      return;
    }
    void navigate({
      to: `/municipalities/${code}/conciergeFilter`,
      search: { procedure_group_id: group.id },
    });
  };

  if (home.isPending) return <Loading />;
  if (home.isError) {
    return <LoadError title={t('home.loadError')} error={home.error} onRetry={() => void home.refetch()} />;
  }

  if (!group) {
    const groups = sortedGroups(home.data);
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{t('screens.entrance')}</Typography>
        {search.procedure_group_id !== undefined || groups.length === 0 ? (
          <Alert severity="warning">{t('entrance.unknownGroup')}</Alert>
        ) : null}
        {groups.length > 0 ? (
          <Box component="section" aria-labelledby="entrance-groups">
            <Typography variant="h2" id="entrance-groups" gutterBottom>
              {t('entrance.chooseGroup')}
            </Typography>
            <Box component="ul">
              {groups.map((g) => (
                <li key={g.id}>
                  <RouterLink to={`/municipalities/${code}/entrance`} search={{ procedure_group_id: g.id }}>
                    <Localized text={field(g, 'name')} />
                  </RouterLink>
                </li>
              ))}
            </Box>
          </Box>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {heading}
        </Typography>
        {group.description ? (
          <Typography gutterBottom>
            <Localized text={field(group, 'description')} />
          </Typography>
        ) : null}
        <Typography>{t('entrance.intro')}</Typography>
      </Box>

      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="entrance-way"
        sx={{ p: { xs: 2, sm: 3 } }}
        data-testid="way-ahead"
      >
        <Typography variant="h2" id="entrance-way" gutterBottom>
          {t('applicantFlow.way.heading')}
        </Typography>
        <Typography gutterBottom>
          {t('applicantFlow.way.intro', { group: field(group, 'name').text })}
        </Typography>
        {way.isError ? (
          <LoadError
            title={t('applicantFlow.way.loadError')}
            error={way.error}
            onRetry={() => void way.refetch()}
          />
        ) : way.data && !overview.isPending ? (
          <>
            <WaySteps way={way.data} texts={overview.data?.resident_texts} level="h3" testId="way-steps" />
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem', mt: 2, mb: 1 }}>
              {t('applicantFlow.way.prepareHeading')}
            </Typography>
            <WayPrepare way={way.data} />
          </>
        ) : (
          <Loading />
        )}
      </Paper>

      <Box component="section" aria-labelledby="entrance-terms">
        <Typography variant="h2" id="entrance-terms" gutterBottom>
          {terms.data ? <Localized ja={terms.data.title} /> : t('entrance.termsHeading')}
        </Typography>
        {terms.isPending ? <Loading /> : null}
        {terms.isError ? (
          <LoadError
            title={t('entrance.termsError')}
            error={terms.error}
            onRetry={() => void terms.refetch()}
          />
        ) : null}
        {terms.data ? <TermsText terms={terms.data} labelledBy="entrance-terms" scroll /> : null}
      </Box>

      {/* A plain form too: without the script the server checks the agreement and opens the filter. */}
      <PageForm
        action={`/municipalities/${code}/entrance`}
        fields={{ procedure_group_id: group.id }}
        onSubmit={start}
        adopt={(fields) => setAgreed(fields.agree === 'yes')}
      >
        <Stack spacing={3}>
          <FormControl error={showAgreeError && !agreed} variant="standard">
            <FormControlLabel
              control={
                <InputStateCheckbox
                  inputRef={agreeRef}
                  name="agree"
                  value="yes"
                  checked={agreed}
                  onChange={(event) => setAgreed(event.target.checked)}
                  slotProps={{
                    input: {
                      required: true,
                      'aria-describedby': showAgreeError && !agreed ? 'entrance-agree-error' : undefined,
                      'aria-invalid': showAgreeError && !agreed ? true : undefined,
                    } as React.InputHTMLAttributes<HTMLInputElement>,
                  }}
                />
              }
              label={t('entrance.agree')}
              disabled={!terms.data}
            />
            {showAgreeError && !agreed ? (
              <FormHelperText id="entrance-agree-error">{t('entrance.agreeRequired')}</FormHelperText>
            ) : null}
          </FormControl>

          <Box>
            <Button type="submit" variant="contained" size="large" disabled={!terms.data}>
              {t('entrance.start')}
            </Button>
          </Box>
        </Stack>
      </PageForm>
    </Stack>
  );
}
