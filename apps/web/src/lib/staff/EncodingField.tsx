// The CSV encoding of an export: UTF-8 with BOM, or Shift_JIS for older Excel (the export screen and an
// export of selected documents ask the same).
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';

export type Encoding = 'utf-8' | 'shift_jis';

export function EncodingField({
  id,
  value,
  disabled,
  onChange,
}: {
  id: string;
  value: Encoding;
  disabled?: boolean;
  onChange: (encoding: Encoding) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={id}>{t('staff.exports.encoding')}</FormLabel>
      <RadioGroup aria-labelledby={id} value={value} onChange={(e) => onChange(e.target.value as Encoding)}>
        <FormControlLabel value="utf-8" control={<Radio />} label={t('staff.exports.utf8')} />
        <FormControlLabel value="shift_jis" control={<Radio />} label={t('staff.exports.shiftJis')} />
      </RadioGroup>
    </FormControl>
  );
}
