// 「選択を解除する」: a small text button after an optional radio item's options that takes its answer
// away (a resident who chose by mistake, a clerk who empties an answer). The item's name follows for
// screen readers only, so two such buttons on a page are told apart.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../layout/visually-hidden';

export function ClearChoice({ name, onClear }: { name: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ position: 'relative', alignSelf: 'flex-start' }}>
      <Button
        type="button"
        variant="text"
        size="small"
        onClick={onClear}
        data-clear-choice=""
        sx={{ minHeight: 44, px: 1, ml: -1 }}
      >
        {t('applicantForm.form.clearChoice')}
        <Box component="span" sx={visuallyHidden}>
          {t('applicantForm.form.clearChoiceOf', { name })}
        </Box>
      </Button>
    </Box>
  );
}
