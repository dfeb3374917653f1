// applications/{id}/mncAssistance: after the My Number Card was read for identification (the
// post-applicant-user-profile step stored what the card gave). When the card gave everything, the
// skip-screen step recorded the identification and went on to the form; this screen shows why it did
// not: a part missing from the card read, or a sign-in that gave no card read. The resident reads
// the card again or chooses another route.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRouteContext } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { screenPath, useApplicationParams } from '../../../lib/application/steps';
import { useApiQuery } from '../../../lib/api';
import { formatDate } from '../../../lib/i18n';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { Loading } from '../../../lib/layout/feedback';
import { safeLocation } from '../../../lib/navigation/navigation-guard';
import { applicantLoginUrl } from '../../../lib/router/guards';
import { RouterButton } from '../../../lib/router/RouterLink';

interface Profile {
  last_name: string;
  first_name: string;
  birth_date: string | null;
  sex: 'male' | 'female' | null;
  address: string | null;
}

export function MncAssistanceScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { code, applicationId } = useApplicationParams();
  const context = useRouteContext({ strict: false }) as { profile?: Profile | null };
  const profile = context.profile ?? null;
  const overview = useApiQuery('applicant.identification.get', { params: { code, applicationId } });
  const missing = profile
    ? (['name', 'birth_date', 'sex', 'address'] as const).filter((part) =>
        part === 'name' ? !profile.last_name : !profile[part],
      )
    : [];
  const readAgain = () =>
    safeLocation.assign(applicantLoginUrl(code, screenPath(code, applicationId, 'mncAssistance')));
  const identifiedByCard = overview.data?.identified_by === 'jpki';

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.mncAssistance')}
        </Typography>
        <Typography>{t('applicantFlow.mnc.intro')}</Typography>
      </Box>
      {overview.isPending ? <Loading /> : null}
      {identifiedByCard ? (
        <Alert severity="success">
          <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
            {t('applicantFlow.mnc.identified')}
          </AlertTitle>
          <RouterButton to={screenPath(code, applicationId, 'form')} variant="contained" sx={{ mt: 1 }}>
            {t('applicantFlow.identification.toForm')}
          </RouterButton>
        </Alert>
      ) : missing.length > 0 ? (
        <Alert severity="warning">
          <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
            {t('applicantFlow.mnc.missingHeading')}
          </AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {missing.map((part) => (
              <li key={part}>{t(`applicantFlow.mnc.missing.${part}`)}</li>
            ))}
          </Box>
          <Typography sx={{ mt: 1 }}>{t('applicantFlow.mnc.missingHelp')}</Typography>
        </Alert>
      ) : overview.data ? (
        <Alert severity="warning">
          <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
            {t('applicantFlow.mnc.staleHeading')}
          </AlertTitle>
          {t('applicantFlow.mnc.stale')}
        </Alert>
      ) : null}

      {profile ? (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="card-read"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography variant="h2" id="card-read" gutterBottom>
            {t('applicantFlow.mnc.readHeading')}
          </Typography>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: { sm: '10rem 1fr' }, gap: 1 }}
          >
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              {t('applicantFlow.basicFour.field.name')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {`${profile.last_name} ${profile.first_name}`.trim() || t('applicantFlow.mnc.notRead')}
            </Typography>
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              {t('applicantFlow.basicFour.field.birth_date')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {profile.birth_date ? formatDate(profile.birth_date, language) : t('applicantFlow.mnc.notRead')}
            </Typography>
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              {t('applicantFlow.basicFour.field.sex')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {profile.sex ? t(`applicantFlow.basicFour.${profile.sex}`) : t('applicantFlow.mnc.notRead')}
            </Typography>
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              {t('applicantFlow.basicFour.field.address')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {profile.address ?? t('applicantFlow.mnc.notRead')}
            </Typography>
          </Box>
        </Paper>
      ) : null}

      {!identifiedByCard ? (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="card-tips"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography variant="h2" id="card-tips" gutterBottom>
            {t('applicantFlow.mnc.tipsHeading')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            <li>{t('applicantFlow.mnc.tip1')}</li>
            <li>{t('applicantFlow.mnc.tip2')}</li>
            <li>{t('applicantFlow.mnc.tip3')}</li>
          </Box>
        </Paper>
      ) : null}

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {!identifiedByCard ? (
          <Button variant="contained" size="large" onClick={readAgain}>
            {t('applicantFlow.mnc.readAgain')}
          </Button>
        ) : null}
        <RouterButton to={screenPath(code, applicationId, 'identification')} variant="outlined" size="large">
          {t('applicantFlow.mnc.otherRoute')}
        </RouterButton>
      </Stack>
    </Stack>
  );
}
