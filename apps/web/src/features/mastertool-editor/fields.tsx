// The editor's inputs. Each is named by the configuration path it edits (`fieldId(path)`), so a problem
// found before saving can move focus straight to it; each shows the problem of its path, if any.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/layout/visually-hidden';
import { fieldId } from './validation';

/** Problem messages by path, shown at their field. */
export const FieldProblems = createContext<ReadonlyMap<string, string>>(new Map());

function useProblem(path: string): string | undefined {
  return useContext(FieldProblems).get(path);
}

export function TextInput({
  path,
  label,
  value,
  onChange,
  multiline,
  required,
  type,
  helper,
  width = 'full',
}: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  required?: boolean;
  type?: 'text' | 'date' | 'number';
  helper?: string;
  width?: 'full' | 'short';
}) {
  const problem = useProblem(path);
  return (
    <TextField
      id={fieldId(path)}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      required={required}
      type={type}
      error={Boolean(problem)}
      helperText={problem ?? helper}
      fullWidth={width === 'full'}
      size="small"
      sx={width === 'short' ? { width: { xs: '100%', sm: 220 } } : undefined}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
    />
  );
}

/**
 * The English of a text field, shown next to it as 「名称（英語）」 (decision 0009). It may stay empty:
 * residents then see the Japanese.
 */
export function EnglishInput({
  path,
  label,
  value,
  onChange,
  multiline,
  helper,
}: {
  /** The path of the English, e.g. `disclosure.procedures[0].en.name`. */
  path: string;
  /** The label of the Japanese field. */
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  multiline?: boolean;
  helper?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      path={path}
      label={t('mastertool.fields.english', { label })}
      value={value ?? ''}
      onChange={onChange}
      multiline={multiline}
      helper={helper}
    />
  );
}

/** Text that may be empty in the form but is null in the configuration. */
export function NullableText(props: {
  path: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  multiline?: boolean;
  helper?: string;
}) {
  return (
    <TextInput
      {...props}
      value={props.value ?? ''}
      onChange={(v) => props.onChange(v.trim() === '' ? null : v)}
    />
  );
}

export function NumberInput({
  path,
  label,
  value,
  onChange,
  min,
}: {
  path: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
}) {
  const problem = useProblem(path);
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  return (
    <TextField
      id={fieldId(path)}
      label={label}
      value={text}
      type="number"
      size="small"
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() !== '' && Number.isFinite(n)) onChange(n);
      }}
      error={Boolean(problem)}
      helperText={problem}
      slotProps={{ htmlInput: { min, step: 1 } }}
      sx={{ width: { xs: '100%', sm: 180 } }}
    />
  );
}

/** A whole number that may be empty in the form and is then null in the configuration (the check names a bad one). */
export function NullableNumberInput({
  path,
  label,
  value,
  onChange,
  min,
  max,
  helper,
}: {
  path: string;
  label: string;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  helper?: string;
}) {
  const problem = useProblem(path);
  const [text, setText] = useState(value == null ? '' : String(value));
  useEffect(() => setText(value == null ? '' : String(value)), [value]);
  return (
    <TextField
      id={fieldId(path)}
      label={label}
      value={text}
      type="number"
      size="small"
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value);
        if (e.target.value.trim() === '') onChange(null);
        else if (Number.isFinite(n)) onChange(n);
      }}
      error={Boolean(problem)}
      helperText={problem ?? helper}
      slotProps={{ htmlInput: { min, max, step: 1 } }}
      sx={{ width: { xs: '100%', sm: 240 } }}
    />
  );
}

export function CheckInput({
  path,
  label,
  checked,
  onChange,
}: {
  path: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      control={<Checkbox id={fieldId(path)} checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
      sx={{ minHeight: 44 }}
    />
  );
}

export function SelectInput<V extends string>({
  path,
  label,
  value,
  options,
  onChange,
}: {
  path: string;
  label: string;
  value: V;
  /** `code`: a type code, shown small after the name in the list (never instead of it); `icon`: beside it. */
  options: readonly { value: V; label: string; code?: string; icon?: ReactNode }[];
  onChange: (value: V) => void;
}) {
  const { t } = useTranslation();
  const problem = useProblem(path);
  const byValue = new Map(options.map((o) => [o.value as string, o]));
  return (
    <TextField
      select
      id={fieldId(path)}
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V)}
      error={Boolean(problem)}
      helperText={problem}
      size="small"
      // The chosen value reads as its name (with its icon), not as the code or the list's caption.
      slotProps={{
        select: {
          renderValue: (v) => {
            const o = byValue.get(v as string);
            return o?.icon ? (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                {o.icon}
                {o.label}
              </Box>
            ) : (
              (o?.label ?? String(v))
            );
          },
        },
      }}
      sx={{ minWidth: { xs: '100%', sm: 220 } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} sx={{ gap: 1 }}>
          {o.icon ?? null}
          <span>{o.label}</span>
          {o.code ? (
            <>
              {/* Read 「入力フォーム、コード FO」: the name first, the code after a pause. */}
              <Box component="span" sx={visuallyHidden}>
                {t('mastertool.typeCodePause')}
              </Box>
              <Typography
                component="span"
                variant="caption"
                color="text.secondary"
                sx={{ ml: 'auto', pl: 2 }}
              >
                {o.code}
              </Typography>
            </>
          ) : null}
        </MenuItem>
      ))}
    </TextField>
  );
}
