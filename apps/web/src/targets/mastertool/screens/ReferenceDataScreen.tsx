// Reference data the editor offers: icon types, application targets, external types, procedure codes,
// standard item fragments, sub-category image types and attach types.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMunicipalityCode, useMunicipalityName } from '../../../features/mastertool-env/environments';
import { useApiQuery } from '../../../lib/api';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { usePageTitle } from '../../../lib/router/head';
import { MastertoolPage } from '../components/MastertoolPage';
import { ScrollTable } from '../components/ScrollTable';

const LABELLED = [
  'icon_types',
  'application_targets',
  'external_types',
  'procedure_codes',
  'concierge_sub_category_image_types',
] as const;

export function ReferenceDataScreen() {
  const { t } = useTranslation();
  const code = useMunicipalityCode();
  const name = useMunicipalityName(code);
  const data = useApiQuery('operator.reference_data', { params: { code } });
  const title = t('mastertool.reference.title', { municipality: name });
  usePageTitle(title);
  const section = (heading: string, head: string[], rows: string[][]) => (
    <Paper key={heading} component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" gutterBottom>
        {heading}
      </Typography>
      {rows.length === 0 ? (
        <Typography>{t('mastertool.reference.empty')}</Typography>
      ) : (
        <ScrollTable label={heading} columns={head}>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.join('\u0000')}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <TableCell key={i} component="th" scope="row">
                      <code>{cell}</code>
                    </TableCell>
                  ) : (
                    <TableCell key={i}>{cell}</TableCell>
                  ),
                )}
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
    </Paper>
  );
  return (
    <MastertoolPage
      title={title}
      intro={t('mastertool.reference.intro')}
      back={{ to: `/municipalities/${code}`, label: t('mastertool.backToManagers') }}
    >
      {data.isPending ? <Loading /> : null}
      {data.isError ? (
        <LoadError
          title={t('mastertool.reference.loadError')}
          error={data.error}
          onRetry={() => void data.refetch()}
        />
      ) : null}
      {data.data ? (
        <Stack spacing={3}>
          {LABELLED.map((key) =>
            section(
              t(`mastertool.reference.${key}`),
              [t('mastertool.reference.value'), t('mastertool.reference.label')],
              data.data[key].map((e) => [e.value, e.label]),
            ),
          )}
          {section(
            t('mastertool.reference.standard_item_fragments'),
            [
              t('mastertool.reference.code'),
              t('mastertool.reference.name'),
              t('mastertool.reference.fragment'),
            ],
            data.data.standard_item_fragments.map((e) => [e.code, e.name, e.fragment]),
          )}
          {section(
            t('mastertool.reference.procedure_attaches'),
            [t('mastertool.reference.value'), t('mastertool.reference.label')],
            data.data.procedure_attaches.map((e) => [e.type, e.label]),
          )}
        </Stack>
      ) : null}
    </MastertoolPage>
  );
}
