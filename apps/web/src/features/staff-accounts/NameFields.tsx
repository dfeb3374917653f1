// An account's name and its reading in katakana, two by two: the invited person's own (`own`: the
// autocomplete tokens and the reading's help) or an account an administrator edits (`idPrefix` ids).
import Box from '@mui/material/Box';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../lib/staff/FormTextField';

type NameValues = { last_name: string; first_name: string; last_name_kana: string; first_name_kana: string };

export function NameFields({ idPrefix, own = false }: { idPrefix?: string; own?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<NameValues>();
  // Empty (after trimming), not katakana, or (the contract's limit) too long.
  const problem = (type: string) =>
    type === 'too_small'
      ? t('staff.invite.required')
      : type === 'invalid_format'
        ? t('staff.invite.kana')
        : t('errors.field');
  const field = (
    name: keyof NameValues,
    label: string,
    extra: { autoComplete?: string; helperText?: string },
  ) => (
    <FormTextField
      control={control}
      name={name}
      id={idPrefix ? `${idPrefix}-${name}` : undefined}
      label={label}
      required
      problem={problem}
      {...(own ? extra : {})}
    />
  );
  const kanaHelp = { helperText: t('staff.invite.kanaHelp') };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {field('last_name', t('staff.accounts.lastName'), { autoComplete: 'family-name' })}
      {field('first_name', t('staff.accounts.firstName'), { autoComplete: 'given-name' })}
      {field('last_name_kana', t('staff.accounts.lastNameKana'), kanaHelp)}
      {field('first_name_kana', t('staff.accounts.firstNameKana'), kanaHelp)}
    </Box>
  );
}
