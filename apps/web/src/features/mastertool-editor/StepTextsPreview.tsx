// The preview's 申請の流れ and 「このあとの流れ」 as residents will read them with the saved draft: the
// group's own texts where it words them, else the defaults (decision 0028).
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { RESIDENT_STEPS } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { Config } from './editor-state';
import { defaultStepText, stepText, type StepTextPlace } from './step-texts';

export function StepTextsPreview({ config }: { config: Config }) {
  const { t } = useTranslation();
  const shown = (place: StepTextPlace) =>
    stepText(config, place, 'ja').trim() || defaultStepText(config, place, 'ja');
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="preview-texts"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h2" id="preview-texts" gutterBottom>
        {t('mastertoolStepTexts.previewHeading')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }} data-testid="preview-steps-intro">
        {shown('steps_intro')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 1 } }}>
        {RESIDENT_STEPS.map((step) => (
          <li key={step}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {t(`applicantFlow.steps.step.${step}.title`)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {shown(step)}
            </Typography>
          </li>
        ))}
      </Box>
      <Typography variant="h3" sx={{ mt: 2 }} gutterBottom>
        {t('applicantForm.complete.nextHeading')}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {shown('completion_next')}
      </Typography>
    </Paper>
  );
}
