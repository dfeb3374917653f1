// One choice question of the concierge: a labelled radio group (Tab to it, arrows or Space to choose).
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import { Localized, useLocalized } from '../../lib/i18n/localized';
import { InputStateRadio } from '../../lib/inputs/InputStateRadio';
import { questionField, type FilterQuestion } from './filter';

export function ConciergeQuestion({
  question,
  error,
  onChoose,
  required = false,
}: {
  question: FilterQuestion;
  /** The message shown when the question must be answered and is not. */
  error?: string;
  onChoose: (optionId: number) => void;
  /** Part of a plain form (the filter): the browser asks for a choice before the script takes over. */
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { field } = useLocalized();
  const { concierge, options, selected } = question;
  const id = questionField(concierge.id);
  const describedBy = [concierge.remarks ? `${id}-remarks` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      data-concierge={concierge.id}
      sx={{ display: 'block' }}
    >
      <FormLabel component="legend" id={`${id}-label`} sx={{ fontWeight: 700, mb: 0.5 }}>
        <Localized text={field(concierge, concierge.question.trim() ? 'question' : 'name')} />
      </FormLabel>
      {concierge.remarks ? (
        <FormHelperText id={`${id}-remarks`} sx={{ mx: 0, color: 'text.secondary', fontSize: '0.875rem' }}>
          {t('filter.remarks')}: <Localized text={field(concierge, 'remarks')} />
        </FormHelperText>
      ) : null}
      <RadioGroup
        row={concierge.is_horizontal}
        name={id}
        value={selected === undefined ? '' : String(selected)}
        onChange={(event) => onChoose(Number(event.target.value))}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy || undefined}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.id}
            value={String(option.id)}
            control={<InputStateRadio required={required} />}
            label={<Localized text={field(option, 'value')} />}
            sx={{ mr: 4, minHeight: 44 }}
          />
        ))}
      </RadioGroup>
      {error ? (
        <FormHelperText id={`${id}-error`} sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
