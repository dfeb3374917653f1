// /invitations (administrators): invite a new staff member by address, with a permission and
// departments; the server mails a 7-day, one-use link (in development, it shows in /dev/outbox).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../lib/api';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { can } from '../../lib/staff/permissions';
import { isForbidden, useStaffUser } from '../../lib/staff/staff-context';
import { InviteForm } from './InviteForm';

export function InvitationsScreen() {
  const { t } = useTranslation();
  const user = useStaffUser();
  const allowed = can(user, 'accounts.manage');
  const list = useApiQuery(
    'staff.accounts.list',
    { query: { page: 1, page_size: 10 } },
    { enabled: allowed, staleTime: 300_000 },
  );
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.invitations')}
        </Typography>
        <Typography>{t('staff.invite.intro')}</Typography>
      </Box>
      {!allowed ? <Alert severity="warning">{t('staff.accounts.notAllowed')}</Alert> : null}
      {allowed && list.isPending ? <Loading /> : null}
      {list.isError ? (
        <LoadError
          title={isForbidden(list.error) ? t('staff.accounts.notAllowed') : t('staff.accounts.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data ? <InviteForm list={list.data} /> : null}
    </Stack>
  );
}
