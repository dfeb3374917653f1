// applications/{id}/stepsExplanation: the steps of this application's group as the server derives them
// from its configuration (decision 0042), where the resident truthfully is on them (the filter and the
// sign-in done, the questions current until every shown page is answered, identification done once it
// is), what is still to have at hand, and the way on. The introduction and each step's explanation are
// the group's own where it words them (decision 0028).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { resumeScreen } from '../../../features/applications/applications';
import { ApplicationGate } from '../../../features/steps/ApplicationGate';
import { WayPrepare, WaySteps } from '../../../features/steps/WayAheadList';
import { screenPath, useApplicationParams, type Application } from '../../../lib/application/steps';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { useApiQuery } from '../../../lib/api';
import { ResidentText } from '../../../lib/application/resident-texts';
import { useLocalized } from '../../../lib/i18n/localized';
import { RouterButton } from '../../../lib/router/RouterLink';

export function StepsExplanationScreen() {
  const { t } = useTranslation();
  const { code, applicationId } = useApplicationParams();
  return (
    <ApplicationGate code={code} applicationId={applicationId} title={t('screens.stepsExplanation')}>
      {(application) => <StepsExplanation code={code} application={application} />}
    </ApplicationGate>
  );
}

function StepsExplanation({ code, application }: { code: string; application: Application }) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const overview = useApiQuery('applicant.procedure_overview', {
    params: { code },
    query: { procedure_group_id: application.procedure_group_id },
  });
  // The steps this application's group really has and where the resident is: the server's one rule
  // (decision 0042), asked again on every visit since answers move it on.
  const way = useApiQuery(
    'applicant.application.way_ahead',
    { params: { code, applicationId: application.id } },
    { refetchOnMount: 'always' },
  );
  const assistant = useApiQuery(
    'applicant.concierge_assistant.get',
    { params: { code, applicationId: application.id }, query: {} },
    { refetchOnMount: 'always' },
  );
  const current = way.data?.steps.find((s) => s.state === 'current')?.step;
  const started = way.data?.steps.some(
    (s) => s.state === 'done' && s.step !== 'filter' && s.step !== 'sign_in',
  );
  const editable = application.status === 'draft' || application.status === 'remanded';
  // The group's texts come with the overview: no default is shown before it is known (it may be replaced).
  const settled = !overview.isPending;
  const texts = overview.data?.resident_texts;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.stepsExplanation')}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="steps-intro">
          {settled ? (
            <ResidentText
              texts={texts}
              place="steps_intro"
              fallback={t('applicantFlow.steps.intro', {
                group: loc.text(application.procedure_group_name, application.en?.procedure_group_name).text,
              })}
            />
          ) : null}
        </Typography>
      </Box>

      {way.isError ? (
        <LoadError
          title={t('applicantFlow.way.loadError')}
          error={way.error}
          onRetry={() => void way.refetch()}
        />
      ) : null}

      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="steps-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="steps-heading" gutterBottom>
          {t('applicantFlow.steps.heading')}
        </Typography>
        {way.data && settled ? <WaySteps way={way.data} texts={texts} level="h3" /> : <Loading />}
      </Paper>

      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="ready-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="ready-heading" gutterBottom>
          {t('applicantFlow.steps.readyHeading')}
        </Typography>
        {way.data ? <WayPrepare way={way.data} /> : null}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('applicantFlow.steps.saved')}
        </Typography>
      </Paper>

      {editable ? (
        <Box>
          <RouterButton
            to={
              current === 'assistant'
                ? screenPath(code, application.id, 'conciergeAssistant')
                : screenPath(code, application.id, resumeScreen(application))
            }
            variant="contained"
            size="large"
            disabled={way.isPending || assistant.isPending}
          >
            {started || assistant.data?.selected_option_ids.length
              ? t('applicantFlow.steps.resume')
              : t('applicantFlow.steps.start')}
          </RouterButton>
        </Box>
      ) : (
        <Alert severity="info">{t('applicantFlow.steps.finished')}</Alert>
      )}
    </Stack>
  );
}
