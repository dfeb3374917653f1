// A key's latest uses, from the audit log: when, what (the act in the audit log's words), the document's
// reference number and the caller's address.
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isAuditAct } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../lib/layout/feedback';

export function UsesSection({ keyId }: { keyId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const uses = useApiQuery('staff.system_keys.uses', { params: { keyId } });
  return (
    <Box component="section" aria-labelledby="key-uses-title">
      <Typography id="key-uses-title" variant="h2" sx={{ mb: 1 }}>
        {t('systemKeys.uses.title')}
      </Typography>
      <Typography sx={{ mb: 1 }}>{t('systemKeys.uses.intro')}</Typography>
      {uses.isPending ? <Loading /> : null}
      {uses.isError ? (
        <LoadError
          title={t('systemKeys.uses.loadError')}
          error={uses.error}
          onRetry={() => void uses.refetch()}
        />
      ) : null}
      {uses.data ? (
        <Paper variant="outlined">
          <TableContainer tabIndex={0} role="region" aria-label={t('systemKeys.uses.tableLabel')}>
            <Table size="small" aria-label={t('systemKeys.uses.tableLabel')} sx={{ minWidth: 560 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('systemKeys.uses.at')}</TableCell>
                  <TableCell>{t('systemKeys.uses.action')}</TableCell>
                  <TableCell>{t('systemKeys.uses.reference')}</TableCell>
                  <TableCell>{t('systemKeys.uses.address')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {uses.data.uses.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={4}>{t('systemKeys.uses.empty')}</TableCell>
                  </TableRow>
                ) : (
                  uses.data.uses.map((u, i) => (
                    <TableRow key={`${u.at}-${i}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(u.at, language)}</TableCell>
                      <TableCell>
                        {isAuditAct(u.action)
                          ? t(`staff.audit.actions.${u.action}`)
                          : t('staff.audit.otherAction')}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{u.reference_number ?? '—'}</TableCell>
                      <TableCell>
                        <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
                          {u.address ?? '—'}
                        </Box>
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      ) : null}
    </Box>
  );
}
