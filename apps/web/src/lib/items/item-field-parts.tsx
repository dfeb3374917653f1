// What every standard-item field shares: its props, its label (with the one required mark), its help
// (remarks, the source note, the error) tied to the input, and the text-like input they all build on.
// Two layouts, deliberately different: `inline` is the assistant's compact field inside a question box
// (the error in the help line, checkboxes side by side, a choice group itself takes focus); `page` is the
// form's and the staff editor's (the error on its own line after 「エラー：」, one checkbox per line, the
// first option takes focus, a note and the remarks apart from the error).
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { StandardItem } from '@portal/contracts';
import type { Answer } from '@portal/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Localized, useLocalized } from '../i18n/localized';
import { FieldLabel } from '../inputs/RequiredMark';
import { autocompleteOf, inputModeOf, inputTypeOf } from './item-inputs';

export type FieldLayout = 'inline' | 'page';

/** What any standard-item field takes. */
export interface ItemFieldProps {
  item: StandardItem;
  /** The element id of the input (the error summary's link target): `item-x`, `field-x`, `answer-x`. */
  id: string;
  /** The answer's key: the item code, or `code.N` for repetition N of a repeatable group. */
  fieldKey?: string | undefined;
  layout: FieldLayout;
  /** The label; by default the item's name in the page's language with the required mark. */
  label?: ReactNode;
  /** Shown after the default label: which repetition (「（2人目）」), so every field's name is its own. */
  labelSuffix?: string | undefined;
  value: Answer;
  required: boolean;
  /** The problem shown at the field. */
  error?: string | undefined;
  /** Where the shown value came from (「マイナンバーカードから入力しました」), while unchanged. */
  note?: string | undefined;
  /** The procedure requires the verified value: shown, not changeable (the note says why). */
  readOnly?: boolean | undefined;
  /**
   * The resident's own details (autocomplete tokens such as family-name); false where someone else's
   * answers are edited (staff), so the browser never offers the clerk's own name.
   */
  ownDetails?: boolean | undefined;
  onChange: (value: string | string[]) => void;
  onBlur?: (() => void) | undefined;
  /** Shown under the field (postal-code lookup, name check). */
  children?: ReactNode;
}

/** The field's label: the given one, else the item's name (and repetition) with the required mark. */
export function ItemLabel({ item, label, labelSuffix, required }: ItemFieldProps) {
  const { field } = useLocalized();
  if (label !== undefined) return <>{label}</>;
  return (
    <FieldLabel required={required}>
      <Localized text={field(item, 'name')} />
      {labelSuffix}
    </FieldLabel>
  );
}

/** The ids the input's aria-describedby lists in the page layout (help, then error), or undefined. */
export function pageDescribedBy({ item, id, note, error }: ItemFieldProps): string | undefined {
  const ids = [item.remarks || note ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The help of the page layout: remarks and note, then the error on a line of its own. */
export function PageHelp({ item, id, fieldKey = item.code, note, error }: ItemFieldProps) {
  const { t } = useTranslation();
  const { field } = useLocalized();
  return (
    <>
      {item.remarks || note ? (
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
}

/** The help of the inline layout, one line: the error, the remarks, the note. Undefined when empty. */
export function inlineHelp(
  { item, fieldKey = item.code, note, error }: ItemFieldProps,
  field: ReturnType<typeof useLocalized>['field'],
): ReactNode {
  if (!error && !item.remarks && !note) return undefined;
  return (
    <>
      {error}
      {error && item.remarks ? ' ' : null}
      {item.remarks ? <Localized text={field(item, 'remarks')} /> : null}
      {note ? (
        <Box component="span" data-testid={`source-${fieldKey}`} sx={{ display: 'block' }}>
          {note}
        </Box>
      ) : null}
    </>
  );
}

/**
 * The text-like input every non-choice item is drawn with (its type, keyboard, autocomplete and unit
 * from the item), in either layout. `options` makes it a native select (the phone's own picker).
 */
export function ItemTextInput(props: ItemFieldProps & { options?: ReactNode }) {
  const { item, id, fieldKey = item.code, layout, value, required, error, readOnly, options } = props;
  const { field } = useLocalized();
  const type = inputTypeOf(item.type);
  const select = options !== undefined;
  const text = typeof value === 'string' ? value : Array.isArray(value) ? value.join(',') : '';
  const page = layout === 'page';
  const help = page ? undefined : inlineHelp(props, field);
  const input = (
    <TextField
      id={id}
      type={type}
      data-item={page ? undefined : fieldKey}
      label={<ItemLabel {...props} />}
      value={text}
      onChange={(event) => props.onChange(event.target.value)}
      onBlur={props.onBlur}
      required={required}
      error={Boolean(error)}
      helperText={help}
      fullWidth
      select={select}
      multiline={item.type === 'textarea'}
      minRows={item.type === 'textarea' ? 3 : undefined}
      sx={
        page ? { maxWidth: item.type === 'textarea' || item.code.endsWith('address') ? 640 : 420 } : undefined
      }
      slotProps={{
        // Dates and times draw their own placeholder; labels above the field are the applicant theme's.
        inputLabel: type === 'date' || type === 'time' || select ? { shrink: true } : undefined,
        select: select ? { native: true } : undefined,
        htmlInput: {
          ...(page
            ? { 'aria-describedby': pageDescribedBy(props), 'aria-invalid': error ? true : undefined }
            : {}),
          inputMode: inputModeOf(item),
          autoComplete: props.ownDetails === false ? 'off' : autocompleteOf(item.code),
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
          : undefined,
      }}
    >
      {options}
    </TextField>
  );
  if (page) {
    return (
      <FormControl sx={{ display: 'block' }} data-item={fieldKey}>
        {input}
        <PageHelp {...props} />
        {props.children}
      </FormControl>
    );
  }
  return props.children ? (
    <Box>
      {input}
      {props.children}
    </Box>
  ) : (
    input
  );
}
