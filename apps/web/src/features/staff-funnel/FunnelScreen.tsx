// /funnel (administrators): where residents give up, per procedure of the municipality (decision 0053,
// addendum): how many applications that chose the procedure reached each later step, and their share.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProcedureFunnel } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../lib/api';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { can } from '../../lib/staff/permissions';
import { isForbidden, useStaffUser } from '../../lib/staff/staff-context';
import { byGroup, funnelRows } from './funnel-rows';

export function FunnelScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = useStaffUser();
  const allowed = can(user, 'funnel.read');
  const funnel = useApiQuery('staff.funnel', undefined, { enabled: allowed });
  const name = (p: { name: string; en?: { name: string } }) => (language === 'en' && p.en?.name) || p.name;
  const groups = byGroup(funnel.data?.procedures ?? []);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('screens.procedureFunnel')}</Typography>
      <Typography>{t('staff.funnel.intro')}</Typography>
      {!allowed ? <Alert severity="warning">{t('staff.funnel.notAllowed')}</Alert> : null}
      {allowed && funnel.isPending ? <Loading /> : null}
      {funnel.isError ? (
        <LoadError
          title={isForbidden(funnel.error) ? t('staff.funnel.notAllowed') : t('staff.funnel.loadError')}
          error={funnel.error}
          onRetry={() => void funnel.refetch()}
        />
      ) : null}
      {funnel.isSuccess && groups.length === 0 ? <Typography>{t('staff.funnel.none')}</Typography> : null}
      {groups.map((procedures) => {
        const first = procedures[0]!;
        const headingId = `funnel-group-${first.procedure_group_id}`;
        return (
          <Box component="section" key={first.procedure_group_id} aria-labelledby={headingId}>
            <Typography variant="h2" id={headingId} sx={{ mb: 2 }}>
              {name({ name: first.procedure_group_name, en: first.procedure_group_en })}
            </Typography>
            <Stack spacing={2}>
              {procedures.map((p) => (
                <ProcedureTable key={p.procedure_id} procedure={p} name={name(p)} />
              ))}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

function ProcedureTable({ procedure, name }: { procedure: ProcedureFunnel; name: string }) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" sx={{ '& caption': { captionSide: 'top' } }}>
        <caption>
          <Typography component="span" variant="h3">
            {t('staff.funnel.caption', { name })}
          </Typography>
        </caption>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('staff.funnel.step')}
            </TableCell>
            <TableCell component="th" scope="col" align="right" sx={{ whiteSpace: 'nowrap' }}>
              {t('staff.funnel.reached')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('staff.funnel.share')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {funnelRows(procedure).map((r) => (
            <TableRow key={r.step}>
              <TableCell component="th" scope="row" sx={{ minWidth: '7em' }}>
                {t(`applications.step.${r.step}`)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('staff.funnel.count', { count: r.reached })}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {r.share === null ? t('staff.funnel.noShare') : t('staff.funnel.percent', { share: r.share })}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
