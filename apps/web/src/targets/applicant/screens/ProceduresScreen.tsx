// applications/{id}/procedures: the procedures the answers allow (the server decides with the rules
// engine), each with its remarks and the printed copies; the resident chooses and the choice is saved
// (PUT procedures/), then identification. A chosen procedure's check messages are shown as information:
// they are confirmed once, on the last page before sending (signatureDigitalCertificateConfirm), since
// several of them confirm what is entered later. A saved choice is shown again when the
// resident comes back; while assistant questions are still open, the resident is sent back to them.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProcedureCheckMessages } from '../../../features/procedures/ProcedureCheckMessages';
import {
  checkMessagesIds,
  initialChoice,
  showsCheckMessages,
  type ProcedureView,
} from '../../../features/procedures/procedures';
import { ApplicationGate } from '../../../features/steps/ApplicationGate';
import { screenPath, useApplicationParams, type Application } from '../../../lib/application/steps';
import { useApiMutation, useApiQuery } from '../../../lib/api';
import { ErrorMessage, LoadError, Loading } from '../../../lib/layout/feedback';
import { Localized, useLocalized } from '../../../lib/i18n/localized';
import { RouterButton } from '../../../lib/router/RouterLink';

export function ProceduresScreen() {
  const { t } = useTranslation();
  const { code, applicationId } = useApplicationParams();
  return (
    <ApplicationGate code={code} applicationId={applicationId} title={t('screens.procedures')}>
      {(application) => <Procedures code={code} application={application} />}
    </ApplicationGate>
  );
}

function Procedures({ code, application }: { code: string; application: Application }) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const navigate = useNavigate();
  const params = { code, applicationId: application.id };
  // What the rules allow follows every answer: always asked again when the screen opens.
  const procedures = useApiQuery(
    'applicant.application.procedures.get',
    { params },
    { refetchOnMount: 'always' },
  );
  // Fresh, not cached: whether questions are open decides where the resident goes.
  const assistant = useApiQuery(
    'applicant.concierge_assistant.get',
    { params, query: {} },
    { refetchOnMount: 'always' },
  );
  const editable = application.status === 'draft' || application.status === 'remanded';
  const questionsOpen =
    editable &&
    assistant.data !== undefined &&
    !assistant.isFetching &&
    assistant.data.current_sub_category_id !== null &&
    application.procedure_ids.length === 0;

  // Reopened before the questions were all answered: continue there.
  useEffect(() => {
    if (questionsOpen) {
      void navigate({ to: screenPath(code, application.id, 'conciergeAssistant'), replace: true });
    }
  }, [questionsOpen, navigate, code, application.id]);

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.procedures')}
        </Typography>
        <Typography>{t('applicantFlow.procedures.intro')}</Typography>
      </Box>
      {procedures.isFetching || assistant.isFetching || questionsOpen ? <Loading /> : null}
      {procedures.isError ? (
        <LoadError
          title={t('applicantFlow.procedures.loadError')}
          error={procedures.error}
          onRetry={() => void procedures.refetch()}
        />
      ) : null}
      {procedures.data && !procedures.isFetching && !assistant.isFetching && !questionsOpen ? (
        assistant.data?.is_scopedout ? (
          <Alert severity="warning">
            <AlertTitle>{t('applicantFlow.assistant.scopedOutHeading')}</AlertTitle>
            {loc.list(assistant.data.scopedout_messages, assistant.data.en?.scopedout_messages).map((m) => (
              <Typography key={m.text}>
                <Localized text={m} />
              </Typography>
            ))}
            <RouterButton to={screenPath(code, application.id, 'conciergeAssistant')} sx={{ mt: 1 }}>
              {t('applicantFlow.procedures.toQuestions')}
            </RouterButton>
          </Alert>
        ) : (
          <ProcedureChoice
            key={procedures.dataUpdatedAt}
            code={code}
            application={application}
            available={procedures.data.available}
            selected={procedures.data.selected_ids}
            editable={editable}
          />
        )
      ) : null}
    </Stack>
  );
}

function ProcedureChoice({
  code,
  application,
  available,
  selected,
  editable,
}: {
  code: string;
  application: Application;
  available: ProcedureView[];
  selected: number[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = { code, applicationId: application.id };
  const [chosen, setChosen] = useState<number[]>(() => initialChoice(available, selected));
  const [showErrors, setShowErrors] = useState(false);
  const save = useApiMutation('applicant.application.procedures.select');
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusSummary, setFocusSummary] = useState(false);
  useEffect(() => {
    if (!focusSummary) return;
    setFocusSummary(false);
    summaryRef.current?.focus();
  }, [focusSummary]);

  const noneChosen = chosen.length === 0;

  if (available.length === 0) {
    return (
      <Alert severity="info">
        {t('applicantFlow.procedures.none')}{' '}
        <RouterButton to={screenPath(code, application.id, 'conciergeAssistant')}>
          {t('applicantFlow.procedures.toQuestions')}
        </RouterButton>
      </Alert>
    );
  }

  const submit = () => {
    if (noneChosen) {
      setShowErrors(true);
      setFocusSummary(true);
      return;
    }
    save.mutate(
      { params, body: { procedure_ids: chosen } },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['applicant.applications'] });
          void queryClient.invalidateQueries({ queryKey: ['applicant.application.procedures.get'] });
          void navigate({ to: screenPath(code, application.id, 'identification') });
        },
        onError: () => setFocusSummary(true),
      },
    );
  };

  const toggle = (id: number, on: boolean) =>
    setChosen((list) => (on ? [...new Set([...list, id])] : list.filter((x) => x !== id)));

  return (
    <Stack
      spacing={3}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {(showErrors && noneChosen) || save.isError ? (
        <Alert severity="error" ref={summaryRef} tabIndex={-1}>
          <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
            {save.isError ? t('applicantFlow.procedures.saveError') : t('applicantFlow.common.errorSummary')}
          </AlertTitle>
          {save.isError ? <ErrorMessage error={save.error} /> : null}
          {showErrors && noneChosen ? <div>{t('applicantFlow.procedures.chooseOne')}</div> : null}
        </Alert>
      ) : null}

      <FormControl component="fieldset" error={showErrors && noneChosen} disabled={!editable}>
        <FormLabel
          component="legend"
          sx={{ fontWeight: 700, fontSize: '1.25rem', color: 'text.primary', mb: 1 }}
        >
          {t('applicantFlow.procedures.legend')}
        </FormLabel>
        {showErrors && noneChosen ? (
          <FormHelperText sx={{ mx: 0, mb: 1 }}>{t('applicantFlow.procedures.chooseOne')}</FormHelperText>
        ) : null}
        <Stack spacing={2}>
          {available.map((p) => {
            const on = chosen.includes(p.id);
            const checks = showsCheckMessages(p, chosen);
            return (
              <Paper key={p.id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-procedure={p.code}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={on}
                      onChange={(event) => toggle(p.id, event.target.checked)}
                      slotProps={{
                        input: { 'aria-describedby': checks ? checkMessagesIds(p).describedBy : undefined },
                      }}
                    />
                  }
                  label={
                    <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
                      <Localized text={loc.field(p, 'name')} />
                    </Typography>
                  }
                  sx={{ minHeight: 44 }}
                  slotProps={{ typography: { component: 'span' } }}
                />
                <Box sx={{ pl: { xs: 0, sm: 4 } }}>
                  {p.remarks ? (
                    <Typography variant="body2" gutterBottom>
                      <Localized text={loc.field(p, 'remarks')} />
                    </Typography>
                  ) : null}
                  <Typography variant="body2">
                    {t('applicantFlow.procedures.printedCopies', { count: p.printed_copies })}
                  </Typography>
                  {p.is_signature_digital_certificate ? (
                    <Typography variant="body2">{t('applicantFlow.procedures.digitalSignature')}</Typography>
                  ) : null}
                  {checks ? <ProcedureCheckMessages procedure={p} /> : null}
                </Box>
              </Paper>
            );
          })}
        </Stack>
      </FormControl>

      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between' }}
      >
        <RouterButton
          to={screenPath(code, application.id, 'conciergeAssistant')}
          variant="outlined"
          size="large"
        >
          {t('applicantFlow.procedures.back')}
        </RouterButton>
        {editable ? (
          <Button type="submit" variant="contained" size="large" disabled={save.isPending}>
            {save.isPending ? t('applicantFlow.common.saving') : t('applicantFlow.procedures.save')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
