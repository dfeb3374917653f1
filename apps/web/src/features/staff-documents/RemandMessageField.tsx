// The remand's message to the applicant, required: one field for a document's remand and a bulk remand.
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

export function RemandMessageField({
  inputRef,
  value,
  missing,
  help,
  onChange,
}: {
  inputRef: Ref<HTMLTextAreaElement>;
  value: string;
  /** Sent empty once: the field says it is needed. */
  missing: boolean;
  help: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      inputRef={inputRef}
      label={t('staff.detail.remandMessageLabel')}
      helperText={missing ? t('staff.detail.remandMessageRequired') : help}
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
