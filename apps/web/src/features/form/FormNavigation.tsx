// The buttons under a form page: back (past the first page) or, for a change from the review, a link
// back to it without saving; then the submit button, named by where it goes.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../lib/router/RouterLink';
import type { FormEditorState } from './use-form-editor';

export function FormNavigation({ state }: { state: FormEditorState }) {
  const { t } = useTranslation();
  const { fromReview, saving } = state;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {fromReview ? (
        <RouterLink to={state.review}>{t('prefill.form.returnWithoutChange')}</RouterLink>
      ) : state.pageIndex > 0 ? (
        <Button variant="outlined" size="large" onClick={() => state.submit('back')} disabled={saving}>
          {t('applicantForm.form.back')}
        </Button>
      ) : null}
      <Button type="submit" variant="contained" size="large" disabled={saving}>
        {saving
          ? t('applicantForm.form.saving')
          : fromReview
            ? t('prefill.form.saveAndReturn')
            : state.isLast
              ? t('applicantForm.form.toReview')
              : t('applicantForm.form.next')}
      </Button>
    </Stack>
  );
}
