// An item's input check picked from named formats (郵便番号, 電話番号, カタカナ, ひらがな, 半角英数, 文字数),
// stored as the pattern and lengths the runtime evaluates; the regular expression is the expert's option.
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StandardItem } from '@portal/contracts';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldProblems, NullableNumberInput, SelectInput } from './fields';
import {
  fixedLength,
  formatOf,
  ITEM_FORMATS,
  patternProblem,
  withFormat,
  type ItemFormat,
} from './item-formats';
import { fieldId } from './validation';

/** Formats that name what the value is: offered on free-text items only (the other types check their own). */
const NAMED: ReadonlySet<ItemFormat> = new Set([
  'postal_code',
  'phone',
  'katakana',
  'hiragana',
  'alphanumeric',
]);

export function ItemCheckFields({
  path,
  item,
  edit,
}: {
  path: string;
  item: StandardItem;
  edit: (change: (item: StandardItem) => void) => void;
}) {
  const { t } = useTranslation();
  const saved = useContext(FieldProblems).get(`${path}.pattern`);
  const freeText = item.type === 'text' || item.type === 'textarea';
  const offered = ITEM_FORMATS.filter((f) => freeText || !NAMED.has(f));
  const stored = formatOf(item);
  const [chosen, setChosen] = useState<ItemFormat>(stored);
  // What the stored check cannot tell apart: "length only" with no length yet, an expert's pattern that
  // is being typed (or empty), a named pattern on a type that does not offer it.
  const shown: ItemFormat =
    chosen === 'custom' || !offered.includes(stored)
      ? 'custom'
      : chosen === 'length' && stored === 'none'
        ? 'length'
        : stored;
  const badPattern = shown === 'custom' && patternProblem(item.pattern);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <SelectInput<ItemFormat>
          path={`${path}.format`}
          label={t('mastertoolCodes.format.label')}
          value={shown}
          options={offered.map((value) => ({ value, label: t(`mastertoolCodes.format.names.${value}`) }))}
          onChange={(v) => {
            setChosen(v);
            edit((it) => Object.assign(it, withFormat(it, v)));
          }}
        />
        {NAMED.has(shown) && item.pattern !== null ? (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('mastertoolCodes.format.stored', { pattern: item.pattern })}
          </Typography>
        ) : null}
      </Stack>
      {shown !== 'none' && !fixedLength(shown) ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <NullableNumberInput
            path={`${path}.min_length`}
            label={t('mastertool.items.minLength')}
            min={0}
            value={item.min_length}
            onChange={(v) => edit((it) => void (it.min_length = v))}
          />
          <NullableNumberInput
            path={`${path}.max_length`}
            label={t('mastertool.items.maxLength')}
            min={1}
            value={item.max_length}
            onChange={(v) => edit((it) => void (it.max_length = v))}
          />
        </Stack>
      ) : null}
      {shown === 'custom' ? (
        <TextField
          id={fieldId(`${path}.pattern`)}
          label={t('mastertoolCodes.format.pattern')}
          value={item.pattern ?? ''}
          onChange={(e) => {
            const v = e.target.value;
            edit((it) => void (it.pattern = v.trim() === '' ? null : v));
          }}
          error={Boolean(saved) || badPattern}
          helperText={
            saved ??
            (badPattern
              ? t('mastertoolCodes.format.patternInvalid')
              : t('mastertoolCodes.format.patternHelp'))
          }
          size="small"
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      ) : null}
    </Stack>
  );
}
