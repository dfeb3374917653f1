// One standard item of an inline form (FO concierge): the input its type asks for, labelled, with its
// remarks, unit, error and source note tied to it (aria-describedby).
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { StandardItem } from '@portal/contracts';
import type { Answer } from '@portal/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Localized, useLocalized } from '../../lib/i18n/localized';
import { FieldLabel } from '../../lib/inputs/RequiredMark';
import { ChoiceOptions } from '../../lib/items/ChoiceOptions';
import { autocompleteOf, inputModeOf, inputTypeOf } from '../../lib/items/item-inputs';

export function ItemField({
  item,
  value,
  error,
  note,
  readOnly = false,
  onChange,
  children,
}: {
  item: StandardItem;
  value: Answer;
  error?: string;
  /** Where the shown value came from (「マイナンバーカードから入力しました」), while unchanged. */
  note?: string | undefined;
  /** The procedure requires the verified value: shown, not changeable (the note says why). */
  readOnly?: boolean;
  onChange: (value: string | string[]) => void;
  /** Shown under the field (postal-code lookup). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { field, language } = useLocalized();
  const id = `item-${item.code}`;
  const helpId = `${id}-help`;
  const text = typeof value === 'string' ? value : '';
  const help = [error, item.remarks, note].filter(Boolean);
  const helpText =
    help.length > 0 ? (
      <>
        {error}
        {error && item.remarks ? ' ' : null}
        {item.remarks ? <Localized text={field(item, 'remarks')} /> : null}
        {note ? (
          <Box component="span" data-testid={`source-${item.code}`} sx={{ display: 'block' }}>
            {note}
          </Box>
        ) : null}
      </>
    ) : undefined;
  const name = <Localized text={field(item, 'name')} />;
  const label = <FieldLabel required={item.required}>{name}</FieldLabel>;

  if (item.type === 'radio' || item.type === 'checkbox') {
    return (
      <FormControl component="fieldset" error={Boolean(error)} data-item={item.code} id={id} tabIndex={-1}>
        <FormLabel component="legend" id={`${id}-label`} sx={{ fontWeight: 700 }}>
          {label}
        </FormLabel>
        <ChoiceOptions
          item={item}
          name={id}
          value={value ?? undefined}
          readOnly={readOnly}
          labelledBy={`${id}-label`}
          describedBy={help.length > 0 ? helpId : undefined}
          onChange={onChange}
        />
        {help.length > 0 ? (
          <FormHelperText id={helpId} sx={{ mx: 0 }}>
            {helpText}
          </FormHelperText>
        ) : null}
      </FormControl>
    );
  }

  const type = inputTypeOf(item.type);
  const input = (
    <TextField
      id={id}
      type={type}
      data-item={item.code}
      label={label}
      value={text}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={helpText}
      required={false}
      select={item.type === 'select'}
      multiline={item.type === 'textarea'}
      minRows={item.type === 'textarea' ? 3 : undefined}
      fullWidth
      slotProps={{
        inputLabel:
          type === 'date' || type === 'time' || item.type === 'select' ? { shrink: true } : undefined,
        // A native select: the phone's own picker, and the same keys as any select.
        select: item.type === 'select' ? { native: true } : undefined,
        htmlInput: {
          inputMode: inputModeOf(item.type),
          autoComplete: autocompleteOf(item.code),
          maxLength: item.max_length ?? undefined,
          'aria-required': item.required || undefined,
          readOnly: readOnly || undefined,
        },
        input: item.suffix
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <Localized text={field(item, 'suffix')} />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    >
      {item.type === 'select'
        ? [
            <option key="" value="" disabled={readOnly}>
              {t('applicantFlow.assistant.choose')}
            </option>,
            ...item.choices.map((c) => {
              const shown = field(c, 'label');
              return (
                <option
                  key={c.value}
                  value={c.value}
                  disabled={readOnly && c.value !== text}
                  lang={shown.lang === language ? undefined : shown.lang}
                >
                  {shown.text}
                </option>
              );
            }),
          ]
        : null}
    </TextField>
  );
  return children ? (
    <Box>
      {input}
      {children}
    </Box>
  ) : (
    input
  );
}
