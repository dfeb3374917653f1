// applications/{id}/stepsExplanation: the steps ahead for this application (the flow of spec §4), what
// to have ready (the attachments and signatures its procedure group may ask for), and the way on to the
// questions. The step the application is at is marked, so a resident who comes back sees where they are.
// The introduction and each step's explanation are the group's own where it words them (decision 0028).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { resumeScreen } from '../../../features/applications/applications';
import { ApplicationGate } from '../../../features/steps/ApplicationGate';
import {
  explainedStepOf,
  explainedSteps,
  screenPath,
  useApplicationParams,
  type Application,
} from '../../../lib/application/steps';
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
  const assistant = useApiQuery(
    'applicant.concierge_assistant.get',
    { params: { code, applicationId: application.id }, query: {} },
    { refetchOnMount: 'always' },
  );
  // Creating the application puts it at "procedures"; the questions are still open until each shown
  // page is answered.
  const questionsOpen =
    (application.current_step === 'filter' || application.current_step === 'procedures') &&
    (assistant.data ? assistant.data.current_sub_category_id !== null : true);
  const current = questionsOpen ? 'assistant' : explainedStepOf(application.current_step);
  const currentIndex = explainedSteps.indexOf(current);
  const editable = application.status === 'draft' || application.status === 'remanded';
  const attaches = [
    ...new Map(
      (overview.data?.procedures ?? []).flatMap((p) =>
        p.attaches.map((a) => [`${a.type}:${a.name}`, a] as const),
      ),
    ).values(),
  ];
  const signature = overview.data?.procedures.some((p) => p.requires_digital_signature) ?? false;
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

      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="steps-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="steps-heading" gutterBottom>
          {t('applicantFlow.steps.heading')}
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="steps">
          {explainedSteps.map((step, i) => {
            const done = i < currentIndex;
            const here = i === currentIndex;
            return (
              <Box
                component="li"
                key={step}
                aria-current={here ? 'step' : undefined}
                sx={{
                  display: 'flex',
                  gap: 2,
                  py: 1.5,
                  borderBottom: i < explainedSteps.length - 1 ? 1 : 0,
                  borderColor: 'divider',
                }}
              >
                <Box
                  aria-hidden="true"
                  sx={{
                    flex: '0 0 auto',
                    width: 32,
                    height: 32,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    fontWeight: 700,
                    bgcolor: here ? 'primary.main' : done ? 'success.dark' : 'grey.200',
                    color: here || done ? 'common.white' : 'text.primary',
                  }}
                >
                  {i + 1}
                </Box>
                <Box>
                  <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
                    {t(`applicantFlow.steps.step.${step}.title`)}
                    {here ? (
                      <Typography
                        component="span"
                        sx={{ ml: 1, fontSize: '0.875rem', color: 'primary.main' }}
                      >
                        {t('applicantFlow.steps.current')}
                      </Typography>
                    ) : done ? (
                      <Typography
                        component="span"
                        sx={{ ml: 1, fontSize: '0.875rem', color: 'success.dark' }}
                      >
                        {t('applicantFlow.steps.done')}
                      </Typography>
                    ) : null}
                  </Typography>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                    {settled ? (
                      <ResidentText
                        texts={texts}
                        place={step}
                        fallback={t(`applicantFlow.steps.step.${step}.body`)}
                      />
                    ) : null}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
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
        <List dense sx={{ listStyle: 'disc', pl: 3 }}>
          <ListItem sx={{ display: 'list-item' }}>{t('applicantFlow.steps.readyCard')}</ListItem>
          {signature ? (
            <ListItem sx={{ display: 'list-item' }}>{t('applicantFlow.steps.readySignature')}</ListItem>
          ) : null}
          {attaches.map((a) => (
            <ListItem key={`${a.type}:${a.name}`} sx={{ display: 'list-item' }}>
              {t('applicantFlow.steps.readyAttach', { name: loc.field(a, 'name').text })}
            </ListItem>
          ))}
        </List>
        <Typography variant="body2" color="text.secondary">
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
            disabled={assistant.isPending}
          >
            {currentIndex > 0 || assistant.data?.selected_option_ids.length
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
