// form: the standard items of the chosen procedures, one page per fragment, asking only what the
// assistant did not (issue 12). The hidden rules and the "same as ..." copies run in the browser
// (@portal/rules) as the resident types; every page is saved on the server, which checks the answers
// again. Its field errors show at the field and in a summary at the top whose links move to the field
// (on another page when needed). Nothing typed is lost on an error. `?from=review` returns to the review.
// A repeatable group's items show once per child (decision 0013): the assistant asks about the first child
// only, so the pages of the group come back for a second child, the first child's answers read only there.
// The parts live in features/form (data, editor state, page view); this screen puts them together with
// the unsaved-input guard and the "sign in again" notice of features/unsaved (drafts: lib/drafts).
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NoProcedures, NotFoundApplication, ReadOnlyNotice } from '../../../features/form/FormBlocked';
import { FormEditorView } from '../../../features/form/FormEditorView';
import { useFormData } from '../../../features/form/use-form-data';
import { useFormEditor, type FormEditorInput } from '../../../features/form/use-form-editor';
import { SessionEnded } from '../../../features/unsaved/SessionEnded';
import { UnsavedGuard } from '../../../features/unsaved/UnsavedGuard';
import { isEditable } from '../../../lib/application/application';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { usePageTitle } from '../../../lib/router/head';

export function FormScreen() {
  const { t } = useTranslation();
  const { code, applicationId, app, application, definition, values, failed, retry } = useFormData();
  usePageTitle(t('screens.form'));

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.form')}
        </Typography>
        <Typography>{t('applicantForm.form.intro')}</Typography>
      </Box>
      {failed ? (
        <LoadError title={t('applicantForm.form.loadError')} error={failed} onRetry={retry} />
      ) : app.missing ? (
        <NotFoundApplication code={code} />
      ) : application && application.procedure_ids.length === 0 ? (
        <NoProcedures code={code} applicationId={applicationId} />
      ) : application && !isEditable(application) ? (
        <ReadOnlyNotice code={code} application={application} />
      ) : application && definition.data && values.data ? (
        <FormEditor
          key={`${definition.data.version}:${application.procedure_ids.join(',')}`}
          code={code}
          application={application}
          definition={definition.data}
          saved={values.data}
        />
      ) : (
        <Loading />
      )}
    </Stack>
  );
}

function FormEditor(input: FormEditorInput) {
  const state = useFormEditor(input);
  return (
    <FormEditorView
      state={state}
      guard={<UnsavedGuard isDirty={state.isDirty} />}
      sessionEnded={state.sessionEnded ? <SessionEnded ref={state.sessionRef} code={input.code} /> : null}
    />
  );
}
