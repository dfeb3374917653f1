// The options of a radio or checkbox item, for the assistant and the form alike. A read-only item (the
// procedure requires the verified value) keeps its chosen options focusable and announced as chosen;
// the others are disabled, and nothing changes the answer.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { StandardItem } from '@portal/contracts';
import { Localized, useLocalized } from '../i18n/localized';

export function ChoiceOptions({
  item,
  name,
  value,
  firstInputId,
  required = false,
  readOnly = false,
  labelledBy,
  describedBy,
  row = true,
  onChange,
  onBlur,
}: {
  item: Pick<StandardItem, 'type' | 'choices'>;
  /** The radio group's name (one per answer). */
  name: string;
  value: string | string[] | undefined;
  /** The id of the first option's input (the target of an error summary's link). */
  firstInputId?: string | undefined;
  required?: boolean;
  readOnly?: boolean;
  labelledBy: string;
  describedBy?: string | undefined;
  /** Checkboxes side by side (the assistant) or one per line (the form). */
  row?: boolean;
  onChange: (value: string | string[]) => void;
  onBlur?: (() => void) | undefined;
}) {
  const { field } = useLocalized();
  const list = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? [value] : [];
  const inputOf = (index: number) => (index === 0 && firstInputId ? { id: firstInputId } : {});
  const label = (choice: StandardItem['choices'][number]) => <Localized text={field(choice, 'label')} />;

  if (item.type === 'radio') {
    return (
      <RadioGroup
        row
        name={name}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => {
          if (!readOnly) onChange(event.target.value);
        }}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
      >
        {item.choices.map((choice, index) => (
          <FormControlLabel
            key={choice.value}
            value={choice.value}
            disabled={readOnly && !list.includes(choice.value)}
            control={
              <Radio
                onBlur={onBlur}
                slotProps={{ input: inputOf(index) }}
                required={required && index === 0}
              />
            }
            required={false}
            label={label(choice)}
            sx={{ mr: 4, minHeight: 44 }}
          />
        ))}
      </RadioGroup>
    );
  }
  return (
    <FormGroup row={row} role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {item.choices.map((choice, index) => (
        <FormControlLabel
          key={choice.value}
          disabled={readOnly && !list.includes(choice.value)}
          control={
            <Checkbox
              checked={list.includes(choice.value)}
              onChange={(event) => {
                if (readOnly) return;
                onChange(
                  event.target.checked ? [...list, choice.value] : list.filter((v) => v !== choice.value),
                );
              }}
              onBlur={onBlur}
              slotProps={{ input: inputOf(index) }}
            />
          }
          label={label(choice)}
          sx={{ mr: 3, minHeight: 44 }}
        />
      ))}
    </FormGroup>
  );
}
