// What the entry chunk itself can show, without MUI (which loads with the screens): the pending
// indicator and the page of an error a route could not recover from. Styled by src/styles.css.
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { errorText, isSignInEnded } from '../api/error-text';
import { isApiError, ParseError } from '../api/errors';
import { currentTarget } from '../app/current-target';
import { ChunkLoadError } from '../errors/chunk-reload';
import { safeLocation } from '../navigation/navigation-guard';
import { SignInError } from '../router/guards';
import { usePageTitle } from '../router/head';
import { signInAgainUrl } from '../router/sign-in-again';

/** Shown while a route loads (after the router's pending delay). */
export function PendingIndicator() {
  const { t } = useTranslation();
  return (
    <div className="pending" role="status">
      <span className="pending-bar" aria-hidden="true" />
      <p>{t('common.loading')}</p>
    </div>
  );
}

/** A route that cannot render: what happened and a way out. The error was reported (defaultOnCatch). */
export function ErrorFallback(props: ErrorComponentProps) {
  return props.error instanceof SignInError ? (
    <SignInFailed error={props.error} />
  ) : (
    <RouteFailed {...props} />
  );
}

/** The resident came back from a sign-in that did not complete. */
function SignInFailed({ error }: { error: SignInError }) {
  const { t } = useTranslation();
  usePageTitle(t('signInFailed.heading'));
  return (
    <div className="fallback" data-testid="sign-in-failed">
      <h1>{t('signInFailed.heading')}</h1>
      <p>{t('signInFailed.description')}</p>
      <p>
        <button type="button" className="fallback-button" onClick={() => safeLocation.assign(error.loginUrl)}>
          {t('signInFailed.retry')}
        </button>
      </p>
    </div>
  );
}

function RouteFailed({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  usePageTitle(t('fatal.heading'));
  const chunk = error instanceof ChunkLoadError;
  const signInEnded = isSignInEnded(error);
  const retry = () => {
    if (chunk) {
      window.location.reload();
      return;
    }
    reset();
    void router.invalidate();
  };
  return (
    <div className="fallback" data-testid="route-error">
      <h1>{t('fatal.heading')}</h1>
      <div className="fallback-alert" role="alert">
        <p>
          {chunk
            ? t('fatal.chunk')
            : isApiError(error) || error instanceof ParseError
              ? errorText(error, t)
              : t('fatal.description')}
        </p>
        {/* The master tool's operators see the message (spec §8); residents and clerks never do. */}
        {currentTarget === 'mastertool' && !chunk && error instanceof Error && error.message ? (
          <p className="fallback-detail">{t('common.errorDetail', { detail: error.message })}</p>
        ) : null}
      </div>
      <p>
        {signInEnded ? (
          <a className="fallback-button" href={signInAgainUrl()}>
            {t('errors.signInAgain')}
          </a>
        ) : (
          <button type="button" className="fallback-button" onClick={retry}>
            {chunk ? t('common.reload') : t('common.retry')}
          </button>
        )}
      </p>
    </div>
  );
}

/** The same, as the whole page (no frame could be loaded), with the app's name above it. */
export function FatalPage(props: ErrorComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="fatal-page" tabIndex={-1}>
      <p className="fatal-brand">{t('app.name')}</p>
      <ErrorFallback {...props} />
    </main>
  );
}
