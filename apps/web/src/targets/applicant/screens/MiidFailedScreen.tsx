// miidFailed: the digital signature did not complete or could not be verified. Nothing was signed or
// submitted; the resident can try again (new documents and a new sign transaction) or stop here.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { screenPath, useApplicationParams } from '../../../lib/application/application';
import { usePageTitle } from '../../../lib/router/head';
import { RouterButton } from '../../../lib/router/RouterLink';

export function MiidFailedScreen() {
  const { t } = useTranslation();
  const { code, applicationId } = useApplicationParams();
  usePageTitle(t('screens.miidFailed'));
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('screens.miidFailed')}</Typography>
      <Alert severity="error">{t('applicantForm.failed.summary')}</Alert>
      <Box>
        <Typography variant="h2" gutterBottom>
          {t('applicantForm.failed.causesHeading')}
        </Typography>
        <Box component="ul" sx={{ pl: 3, my: 0, '& li': { mb: 1 } }}>
          <li>{t('applicantForm.failed.cause1')}</li>
          <li>{t('applicantForm.failed.cause2')}</li>
          <li>{t('applicantForm.failed.cause3')}</li>
          <li>{t('applicantForm.failed.cause4')}</li>
        </Box>
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <RouterButton
          variant="contained"
          size="large"
          to={screenPath(code, applicationId, 'miidLaunchGuide')}
        >
          {t('applicantForm.failed.retry')}
        </RouterButton>
        <RouterButton variant="outlined" size="large" to={`/municipalities/${code}/applications`}>
          {t('applicantForm.common.toList')}
        </RouterButton>
      </Stack>
    </Stack>
  );
}
