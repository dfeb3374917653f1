// Material templates: the reusable pieces of configuration of a municipality, grouped by kind.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMunicipalityCode, useMunicipalityName } from '../../../features/mastertool-env/environments';
import { useApiQuery, type ApiResult } from '../../../lib/api';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { usePageTitle } from '../../../lib/router/head';
import { MastertoolPage } from '../components/MastertoolPage';
import { ScrollTable } from '../components/ScrollTable';

const SHOWN = 4;

type Template = ApiResult<'operator.material_templates'>['material_templates'][number];

export function MaterialTemplatesScreen() {
  const { t } = useTranslation();
  const code = useMunicipalityCode();
  const name = useMunicipalityName(code);
  const templates = useApiQuery('operator.material_templates', { params: { code } });
  const title = t('mastertool.templates.title', { municipality: name });
  usePageTitle(title);
  const byType = new Map<string, Template[]>();
  for (const tpl of [...(templates.data?.material_templates ?? [])].sort(
    (a, b) => a.sequence - b.sequence || a.id - b.id,
  )) {
    byType.set(tpl.type, [...(byType.get(tpl.type) ?? []), tpl]);
  }
  // Long item lists would squeeze the table: the first few, then how many more.
  const list = (values: readonly string[]) =>
    values.length === 0
      ? '—'
      : values.length <= SHOWN
        ? values.join(', ')
        : `${values.slice(0, SHOWN).join(', ')} ${t('mastertool.templates.more', { count: values.length - SHOWN })}`;
  return (
    <MastertoolPage
      title={title}
      intro={t('mastertool.templates.intro')}
      back={{ to: `/municipalities/${code}`, label: t('mastertool.backToManagers') }}
    >
      {templates.isPending ? <Loading /> : null}
      {templates.isError ? (
        <LoadError
          title={t('mastertool.templates.loadError')}
          error={templates.error}
          onRetry={() => void templates.refetch()}
        />
      ) : null}
      {templates.data && byType.size === 0 ? <Typography>{t('mastertool.templates.none')}</Typography> : null}
      <Stack spacing={3}>
        {[...byType].map(([type, rows]) => {
          const heading = t('mastertool.templates.typeHeading', {
            type,
            label: t(`mastertool.templateTypes.${type}`, { defaultValue: type }),
          });
          return (
            <Paper key={type} component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography variant="h2" gutterBottom>
                {heading}
              </Typography>
              <ScrollTable
                label={heading}
                columns={[
                  t('mastertool.templates.name'),
                  t('mastertool.templates.iconType'),
                  t('mastertool.templates.procedures'),
                  t('mastertool.templates.items'),
                  t('mastertool.templates.externalType'),
                  t('mastertool.templates.useApplications'),
                ]}
              >
                <TableBody>
                  {rows.map((tpl) => (
                    <TableRow key={tpl.id}>
                      <TableCell component="th" scope="row">
                        {tpl.name}
                      </TableCell>
                      <TableCell>{tpl.values.icon_type ?? '—'}</TableCell>
                      <TableCell>{list(tpl.values.procedure_codes)}</TableCell>
                      <TableCell>{list(tpl.values.application_target?.standard_item_codes ?? [])}</TableCell>
                      <TableCell>{tpl.values.external_type ?? '—'}</TableCell>
                      <TableCell>
                        {tpl.values.use_municipality_applications
                          ? t('mastertool.state.yes')
                          : t('mastertool.state.no')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </ScrollTable>
            </Paper>
          );
        })}
      </Stack>
    </MastertoolPage>
  );
}
