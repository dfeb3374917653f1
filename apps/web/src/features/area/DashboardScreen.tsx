// The placeholder dashboard behind sign-in (the staff and master-tool screens are other issues).
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouteContext } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LoginStatus } from '../../lib/staff/session';

export function DashboardScreen() {
  const { t } = useTranslation();
  const { loginStatus } = useRouteContext({ strict: false }) as { loginStatus?: LoginStatus };
  return (
    <Stack spacing={2} data-testid="dashboard">
      <Typography variant="h1">{t('screens.dashboard')}</Typography>
      {loginStatus?.user ? (
        <Typography>{t('dashboard.signedInAs', { name: loginStatus.user.name })}</Typography>
      ) : null}
      <Typography>{t('dashboard.placeholder')}</Typography>
    </Stack>
  );
}
