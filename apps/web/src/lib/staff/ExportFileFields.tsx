// The file an export writes per procedure (decision 0036): an Excel workbook with typed cells, or a CSV
// in the encoding asked for; the encoding is asked only for a CSV (the export screen and an export of
// selected documents ask the same).
import type { ExportFormat } from '@portal/contracts';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { EncodingField, type Encoding } from './EncodingField';

export type { ExportFormat };

export function ExportFileFields({
  id,
  format,
  encoding,
  disabled,
  onFormat,
  onEncoding,
}: {
  /** Prefix of the fields' ids. */
  id: string;
  format: ExportFormat;
  encoding: Encoding;
  disabled?: boolean;
  onFormat: (format: ExportFormat) => void;
  onEncoding: (encoding: Encoding) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <FormControl disabled={disabled}>
        <FormLabel id={`${id}-format`}>{t('staff.exports.format')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${id}-format`}
          value={format}
          onChange={(e) => onFormat(e.target.value as ExportFormat)}
        >
          <FormControlLabel value="csv" control={<Radio />} label={t('staff.exports.csv')} />
          <FormControlLabel value="xlsx" control={<Radio />} label={t('staff.exports.xlsx')} />
        </RadioGroup>
      </FormControl>
      {format === 'csv' ? (
        <EncodingField id={`${id}-encoding`} value={encoding} disabled={disabled} onChange={onEncoding} />
      ) : null}
    </Stack>
  );
}
