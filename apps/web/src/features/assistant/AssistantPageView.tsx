// One assistant page drawn from its state (use-assistant-page): the head, the notices the screen passes
// (unsaved-input guard, session ended), the error summary, the questions, the scoped-out message, the
// copy announcement and the navigation. Choice questions are drawn by the screen (`renderChoice`).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StandardItem } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftNotice } from '../../lib/drafts/DraftNotice';
import { useLocalized } from '../../lib/i18n/localized';
import type { FormDefinition } from '../../lib/items/form-types';
import { usePageTitle } from '../../lib/router/head';
import { questionReasons, type AssistantQuestion, type LabelIndex } from './assistant';
import { AssistantErrorSummary } from './AssistantErrorSummary';
import { AssistantHeader } from './AssistantHeader';
import { AssistantNavigation } from './AssistantNavigation';
import { ScopedOut, Why } from './AssistantPageParts';
import { InlineFormQuestion } from './InlineFormQuestion';
import type { AssistantPageState, AssistantView } from './use-assistant-page';

export function AssistantPageView({
  code,
  applicationId,
  view,
  state,
  catalog,
  copies,
  labels,
  catalogError,
  notices,
  sessionEnded,
  renderChoice,
}: {
  code: string;
  applicationId: string;
  view: AssistantView;
  state: AssistantPageState;
  catalog: ReadonlyMap<string, StandardItem>;
  copies: FormDefinition['copies'];
  labels: LabelIndex;
  catalogError: boolean;
  /** The unsaved-input guard (decision 0011), drawn before the summary. */
  notices: ReactNode;
  /** Drawn instead of the error summary when the save found the sign-in ended. */
  sessionEnded: ReactNode;
  renderChoice: (question: AssistantQuestion, error: string | undefined) => ReactNode;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const { page, index, maxPages } = state;
  const sub = page?.sub;
  usePageTitle(
    sub
      ? t('applicantFlow.assistant.pageTitle', { page: loc.field(sub, 'name').text, current: index + 1 })
      : undefined,
  );
  if (!page || !sub) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{t('screens.conciergeAssistant')}</Typography>
        <Alert severity="warning">{t('applicantFlow.assistant.pageNotShown')}</Alert>
      </Stack>
    );
  }

  return (
    <Stack
      spacing={3}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void state.onNext();
      }}
    >
      <AssistantHeader
        sub={sub}
        categories={view.categories}
        index={index}
        most={maxPages}
        labels={labels}
        headingRef={state.headingRef}
      />

      {catalogError ? <Alert severity="info">{t('applicantFlow.assistant.catalogError')}</Alert> : null}

      {notices}
      <DraftNotice restored={state.restored} notRestored={state.notRestored} />
      {sessionEnded ?? (
        <AssistantErrorSummary errors={state.errors} problem={state.problem} summaryRef={state.summaryRef} />
      )}

      {page.questions.map((question) => {
        const reasons = questionReasons(question.concierge, page, labels);
        const why =
          reasons.length === 1 && reasons[0]!.kind === 'always' ? null : (
            <Why
              id={`concierge-${question.concierge.id}`}
              label={t('applicantFlow.why.question')}
              reasons={reasons}
            />
          );
        if (question.concierge.type === 'QT') {
          return (
            <Paper key={question.concierge.id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              {renderChoice(question, state.errors[`concierge-${question.concierge.id}`])}
              {why}
            </Paper>
          );
        }
        return (
          <InlineFormQuestion
            key={question.concierge.id}
            concierge={question.concierge}
            catalog={catalog}
            copies={copies}
            items={state.items}
            savedItems={state.savedItems}
            states={state.states}
            errors={state.errors}
            copied={state.copied}
            why={why}
            onItem={state.onItem}
            onCopy={state.onCopy}
          />
        );
      })}

      <Box aria-live="polite">
        {page.scopedOut ? (
          <ScopedOut
            code={code}
            messages={loc.list(page.scopedOutMessages, page.scopedOutMessagesEn)}
            alertRef={(element) => {
              state.scopedRef.current = element;
            }}
          />
        ) : null}
      </Box>
      <Box
        aria-live="polite"
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
        }}
      >
        {state.announcement}
      </Box>

      <AssistantNavigation
        code={code}
        applicationId={applicationId}
        previous={state.previous}
        isLast={state.isLast}
        saving={state.submitting}
        onPrevious={state.focusNextHeading}
      />
    </Stack>
  );
}
