// /municipalities/{code}/notifications: where the signed-in resident gives the address notices are mailed
// to (verified by a code) and chooses what to be told about (issue 17, decision 0025).
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMunicipalityCode } from '../../../features/municipality/municipality';
import { NotificationSettingsPanel } from '../../../features/notifications/NotificationSettingsPanel';
import { RouterLink } from '../../../lib/router/RouterLink';

export function NotificationSettingsScreen() {
  const { t } = useTranslation();
  const code = useMunicipalityCode();
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.notifications')}
        </Typography>
        <Typography>{t('notifications.intro')}</Typography>
      </Box>
      <NotificationSettingsPanel code={code} />
      <RouterLink to={`/municipalities/${code}/applications`}>
        {t('notifications.news.openApplications')}
      </RouterLink>
    </Stack>
  );
}
