// The message to the applicant, required: a remand's message or a rejection's reason (decision 0037), for
// one document and in bulk.
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

export function RemandMessageField({
  inputRef,
  value,
  missing,
  help,
  onChange,
  label,
  requiredText,
}: {
  inputRef: Ref<HTMLTextAreaElement>;
  value: string;
  /** Sent empty once: the field says it is needed. */
  missing: boolean;
  help: string;
  onChange: (value: string) => void;
  /** The field's label and its message when empty; a remand's by default. */
  label?: string;
  requiredText?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      inputRef={inputRef}
      label={label ?? t('staff.detail.remandMessageLabel')}
      helperText={missing ? (requiredText ?? t('staff.detail.remandMessageRequired')) : help}
      error={missing}
      required
      multiline
      minRows={3}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength: 2000 } }}
    />
  );
}
