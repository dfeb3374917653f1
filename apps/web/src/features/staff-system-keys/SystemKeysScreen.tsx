// /system-keys (administrators): the municipality's API keys for core systems, with their scope, expiry,
// addresses, last use and state; each opens its uses, deliveries and revocation; a new one is created apart.
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
import { useTranslation } from 'react-i18next';
import { useApiQuery, type ApiResult } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { RouterButton, RouterLink } from '../../lib/router/RouterLink';
import { can } from '../../lib/staff/permissions';
import { useProcedureCatalog, useStaffUser, type CatalogProcedure } from '../../lib/staff/staff-context';
import { accessText, KeyListStatus, ProcedureNames, StateChip } from './KeyParts';

export type SystemKeyView = ApiResult<'staff.system_keys.list'>['keys'][number];

export function SystemKeysScreen() {
  const { t } = useTranslation();
  const allowed = can(useStaffUser(), 'accounts.manage');
  const list = useApiQuery('staff.system_keys.list', undefined, { enabled: allowed });
  const catalog = useProcedureCatalog();

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">{t('screens.systemKeys')}</Typography>
        {allowed ? (
          <RouterButton to="/system-keys/new" variant="contained">
            {t('systemKeys.create')}
          </RouterButton>
        ) : null}
      </Stack>
      <Typography>{t('systemKeys.intro')}</Typography>
      <KeyListStatus allowed={allowed} list={list} />
      {list.data ? <KeysTable keys={list.data.keys} catalog={catalog.procedures} /> : null}
    </Stack>
  );
}

function KeysTable({ keys, catalog }: { keys: SystemKeyView[]; catalog: CatalogProcedure[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Paper variant="outlined">
      <TableContainer tabIndex={0} role="region" aria-label={t('systemKeys.tableLabel')}>
        <Table size="small" aria-label={t('systemKeys.tableLabel')} sx={{ minWidth: 940 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('systemKeys.name')}</TableCell>
              <TableCell>{t('systemKeys.state')}</TableCell>
              <TableCell>{t('systemKeys.procedures')}</TableCell>
              <TableCell>{t('systemKeys.keyPrefix')}</TableCell>
              <TableCell>{t('systemKeys.access')}</TableCell>
              <TableCell>{t('systemKeys.expiresAt')}</TableCell>
              <TableCell>{t('systemKeys.allowedCidrs')}</TableCell>
              <TableCell>{t('systemKeys.lastUsed')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.length === 0 ? (
              <TableRow>
                <TableCell colSpan={8}>{t('systemKeys.empty')}</TableCell>
              </TableRow>
            ) : (
              keys.map((k) => (
                <TableRow key={k.id}>
                  <TableCell sx={{ minWidth: 160 }}>
                    <RouterLink
                      to="/system-keys/$keyId"
                      params={{ keyId: k.id }}
                      sx={{ display: 'inline-block', minHeight: 44, py: 1.25 }}
                    >
                      {k.name}
                    </RouterLink>
                  </TableCell>
                  <TableCell>
                    <StateChip keyView={k} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 180 }}>
                    <ProcedureNames codes={k.procedure_codes} catalog={catalog} />
                  </TableCell>
                  <TableCell>
                    <Box component="code" sx={{ whiteSpace: 'nowrap' }}>
                      {k.key_prefix}…
                    </Box>
                  </TableCell>
                  <TableCell sx={{ minWidth: 120 }}>{accessText(t, k.access)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(k.expires_at, language)}</TableCell>
                  <TableCell>
                    {k.allowed_cidrs.map((c) => (
                      <Box key={c} component="code" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                        {c}
                      </Box>
                    ))}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {k.last_used_at ? formatDateTime(k.last_used_at, language) : t('systemKeys.notUsed')}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
