// The master tool's sign-in: the environment it signs in to is named before anything is typed. The
// operator is signed in on the other environment with the same credentials too (best effort), because
// reflecting there needs a session of its own (decision 0006: sessions are per environment).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SignInPage } from '../../../features/area/SignInScreen';
import { ENVIRONMENTS, pageEnv, signInOn } from '../../../features/mastertool-env/environments';
import { apiClient } from '../../../lib/api/default-client';
import { EnvironmentChip } from '../components/EnvironmentChip';

export function MastertoolSignInScreen() {
  const other = ENVIRONMENTS.find((env) => env !== pageEnv) ?? 'staging';
  return (
    <SignInPage
      target="mastertool"
      maxWidth={520}
      notice={<EnvironmentNotice />}
      // The other environment's session is a convenience: without it the reflect screen asks.
      afterSignIn={(credentials) =>
        signInOn(other, { login_id: credentials.login_id, password: credentials.password })
      }
    />
  );
}

/** Which environment this page signs in to, named before anything is typed. */
function EnvironmentNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      severity={pageEnv === 'product' ? 'warning' : 'info'}
      icon={false}
      sx={{ mb: 2 }}
      data-testid="sign-in-environment"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {t('mastertool.env.signInTo')}
        </Typography>
        <EnvironmentChip env={pageEnv} size="medium" />
        <Typography component="span" variant="body2">
          ({apiClient.apiPrefix})
        </Typography>
      </Box>
      <Typography variant="body2">{t(`mastertool.env.signInNote.${pageEnv}`)}</Typography>
    </Alert>
  );
}
