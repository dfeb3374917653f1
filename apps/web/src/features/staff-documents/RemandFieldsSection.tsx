// What the last remand named (decision 0023), each field with staff's note and its value when remanded
// beside its value now, so staff check only what the applicant corrected.
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { displayValue } from '../../lib/items/display-value';
import { useLanguage } from '../../lib/i18n/useLanguage';
import type { DocumentDetail } from './DocumentDetailScreen';
import { useRemandFieldNames } from './remand-fields';
import { keyOf } from '@portal/rules';

export function RemandFieldsSection({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { items, nameOf } = useRemandFieldNames(doc);
  const fields = doc.remand_fields ?? [];
  const changed = fields.filter((f) => f.changed).length;
  const text = (f: (typeof fields)[number], value: (typeof fields)[number]['before']) =>
    (f.kind === 'item'
      ? displayValue(items.get(f.standard_item_code) ?? null, value, language)
      : Array.isArray(value)
        ? value.join(language === 'ja' ? '、' : ', ')
        : (value ?? '')) || t('staff.remandFields.empty');
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        {doc.status === 'remanded'
          ? t('staff.remandFields.waiting', { count: fields.length })
          : t('staff.remandFields.summary', { count: fields.length, changed })}
      </Typography>
      <Table size="small" aria-label={t('staff.remandFields.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('staff.remandFields.field')}</TableCell>
            <TableCell>{t('staff.remandFields.noteColumn')}</TableCell>
            <TableCell>{t('staff.remandFields.before')}</TableCell>
            <TableCell>{t('staff.remandFields.after')}</TableCell>
            <TableCell>{t('staff.remandFields.changedColumn')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((f) => (
            <TableRow key={keyOf(f)}>
              <TableCell component="th" scope="row">
                {nameOf(f.standard_item_code, f.sequence)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{f.note}</TableCell>
              <TableCell>{text(f, f.before)}</TableCell>
              <TableCell>{text(f, f.after)}</TableCell>
              <TableCell>
                {f.changed ? (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="info"
                    label={t('staff.remandFields.changed')}
                    sx={{ color: 'info.dark' }}
                  />
                ) : (
                  t('staff.remandFields.unchanged')
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
