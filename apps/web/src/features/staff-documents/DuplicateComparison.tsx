// Two possible duplicates side by side (issue 32 item 5): this document's answers and the other's in two
// columns, one item per row, each row saying in words whether the answers differ (the colour only
// repeats it). The other document is read with the ordinary detail read (tenant and departments checked
// by the server as for any detail); a link opens it.
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiQuery } from '../../lib/api';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { displayValue } from '../../lib/items/display-value';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { RouterButton, RouterLink } from '../../lib/router/RouterLink';
import { answerRows, type AnswerRow, type Value } from './answers';
import type { DocumentDetail } from './DocumentDetailScreen';
import { bySection, compareRows } from './duplicate-compare';
import { useDocumentForm } from './use-document-form';

type Duplicate = DocumentDetail['duplicates'][number];

export function DuplicateComparisonDialog({
  document: doc,
  duplicate,
  onClose,
}: {
  document: DocumentDetail;
  duplicate: Duplicate;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const other = useApiQuery('staff.documents.get', {
    params: { documentId: duplicate.id },
    query: { is_internal: 'true' },
  });
  const names = { own: doc.reference_number, other: duplicate.reference_number };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xl" fullScreen={narrow} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('staff.duplicates.compareTitle', names)}</DialogTitle>
      <DialogContent>
        {other.isPending ? <Loading /> : null}
        {other.isError ? (
          isApiError(other.error) && [403, 404].includes(other.error.status) ? (
            <Alert severity="info">{t('staff.duplicates.notVisible')}</Alert>
          ) : (
            <LoadError
              title={t('staff.duplicates.loadError')}
              error={other.error}
              onRetry={() => void other.refetch()}
            />
          )
        ) : null}
        {other.data ? <Comparison own={doc} other={other.data} onOpen={onClose} /> : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {other.data ? (
          <RouterButton
            to="/documents/$documentId"
            params={{ documentId: duplicate.id }}
            onClick={onClose}
            variant="outlined"
            sx={{ mr: 'auto' }}
          >
            {t('staff.duplicates.open', { reference: duplicate.reference_number })}
          </RouterButton>
        ) : null}
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The answers of both documents (each with the form it was made with), row by row. */
function Comparison({
  own,
  other,
  onOpen,
}: {
  own: DocumentDetail;
  other: DocumentDetail;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const ownForm = useDocumentForm(own);
  const otherForm = useDocumentForm(other);
  const [onlyDifferent, setOnlyDifferent] = useState(false);
  const rows = useMemo(() => {
    const rowsOf = (d: DocumentDetail, form: ReturnType<typeof useDocumentForm>['form']) =>
      answerRows(
        form.data?.fragments ?? [],
        d.procedure_code,
        d.standard_item_fragments,
        form.data?.repeatable_groups,
      );
    return compareRows(rowsOf(own, ownForm.form), rowsOf(other, otherForm.form));
  }, [own, other, ownForm.form, otherForm.form]);
  if (ownForm.isPending || otherForm.isPending) return <Loading />;
  const differences = rows.filter((r) => r.differs).length;
  const shownRows = onlyDifferent ? rows.filter((r) => r.differs) : rows;
  const label = (row: AnswerRow) => {
    const name = row.item?.name ?? row.code;
    if (!row.numbered) return name;
    return t(row.group ? 'staff.answers.repetition' : 'staff.answers.sequence', { name, n: row.sequence });
  };
  const shown = (row: AnswerRow, value: Value) =>
    displayValue(row.item, value, language) || t('staff.answers.blank');
  const names = { own: own.reference_number, other: other.reference_number };
  return (
    <Stack spacing={2}>
      <Typography>{t('staff.duplicates.compareExplain')}</Typography>
      <Alert severity={differences > 0 ? 'warning' : 'info'} role="status">
        {differences > 0
          ? t('staff.duplicates.differences', { count: differences })
          : t('staff.duplicates.noDifferences')}
      </Alert>
      <FormControlLabel
        control={<Checkbox checked={onlyDifferent} onChange={(e) => setOnlyDifferent(e.target.checked)} />}
        label={t('staff.duplicates.onlyDifferences')}
        disabled={differences === 0}
      />
      <Box
        role="region"
        aria-label={t('staff.duplicates.tableLabel', names)}
        tabIndex={0}
        sx={{
          overflowX: 'auto',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Box
          component="table"
          aria-label={t('staff.duplicates.tableLabel', names)}
          data-testid="duplicate-comparison"
          sx={{
            width: '100%',
            minWidth: 640,
            borderCollapse: 'collapse',
            tableLayout: 'fixed',
            '& th, & td': {
              border: 1,
              borderColor: 'divider',
              p: 1,
              textAlign: 'left',
              verticalAlign: 'top',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            },
            '& thead th': { bgcolor: 'grey.100' },
            '& th[scope="rowgroup"]': { bgcolor: 'grey.50', fontSize: '1rem' },
            '& tr[data-differs="true"] > *': { bgcolor: '#fff4e5' },
          }}
        >
          <colgroup>
            <col style={{ width: '22%' }} />
            <col style={{ width: '34%' }} />
            <col style={{ width: '34%' }} />
            <col style={{ width: '10%' }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t('staff.duplicates.itemColumn')}</th>
              <th scope="col">
                {t('staff.duplicates.thisDocument')}
                <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap', fontWeight: 400 }}>
                  {own.reference_number}
                </Box>
              </th>
              <th scope="col">
                {t('staff.duplicates.otherDocument')}
                <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap', fontWeight: 400 }}>
                  <RouterLink
                    to="/documents/$documentId"
                    params={{ documentId: other.id }}
                    onClick={onOpen}
                    aria-label={t('staff.duplicates.open', { reference: other.reference_number })}
                  >
                    {other.reference_number}
                  </RouterLink>
                </Box>
              </th>
              <th scope="col">{t('staff.duplicates.resultColumn')}</th>
            </tr>
          </thead>
          {bySection(shownRows).map((group) => (
            <tbody key={group.section || '_'}>
              <tr>
                <th scope="rowgroup" colSpan={4}>
                  {group.section || t('staff.answers.other')}
                </th>
              </tr>
              {group.rows.map((r) => (
                <tr key={r.key} data-differs={r.differs}>
                  <th scope="row">{label(r.row)}</th>
                  <td>{shown(r.row, r.own)}</td>
                  <td>{shown(r.row, r.other)}</td>
                  <td>
                    {r.differs ? (
                      <Box
                        component="span"
                        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 700 }}
                      >
                        <WarningAmberIcon fontSize="small" aria-hidden="true" sx={{ color: '#8a4b00' }} />
                        {t('staff.duplicates.different')}
                      </Box>
                    ) : (
                      t('staff.duplicates.same')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}
