// The master tool's sign-in: the environment it signs in to is named before anything is typed. The
// operator is signed in on the other environment with the same credentials too (best effort), because
// reflecting there needs a session of its own (decision 0006: sessions are per environment).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SignInForm } from '../../../features/area/SignInForm';
import { ENVIRONMENTS, pageEnv, signInOn } from '../../../features/mastertool-env/environments';
import { apiClient } from '../../../lib/api/default-client';
import { AreaShell } from '../../../lib/layout/AreaShell';
import { useSnackbar } from '../../../lib/layout/snackbar';
import { Themed } from '../../../lib/layout/Themed';
import { EnvironmentChip } from '../components/EnvironmentChip';

export function MastertoolSignInScreen() {
  return (
    <Themed>
      <SignIn />
    </Themed>
  );
}

function SignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const search = useSearch({ strict: false }) as { redirect?: string };
  const other = ENVIRONMENTS.find((env) => env !== pageEnv) ?? 'staging';
  return (
    <AreaShell target="mastertool" items={[]}>
      <Paper variant="outlined" sx={{ maxWidth: 520, mx: 'auto', mt: { xs: 1, md: 4 }, p: { xs: 2, sm: 4 } }}>
        <Typography variant="h1" gutterBottom>
          {t('screens.operatorLogin')}
        </Typography>
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
        <Typography sx={{ mb: 3 }}>{t('signIn.operatorIntro')}</Typography>
        <SignInForm
          target="mastertool"
          onSignedIn={(_status, credentials) => {
            const done = () => {
              notify(t('snackbar.signedIn'), 'success');
              void navigate({ href: search.redirect ?? '/', replace: true });
            };
            // The other environment's session is a convenience: without it the reflect screen asks.
            void signInOn(other, { login_id: credentials.login_id, password: credentials.password })
              .catch(() => undefined)
              .finally(done);
          }}
        />
      </Paper>
    </AreaShell>
  );
}
