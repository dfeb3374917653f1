// applications/{id}/conciergeAssistant: the assistant questions, one page per shown sub category
// (`?sub=<id>`), with breadcrumbs, the page's image, live view rules (features/assistant), inline forms,
// the scoped-out message with what to do instead, and "why am I seeing this". A choice is saved at once
// (PUT concierge-values: the server keeps it and derives values from it); "next" saves the inline forms
// (PUT form/) and goes to the next shown page. Without `?sub` the server opens the first shown page not
// answered yet, so a resident who comes back continues where they stopped.
// The parts live in features/assistant (data, page state, page view); this screen puts them together with
// the application gate, the unsaved-input guard and the choice questions of features/concierge.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AssistantDone } from '../../../features/assistant/AssistantDone';
import { AssistantPageView } from '../../../features/assistant/AssistantPageView';
import { useAssistantData } from '../../../features/assistant/use-assistant-data';
import { useAssistantPage, type AssistantPageInput } from '../../../features/assistant/use-assistant-page';
import { ConciergeQuestion } from '../../../features/concierge/ConciergeQuestion';
import { ApplicationGate } from '../../../features/steps/ApplicationGate';
import { SessionEnded } from '../../../features/unsaved/SessionEnded';
import { UnsavedGuard } from '../../../features/unsaved/UnsavedGuard';
import { isApiError } from '../../../lib/api';
import { screenPath, useApplicationParams, type Application } from '../../../lib/application/steps';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { RouterLink } from '../../../lib/router/RouterLink';

/** `?sub=4`: a positive integer, or undefined. */
function subOf(search: Record<string, unknown>): number | undefined {
  const n = Number(search.sub);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function ConciergeAssistantScreen() {
  const { t } = useTranslation();
  const { code, applicationId } = useApplicationParams();
  const sub = subOf(useSearch({ strict: false }) as Record<string, unknown>);
  return (
    <ApplicationGate code={code} applicationId={applicationId} title={t('screens.conciergeAssistant')}>
      {(application) => <Assistant code={code} application={application} sub={sub} />}
    </ApplicationGate>
  );
}

function Assistant({ code, application, sub }: { code: string; application: Application; sub?: number }) {
  const { t } = useTranslation();
  const data = useAssistantData(code, application, sub);
  const editable = application.status === 'draft' || application.status === 'remanded';
  if (data.waiting) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{t('screens.conciergeAssistant')}</Typography>
        <Loading />
      </Stack>
    );
  }
  const { failed } = data;
  const view = data.view;
  const values = data.values.data;
  if (failed || !view || !values) {
    const notShown = isApiError(failed) && failed.status === 400;
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{t('screens.conciergeAssistant')}</Typography>
        {notShown ? (
          <Alert severity="warning">
            {t('applicantFlow.assistant.pageNotShown')}{' '}
            <RouterLink to={screenPath(code, application.id, 'conciergeAssistant')}>
              {t('applicantFlow.assistant.toFirstOpen')}
            </RouterLink>
          </Alert>
        ) : (
          <LoadError title={t('applicantFlow.assistant.loadError')} error={failed} onRetry={data.retry} />
        )}
      </Stack>
    );
  }
  const current = view.current_sub_category_id;
  if (sub === undefined && current !== null && editable) {
    // The page the server opened is pinned in the address: saving its answers must not move it.
    return <PinPage code={code} applicationId={application.id} sub={current} />;
  }
  if (current === null || !editable) {
    return <AssistantDone code={code} application={application} view={view} editable={editable} />;
  }
  return (
    <AssistantPage
      key={current}
      code={code}
      application={application}
      view={view}
      subId={current}
      formValues={values}
      catalog={data.catalog}
      copies={data.copies}
      labels={data.labels}
      catalogError={data.catalogError}
    />
  );
}

/** Puts the page the server chose into the address (`?sub=`), replacing the history entry. */
function PinPage({ code, applicationId, sub }: { code: string; applicationId: string; sub: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({
      to: screenPath(code, applicationId, 'conciergeAssistant'),
      search: { sub } as never,
      replace: true,
    });
  }, [navigate, code, applicationId, sub]);
  return <Loading />;
}

function AssistantPage({
  labels,
  catalogError,
  ...input
}: AssistantPageInput & Pick<Parameters<typeof AssistantPageView>[0], 'labels' | 'catalogError'>) {
  const state = useAssistantPage(input);
  const { code, application } = input;
  return (
    <AssistantPageView
      code={code}
      applicationId={application.id}
      view={input.view}
      state={state}
      catalog={input.catalog}
      copies={input.copies}
      labels={labels}
      catalogError={catalogError}
      notices={<UnsavedGuard isDirty={state.isDirty} />}
      sessionEnded={
        isApiError(state.problem) && state.problem.code === 'unauthenticated' ? (
          <SessionEnded ref={state.summaryRef} code={code} />
        ) : null
      }
      renderChoice={(question, error) => (
        <ConciergeQuestion
          question={question}
          error={error}
          onChoose={(optionId) => state.onChoose(question.concierge, optionId)}
        />
      )}
    />
  );
}
