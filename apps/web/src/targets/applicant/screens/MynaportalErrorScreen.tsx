// /mynaportal/error (no layout): the national personal portal route did not give the information; why
// (`?reason=`), and the ways on: try again, another identification route, or the home.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { portalErrorReason, readPortalReturn } from '../../../features/mynaportal/mynaportal';
import { screenPath } from '../../../lib/application/steps';
import { RouterButton } from '../../../lib/router/RouterLink';

export function MynaportalErrorScreen() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { reason?: unknown };
  const reason = portalErrorReason(search.reason);
  const target = useMemo(() => readPortalReturn(), []);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('screens.mynaportalError')}</Typography>
      <Alert severity="error">
        <AlertTitle component="p" sx={{ fontWeight: 700 }}>
          {t('applicantFlow.portalError.heading')}
        </AlertTitle>
        {t(`applicantFlow.portalError.reason.${reason}`)}
      </Alert>
      <Box>
        <Typography variant="h2" gutterBottom>
          {t('applicantFlow.portalError.nextHeading')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          <li>{t('applicantFlow.portalError.next1')}</li>
          <li>{t('applicantFlow.portalError.next2')}</li>
        </Box>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {target ? (
          <RouterButton
            to={screenPath(target.code, target.applicationId, 'identification')}
            variant="contained"
            size="large"
          >
            {t('applicantFlow.portalError.toIdentification')}
          </RouterButton>
        ) : null}
        <RouterButton to={target ? `/municipalities/${target.code}` : '/'} variant="outlined" size="large">
          {t('common.backHome')}
        </RouterButton>
      </Stack>
    </Stack>
  );
}
