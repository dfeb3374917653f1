// Where the resident is in the form: page X of Y, how many pages remain (or that this is the last).
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function FormProgress({ page, total }: { page: number; total: number }) {
  const { t } = useTranslation();
  const left = total - page;
  return (
    <Box>
      <Typography id="form-progress" variant="body2" gutterBottom>
        {t('applicantForm.form.progress', { page, total })}{' '}
        <Box component="span" sx={{ ml: 2 }} data-testid="form-pages-left">
          {left > 0 ? t('prefill.progress.remaining', { count: left }) : t('prefill.progress.last')}
        </Box>
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(page / Math.max(total, 1)) * 100}
        aria-labelledby="form-progress"
      />
    </Box>
  );
}
