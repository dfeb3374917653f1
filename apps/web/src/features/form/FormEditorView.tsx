// One form page drawn from its state (use-form-editor): the progress, the notices the screen passes
// (unsaved-input guard, session ended), the restored-draft notice and the error summary, then the page's
// section (its "same as ..." buttons, its items and repeatable groups) and the navigation. When the
// assistant asked everything, one sentence and the way on to the review.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftNotice } from '../../lib/drafts/DraftNotice';
import { Localized, useLocalized } from '../../lib/i18n/localized';
import { ErrorSummary } from './ErrorSummary';
import { FormCopies } from './FormCopies';
import { FormItemField } from './FormItemField';
import { pagesOf, type FormItem } from './form-model';
import { FormNavigation } from './FormNavigation';
import { FormProgress } from './FormProgress';
import { RepeatGroup } from './RepeatGroup';
import { valueKey } from './repeats';
import type { FormEditorState } from './use-form-editor';

export function FormEditorView({
  state,
  guard,
  sessionEnded,
}: {
  state: FormEditorState;
  /** The unsaved-input guard (decision 0011), drawn first. */
  guard: ReactNode;
  /** The way to sign in again, drawn before the error summary once a save found the sign-in ended. */
  sessionEnded: ReactNode;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const { page, repeats } = state;

  const notices = (
    <>
      {guard}
      <DraftNotice restored={state.restored} notRestored={state.notRestored} />
      {sessionEnded}
      <ErrorSummary
        ref={state.summaryRef}
        problems={state.summary}
        general={state.general}
        onGo={state.goToProblem}
      />
    </>
  );

  if (!page) {
    // Everything was answered on the assistant's pages: one sentence, and on to the review.
    return (
      <Stack spacing={3} sx={{ alignItems: 'flex-start' }}>
        {notices}
        <Typography data-testid="form-nothing-left">
          {pagesOf(state.definition).length === 0
            ? t('applicantForm.form.empty')
            : t('prefill.form.nothingLeft')}
        </Typography>
        <Button variant="contained" size="large" onClick={() => state.submit('next')} disabled={state.saving}>
          {state.saving ? t('applicantForm.form.saving') : t('prefill.form.toReview')}
        </Button>
      </Stack>
    );
  }

  const renderField = (item: FormItem, sequence: number) => (
    <FormItemField key={valueKey(item.code, sequence)} state={state} item={item} sequence={sequence} />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        state.submit('next');
      }}
    >
      <Stack spacing={3}>
        {state.fromReview ? null : <FormProgress page={state.pageNumber} total={state.pages.length} />}
        {notices}

        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="form-page-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography variant="h2" id="form-page-heading" ref={state.headingRef} tabIndex={-1} gutterBottom>
            <Localized text={loc.field(page, 'name')} />
          </Typography>
          <Stack spacing={3}>
            <FormCopies state={state} />
            {state.parts.map((part) =>
              part.kind === 'item' ? (
                state.isHidden(part.item.code) ? null : (
                  renderField(part.item, 1)
                )
              ) : part.first.length > 0 || repeats.countOf(part.group) > 1 || page.items.length === 0 ? (
                <RepeatGroup
                  key={`group-${part.group.code}`}
                  group={part.group}
                  count={repeats.countOf(part.group)}
                  min={repeats.minOf(part.group)}
                  first={part.first}
                  later={part.later}
                  values={state.values}
                  isHidden={repeats.isHiddenAt}
                  renderField={renderField}
                  onAdd={() => state.addRepetition(part.group)}
                  onRemove={(n) => state.removeRepetitionOf(part.group, n)}
                />
              ) : null,
            )}
          </Stack>
        </Paper>

        <FormNavigation state={state} />
      </Stack>
    </Box>
  );
}
