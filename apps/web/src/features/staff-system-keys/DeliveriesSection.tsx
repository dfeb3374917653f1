// A key's webhook deliveries with their last answers and a resend; drawn only when the server answers
// the route (a key without webhooks, or a server without them, shows nothing).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery, type ApiResult } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { visuallyHidden } from '../../lib/layout/visually-hidden';
import { useSnackbar } from '../../lib/layout/snackbar';
import { errorText } from '../../lib/staff/errors';

type Delivery = ApiResult<'staff.system_keys.deliveries'>['deliveries'][number];

export function DeliveriesSection({ keyId }: { keyId: string }) {
  const { t } = useTranslation();
  const deliveries = useApiQuery('staff.system_keys.deliveries', { params: { keyId } }, { retry: false });
  if (!deliveries.data) return null;
  return (
    <Box component="section" aria-labelledby="key-deliveries-title">
      <Typography id="key-deliveries-title" variant="h2" sx={{ mb: 1 }}>
        {t('systemKeys.deliveries.title')}
      </Typography>
      <Paper variant="outlined">
        <TableContainer tabIndex={0} role="region" aria-label={t('systemKeys.deliveries.tableLabel')}>
          <Table size="small" aria-label={t('systemKeys.deliveries.tableLabel')} sx={{ minWidth: 820 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('systemKeys.deliveries.event')}</TableCell>
                <TableCell>{t('systemKeys.deliveries.reference')}</TableCell>
                <TableCell>{t('systemKeys.deliveries.status')}</TableCell>
                <TableCell>{t('systemKeys.deliveries.attempts')}</TableCell>
                <TableCell>{t('systemKeys.deliveries.lastAnswer')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('systemKeys.deliveries.resend')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {deliveries.data.deliveries.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>{t('systemKeys.deliveries.empty')}</TableCell>
                </TableRow>
              ) : (
                deliveries.data.deliveries.map((d) => <DeliveryRow key={d.id} keyId={keyId} delivery={d} />)
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}

function DeliveryRow({ keyId, delivery: d }: { keyId: string; delivery: Delivery }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const resend = useApiMutation('staff.system_keys.resend');
  const event = t(`systemKeys.deliveries.events.${d.event_type}`);
  const answer =
    d.last_response_status !== null
      ? `HTTP ${d.last_response_status}${d.last_response_excerpt ? `: ${d.last_response_excerpt}` : ''}`
      : (d.last_error ?? (d.attempts > 0 ? t('systemKeys.deliveries.noAnswer') : '—'));
  const send = () =>
    resend.mutate(
      { params: { keyId, deliveryId: d.id } },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['staff.system_keys.deliveries'] });
          notify(t('systemKeys.deliveries.resent'), 'success');
        },
        onError: (error) => notify(errorText(t, error), 'error'),
      },
    );
  return (
    <TableRow>
      <TableCell>{event}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.reference_number ?? '—'}</TableCell>
      <TableCell>{t(`systemKeys.deliveries.statuses.${d.status}`)}</TableCell>
      <TableCell>{d.attempts}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
        {answer}
        {d.last_attempt_at ? (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {formatDateTime(d.last_attempt_at, language)}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        <Button
          size="small"
          variant="outlined"
          sx={{ minHeight: 44 }}
          disabled={resend.isPending}
          onClick={send}
          aria-label={t('systemKeys.deliveries.resendNamed', { event, reference: d.reference_number ?? '—' })}
        >
          {t('systemKeys.deliveries.resend')}
        </Button>
      </TableCell>
    </TableRow>
  );
}
