// The "same as ..." buttons of a form page (「届出人と同じ住所を入力する」), offered where a copy applies and
// changes something, and the status line that says what a pressed one filled in.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../lib/i18n/localized';
import { visuallyHidden } from '../../lib/layout/visually-hidden';
import { copyIsOffered } from './form-model';
import type { FormEditorState } from './use-form-editor';

export function FormCopies({ state }: { state: FormEditorState }) {
  const { t } = useTranslation();
  const loc = useLocalized();
  // Offered only where a copy applies and changes something; a pressed button stays (focus stays on it).
  const copies = state.definition.copies.filter(
    (c) =>
      c.pairs.some((p) => state.pageCodes.has(p.target)) &&
      (copyIsOffered(c, state.values) || state.copied === loc.field(c, 'label').text),
  );
  return (
    <>
      {copies.map((copy) => (
        <Box key={copy.concierge_id}>
          <Button variant="outlined" onClick={() => state.onCopy(copy)}>
            {t('applicantForm.form.copy', { label: loc.field(copy, 'label').text })}
            {/* Two such buttons on one page (father, mother) differ by what they fill. */}
            <Box component="span" sx={visuallyHidden}>
              {t('applicantForm.form.copyTargets', {
                targets: copy.pairs
                  .map((p) => state.nameOf(p.target))
                  .join(loc.language === 'ja' ? '・' : ', '),
              })}
            </Box>
          </Button>
        </Box>
      ))}
      <Box role="status" aria-live="polite" sx={{ '&:empty': { display: 'none' } }}>
        {state.copied ? t('applicantForm.form.copied', { label: state.copied }) : null}
      </Box>
    </>
  );
}
