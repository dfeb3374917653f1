// /maintenance: the portal is closed for maintenance. The texts are the route's page data; the page
// works without them (the built-in texts), since it is shown when other parts may be unavailable.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageData } from '../../../lib/page-data/page-data';

export function MaintenanceScreen() {
  const { t } = useTranslation();
  const text = usePageData().text;
  const texts = text?.texts ?? {};
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{text?.title ?? t('screens.maintenance')}</Typography>
      <Typography sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
        {texts.heading ?? t('applicantFlow.maintenance.heading')}
      </Typography>
      <Alert severity="info">{texts.body ?? t('applicantFlow.maintenance.body')}</Alert>
      <Typography>{texts.saved ?? t('applicantFlow.maintenance.saved')}</Typography>
      <Typography>{texts.urgent ?? t('applicantFlow.maintenance.urgent')}</Typography>
    </Stack>
  );
}
