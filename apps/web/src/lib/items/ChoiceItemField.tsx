// A radio or checkbox item: a fieldset named by its legend, the options (ChoiceOptions), the help tied to
// the group. Inline (the assistant), the group itself takes focus and checkboxes sit side by side; on a
// page (the form, the staff editor), the first option takes focus and checkboxes go one per line.
// An optional radio item with an answer offers a way back to no answer (ClearChoice): a radio cannot be
// unchosen otherwise, and a checkbox or a select already can.
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useRef } from 'react';
import { useLocalized } from '../i18n/localized';
import { ChoiceOptions } from './ChoiceOptions';
import { ClearChoice } from './ClearChoice';
import { inlineHelp, ItemLabel, pageDescribedBy, PageHelp, type ItemFieldProps } from './item-field-parts';

export function ChoiceItemField(props: ItemFieldProps) {
  const { field } = useLocalized();
  const { item, id, fieldKey = item.code, layout, value, required, error, readOnly } = props;
  const page = layout === 'page';
  const help = page ? undefined : inlineHelp(props, field);
  const helpId = `${id}-help`;
  const list = typeof value === 'string' || Array.isArray(value) ? value : undefined;
  const group = useRef<HTMLFieldSetElement>(null);
  const clearable =
    item.type === 'radio' && !required && !readOnly && typeof value === 'string' && value !== '';
  return (
    <FormControl
      component="fieldset"
      ref={group}
      error={Boolean(error)}
      required={required}
      data-item={fieldKey}
      {...(page ? { sx: { display: 'block' } } : { id, tabIndex: -1 })}
    >
      <FormLabel component="legend" id={`${id}-label`} sx={{ fontWeight: 700, ...(page ? { mb: 0.5 } : {}) }}>
        <ItemLabel {...props} />
      </FormLabel>
      <ChoiceOptions
        item={item}
        name={fieldKey}
        value={list}
        firstInputId={page ? id : undefined}
        required={required}
        readOnly={readOnly}
        labelledBy={`${id}-label`}
        describedBy={page ? pageDescribedBy(props) : help ? helpId : undefined}
        row={page ? item.type === 'radio' : true}
        onChange={props.onChange}
        onBlur={props.onBlur}
      />
      {clearable ? (
        <ClearChoice
          name={
            typeof props.label === 'string'
              ? props.label
              : field(item, 'name').text + (props.labelSuffix ?? '')
          }
          onClear={() => {
            // The button goes with the answer: the focus moves to the first option, now the group's stop.
            group.current?.querySelector<HTMLInputElement>('input[type="radio"]:not(:disabled)')?.focus();
            props.onChange('');
          }}
        />
      ) : null}
      {page ? (
        <PageHelp {...props} />
      ) : help ? (
        <FormHelperText id={helpId} sx={{ mx: 0 }}>
          {help}
        </FormHelperText>
      ) : null}
      {props.children}
    </FormControl>
  );
}
