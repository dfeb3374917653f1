// The sign-in screen of the staff area and the master tool, and the page frame both targets' sign-in uses.
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaShell } from '../../lib/layout/AreaShell';
import { useSnackbar } from '../../lib/layout/snackbar';
import { Themed } from '../../lib/layout/Themed';
import { RouterLink } from '../../lib/router/RouterLink';
import { SignInForm } from './SignInForm';
import { areaTarget as target, type AreaTarget, type Credentials } from '../../lib/staff/session';

export function SignInScreen() {
  const staff = target === 'municipality';
  return <SignInPage target={target} footer={staff ? <ForgotPasswordLink /> : null} />;
}

function ForgotPasswordLink() {
  const { t } = useTranslation();
  return (
    <Typography sx={{ mt: 3 }}>
      <RouterLink to="/password-reset">{t('staff.password.forgot')}</RouterLink>
    </Typography>
  );
}

export interface SignInPageProps {
  target: AreaTarget;
  /** The width of the sign-in card, in pixels. */
  maxWidth?: number;
  /** Shown between the heading and the introduction. */
  notice?: ReactNode;
  /** Shown below the form. */
  footer?: ReactNode;
  /** Work to finish (its failure ignored) before the screen says it signed in and goes on. */
  afterSignIn?: (credentials: Credentials) => Promise<unknown>;
}

/**
 * A sign-in page of a back-office target: heading and introduction of its audience, the form, and once
 * signed in a message and the way on to the page that asked for the sign-in.
 */
export function SignInPage(props: SignInPageProps) {
  return (
    <Themed>
      <SignIn {...props} />
    </Themed>
  );
}

function SignIn({ target, maxWidth = 480, notice, footer, afterSignIn }: SignInPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const search = useSearch({ strict: false }) as { redirect?: string };
  const staff = target === 'municipality';
  const done = () => {
    notify(t('snackbar.signedIn'), 'success');
    void navigate({ href: search.redirect ?? '/', replace: true });
  };
  return (
    <AreaShell target={target} items={[]}>
      <Paper variant="outlined" sx={{ maxWidth, mx: 'auto', mt: { xs: 1, md: 4 }, p: { xs: 2, sm: 4 } }}>
        <Typography variant="h1" gutterBottom>
          {staff ? t('screens.staffLogin') : t('screens.operatorLogin')}
        </Typography>
        {notice}
        <Typography sx={{ mb: 3 }}>{staff ? t('signIn.staffIntro') : t('signIn.operatorIntro')}</Typography>
        <SignInForm
          target={target}
          onSignedIn={(_status, credentials) => {
            if (!afterSignIn) return done();
            void afterSignIn(credentials)
              .catch(() => undefined)
              .finally(done);
          }}
        />
        {footer}
      </Paper>
    </AreaShell>
  );
}
