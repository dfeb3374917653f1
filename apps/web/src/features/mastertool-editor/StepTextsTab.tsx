// 申請者への案内文: the group's own texts on the resident's steps page and completion page (decision 0028).
// Each text has a Japanese and an English field showing the built-in default as placeholder; an empty
// field means the default, and 「標準の文に戻す」 empties both.
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RESIDENT_STEPS } from '@portal/contracts';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Config, Edit } from './editor-state';
import { FieldProblems } from './fields';
import {
  defaultStepText,
  maxLengthOf,
  setStepText,
  stepText,
  stepTextLabel,
  stepTextPath,
  stepTextProblem,
  type StepTextPlace,
  type TextLanguage,
} from './step-texts';
import { fieldId } from './validation';

export function StepTextsTab({ config, edit }: { config: Config; edit: Edit }) {
  const { t } = useTranslation();
  const text = (place: StepTextPlace, help?: string) => (
    <StepTextField key={place} config={config} edit={edit} place={place} help={help} />
  );
  return (
    <Stack spacing={3}>
      <Typography>
        {t('mastertoolStepTexts.intro')} {t('mastertoolStepTexts.plain')}
      </Typography>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="texts-steps"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="texts-steps" gutterBottom>
          {t('mastertoolStepTexts.stepsHeading')}
        </Typography>
        <Stack spacing={3}>
          {text('steps_intro', t('mastertoolStepTexts.stepsIntroHelp'))}
          {RESIDENT_STEPS.map((step) => text(step))}
        </Stack>
      </Paper>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="texts-completion"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="texts-completion" gutterBottom>
          {t('mastertoolStepTexts.completionHeading')}
        </Typography>
        {text('completion_next', t('mastertoolStepTexts.completionNextHelp'))}
      </Paper>
    </Stack>
  );
}

/** One text: its Japanese and English, whether the default is shown, and the way back to it. */
function StepTextField({
  config,
  edit,
  place,
  help,
}: {
  config: Config;
  edit: Edit;
  place: StepTextPlace;
  help: string | undefined;
}) {
  const { t } = useTranslation();
  const label = stepTextLabel(t, place);
  const own = stepText(config, place, 'ja').trim() !== '';
  const any = own || stepText(config, place, 'en') !== '';
  const statusId = `${fieldId(stepTextPath(place, 'ja'))}-status`;
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
        {label}
      </Typography>
      {help ? <Typography variant="body2">{help}</Typography> : null}
      <LanguageField
        config={config}
        edit={edit}
        place={place}
        language="ja"
        label={label}
        status={statusId}
      />
      <LanguageField
        config={config}
        edit={edit}
        place={place}
        language="en"
        label={t('mastertool.fields.english', { label })}
        status={statusId}
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" id={statusId} color="text.secondary">
          {own ? t('mastertoolStepTexts.own') : t('mastertoolStepTexts.standard')}
        </Typography>
        <Button
          size="small"
          disabled={!any}
          aria-label={t('mastertoolStepTexts.resetLabel', { label })}
          onClick={() =>
            edit((c) => {
              setStepText(c, place, 'ja', '');
              setStepText(c, place, 'en', '');
            })
          }
        >
          {t('mastertoolStepTexts.reset')}
        </Button>
      </Stack>
    </Stack>
  );
}

function LanguageField({
  config,
  edit,
  place,
  language,
  label,
  status,
}: {
  config: Config;
  edit: Edit;
  place: StepTextPlace;
  language: TextLanguage;
  label: string;
  /** The id of the line saying which text residents see. */
  status: string;
}) {
  const { t } = useTranslation();
  const path = stepTextPath(place, language);
  const saved = useContext(FieldProblems).get(path);
  const problem = stepTextProblem(t, config, place, language) ?? saved;
  const value = stepText(config, place, language);
  const max = maxLengthOf(place);
  return (
    <TextField
      id={fieldId(path)}
      label={label}
      value={value}
      placeholder={defaultStepText(config, place, language)}
      onChange={(e) => edit((c) => setStepText(c, place, language, e.target.value))}
      multiline
      minRows={place === 'steps_intro' || place === 'completion_next' ? 3 : 2}
      fullWidth
      size="small"
      error={Boolean(problem)}
      helperText={problem ?? t('mastertoolStepTexts.count', { n: value.length, max })}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: {
          maxLength: max,
          lang: language,
          'aria-describedby': `${fieldId(path)}-helper-text ${status}`,
        },
      }}
    />
  );
}
