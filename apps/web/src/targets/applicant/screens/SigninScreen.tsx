// applications/{id}/signin: who this application belongs to. The auth-check step of the application
// routes already signed the resident in; this screen confirms the sign-in with the My Number Card, and
// lets another person sign in instead (the application then stays with the first one).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resumeScreen } from '../../../features/applications/applications';
import { screenPath, useApplication, useApplicationParams } from '../../../lib/application/steps';
import { apiClient, useApiMutation, useApiQuery } from '../../../lib/api';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { safeLocation } from '../../../lib/navigation/navigation-guard';
import { applicantLoginUrl } from '../../../lib/router/guards';
import { RouterButton } from '../../../lib/router/RouterLink';

export function SigninScreen() {
  const { t } = useTranslation();
  const { code, applicationId } = useApplicationParams();
  const user = useApiQuery('applicant.user_info');
  const { application } = useApplication(applicationId);
  const queryClient = useQueryClient();
  const logout = useApiMutation('applicant.logout', {
    onSuccess: () => {
      apiClient.setCsrfToken(null);
      queryClient.clear();
      safeLocation.assign(applicantLoginUrl(code, `/municipalities/${code}/applications`));
    },
  });
  const profile = user.data?.profile;
  const name = profile ? `${profile.last_name} ${profile.first_name}`.trim() : '';

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.signin')}
        </Typography>
        <Typography>{t('applicantFlow.signin.intro')}</Typography>
      </Box>
      {user.isPending ? <Loading /> : null}
      {user.isError ? (
        <LoadError
          title={t('applicantFlow.signin.loadError')}
          error={user.error}
          onRetry={() => void user.refetch()}
        />
      ) : null}
      {user.data ? (
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="signed-in"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography variant="h2" id="signed-in" gutterBottom>
            {t('applicantFlow.signin.heading')}
          </Typography>
          <Alert severity="success" sx={{ mb: 2 }}>
            {name ? t('applicantFlow.signin.signedInAs', { name }) : t('applications.signedInAs')}
          </Alert>
          <Typography variant="body2">{t('applicantFlow.signin.note')}</Typography>
        </Paper>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {application ? (
          <RouterButton
            to={screenPath(code, application.id, resumeScreen(application))}
            variant="contained"
            size="large"
          >
            {t('applicantFlow.signin.continue')}
          </RouterButton>
        ) : null}
        <Button variant="outlined" size="large" onClick={() => logout.mutate({})} disabled={logout.isPending}>
          {t('applicantFlow.signin.other')}
        </Button>
      </Stack>
      {logout.isError ? (
        <LoadError title={t('applicantFlow.signin.logoutError')} error={logout.error} />
      ) : null}
    </Stack>
  );
}
