// Loading and failure states of a screen's data, the same everywhere.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorKind, errorText, isSignInEnded, type ErrorTextContext } from '../api/error-text';
import { signInAgainUrl } from '../router/sign-in-again';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
      <CircularProgress size={24} aria-hidden="true" />
      <Typography>{label ?? t('common.loading')}</Typography>
    </Box>
  );
}

/** The way forward when the sign-in has ended: sign in again, coming back to this page. */
export function SignInAgainButton({ href }: { href?: string }) {
  const { t } = useTranslation();
  return (
    <Button variant="contained" size="small" href={href ?? signInAgainUrl()} data-testid="sign-in-again">
      {t('errors.signInAgain')}
    </Button>
  );
}

/**
 * A failure in the app's own words (lib/api/error-text.ts), with the sign-in button when the sign-in has
 * ended. `context` gives the screen's own texts for some codes; the server's message is never shown.
 */
export function ErrorMessage({
  error,
  context,
  signInHref,
}: {
  error: unknown;
  context?: ErrorTextContext;
  /** Where "sign in again" leads (default: the sign-in that returns to this page). */
  signInHref?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <span data-error-kind={errorKind(error)}>{errorText(error, t, context)}</span>
      {isSignInEnded(error) ? (
        <Box component="span" sx={{ display: 'block', mt: 1 }}>
          <SignInAgainButton href={signInHref} />
        </Box>
      ) : null}
    </>
  );
}

/** A failed load: what failed, what to do next in the app's words, and a retry (or sign-in) button. */
export function LoadError({
  title,
  error,
  onRetry,
  context,
  signInHref,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  context?: ErrorTextContext;
  /** Where "sign in again" leads when the sign-in has ended (default: back to this page after it). */
  signInHref?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={{ my: 2 }}
      action={
        onRetry && !isSignInEnded(error) ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{title}</AlertTitle>
      <ErrorMessage error={error} context={context} signInHref={signInHref} />
    </Alert>
  );
}
