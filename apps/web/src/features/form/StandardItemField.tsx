// One standard item of the form, by its type: labelled, its remarks and error tied to the input
// (aria-describedby), its unit after the field, and autocomplete for the resident's own details.
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Localized, useLocalized } from '../../lib/i18n/localized';
import { FieldLabel } from '../../lib/inputs/RequiredMark';
import { ChoiceOptions } from '../../lib/items/ChoiceOptions';
import { fieldId, type FormItem } from './form-model';
import { autocompleteOf, inputModeOf, inputTypeOf } from '../../lib/items/item-inputs';

export function StandardItemField({
  item,
  fieldKey = item.code,
  labelSuffix,
  value,
  required,
  error,
  note,
  readOnly = false,
  onChange,
  onBlur,
  children,
}: {
  item: FormItem;
  /** The answer's key: the item code, or `code.N` for repetition N of a repeatable group. */
  fieldKey?: string;
  /**
   * Shown after the label: which repetition (「（2人目）」), so every field's name is its own, also in the
   * error summary and for voice control (text hidden for screen readers only would join with a space).
   */
  labelSuffix?: string | undefined;
  value: string | string[] | undefined;
  required: boolean;
  /** The problem shown at the field. */
  error?: string | undefined;
  /** A note under the field: where the shown value came from, while unchanged. */
  note?: string | undefined;
  /** The procedure requires the verified value: shown, not changeable (the note says why). */
  readOnly?: boolean;
  onChange: (value: string | string[]) => void;
  onBlur?: () => void;
  /** Shown under the field (postal-code lookup, name check). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { field, language } = useLocalized();
  const id = fieldId(fieldKey);
  // Required items get the one required mark; the input's `required` tells screen readers.
  const label = (
    <FieldLabel required={required}>
      <Localized text={field(item, 'name')} />
      {labelSuffix}
    </FieldLabel>
  );
  const helpParts = [item.remarks, note].filter(Boolean) as string[];
  const describedBy = [helpParts.length > 0 ? `${id}-help` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  const help = (
    <>
      {helpParts.length > 0 ? (
        <FormHelperText id={`${id}-help`} sx={{ mx: 0, color: 'text.secondary' }}>
          {item.remarks ? <Localized text={field(item, 'remarks')} /> : null}
          {note ? (
            <Box component="span" data-testid={`source-${fieldKey}`} sx={{ display: 'block' }}>
              {note}
            </Box>
          ) : null}
        </FormHelperText>
      ) : null}
      {error ? (
        <FormHelperText id={`${id}-error`} error sx={{ mx: 0, fontWeight: 700 }}>
          {t('applicantForm.form.errorPrefix')}
          {error}
        </FormHelperText>
      ) : null}
    </>
  );

  if (item.type === 'radio' || item.type === 'checkbox') {
    return (
      <FormControl
        component="fieldset"
        error={Boolean(error)}
        required={required}
        sx={{ display: 'block' }}
        data-item={fieldKey}
      >
        <FormLabel component="legend" id={`${id}-label`} sx={{ fontWeight: 700, mb: 0.5 }}>
          {label}
        </FormLabel>
        <ChoiceOptions
          item={item}
          name={fieldKey}
          value={value}
          firstInputId={id}
          required={required}
          readOnly={readOnly}
          labelledBy={`${id}-label`}
          describedBy={describedBy || undefined}
          row={item.type === 'radio'}
          onChange={onChange}
          onBlur={onBlur}
        />
        {help}
        {children}
      </FormControl>
    );
  }

  const text = typeof value === 'string' ? value : '';
  return (
    <FormControl sx={{ display: 'block' }} data-item={fieldKey}>
      <TextField
        id={id}
        label={label}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        required={required}
        error={Boolean(error)}
        fullWidth
        multiline={item.type === 'textarea'}
        minRows={item.type === 'textarea' ? 3 : undefined}
        type={inputTypeOf(item.type)}
        select={item.type === 'select'}
        sx={{ maxWidth: item.type === 'textarea' || item.code.endsWith('address') ? 640 : 420 }}
        slotProps={{
          inputLabel: { shrink: true },
          select: { native: true },
          htmlInput: {
            'aria-describedby': describedBy || undefined,
            'aria-invalid': error ? true : undefined,
            autoComplete: autocompleteOf(item.code),
            inputMode: inputModeOf(item.type),
            readOnly: readOnly || undefined,
            // Postal codes and phone numbers are often typed with hyphens: no hard cut there.
            ...(item.max_length !== null && !['select', 'postal_code', 'phone'].includes(item.type)
              ? { maxLength: item.max_length }
              : {}),
          },
          input: item.suffix
            ? {
                endAdornment: (
                  <InputAdornment position="end">
                    <Localized text={field(item, 'suffix')} />
                  </InputAdornment>
                ),
              }
            : {},
        }}
      >
        {item.type === 'select' ? (
          <>
            <option value="" disabled={readOnly}>
              {t('applicantForm.form.choose')}
            </option>
            {item.choices.map((choice) => {
              const shown = field(choice, 'label');
              return (
                <option
                  key={choice.value}
                  value={choice.value}
                  disabled={readOnly && choice.value !== value}
                  lang={shown.lang === language ? undefined : shown.lang}
                >
                  {shown.text}
                </option>
              );
            })}
          </>
        ) : null}
      </TextField>
      {help}
      {children}
    </FormControl>
  );
}
