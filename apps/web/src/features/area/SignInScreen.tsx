// The sign-in screen of the staff area and the master tool.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AreaShell } from '../../lib/layout/AreaShell';
import { useSnackbar } from '../../lib/layout/snackbar';
import { Themed } from '../../lib/layout/Themed';
import { RouterLink } from '../../lib/router/RouterLink';
import { SignInForm } from './SignInForm';
import { areaTarget as target } from '../../lib/staff/session';

export function SignInScreen() {
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
  const staff = target === 'municipality';
  return (
    <AreaShell target={target} items={[]}>
      <Paper variant="outlined" sx={{ maxWidth: 480, mx: 'auto', mt: { xs: 1, md: 4 }, p: { xs: 2, sm: 4 } }}>
        <Typography variant="h1" gutterBottom>
          {staff ? t('screens.staffLogin') : t('screens.operatorLogin')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{staff ? t('signIn.staffIntro') : t('signIn.operatorIntro')}</Typography>
        <SignInForm
          target={target}
          onSignedIn={() => {
            notify(t('snackbar.signedIn'), 'success');
            void navigate({ href: search.redirect ?? '/', replace: true });
          }}
        />
        {staff ? (
          <Typography sx={{ mt: 3 }}>
            <RouterLink to="/password-reset">{t('staff.password.forgot')}</RouterLink>
          </Typography>
        ) : null}
      </Paper>
    </AreaShell>
  );
}
