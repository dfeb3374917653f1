// Starts one build target: global guards first (errors, chunk reloads, navigation), then i18n, the query
// client, the router and React. MUI and the theme load with the first screen (lib/layout/Themed.tsx).
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider, type AnyRoute } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { targetBase, type Target } from '../../target';
import { createQueryClient } from '../api';
import { STAGING_WEB_PREFIX, type Environment } from '../api/client';
import { pageEnvironment } from '../api/default-client';
import { installGlobalErrorHandlers, reportError } from '../errors/error-handler';
import {
  browserStorage,
  createI18n,
  loadLanguage,
  readLanguage,
  type LazyMessagePart,
  type MessagePart,
} from '../i18n';
import { ErrorFallback, PendingIndicator } from '../layout/fallbacks';
import { SnackbarProvider } from '../layout/snackbar-state';
import { installNavigationGuard } from '../navigation/navigation-guard';
import type { RouterContext } from '../router/context';
import { preloadChunksOnNavigation } from '../router/preload-chunks';

/** Where a target's pages live: its base, under `/stg` for staging (`/stg/`, `/stg/staff/`, ...). */
export function routerBasepath(target: Target, environment: Environment): string {
  return environment === 'staging' ? `${STAGING_WEB_PREFIX}${targetBase[target]}` : targetBase[target];
}

/** Staging's pages say so on every screen, fixed at the bottom (the areas' app bar holds the top). */
function StagingBanner() {
  const { t } = useTranslation();
  return (
    <p
      data-testid="staging-banner"
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 2000,
        margin: 0,
        padding: '4px 12px',
        background: '#FFD43D',
        color: '#1A1A1A',
        borderTop: '2px solid #1A1A1A',
        fontWeight: 700,
        fontSize: '0.875rem',
        textAlign: 'center',
      }}
    >
      {t('app.stagingBanner')}
    </p>
  );
}

export function createAppRouter(
  target: Target,
  routeTree: AnyRoute,
  context: RouterContext,
  environment: Environment = 'production',
) {
  return createRouter({
    routeTree,
    basepath: routerBasepath(target, environment),
    context,
    defaultPreload: 'intent',
    defaultPendingComponent: PendingIndicator,
    defaultErrorComponent: ErrorFallback,
    defaultOnCatch: (error) => void reportError(error, 'router'),
    notFoundMode: 'root',
    scrollRestoration: true,
  });
}

/**
 * `messages`: the texts only this target needs, added to the shared ones; `lazyMessages`: texts loaded
 * when a screen that needs them opens (lib/router/lazy.ts).
 */
export async function startApp(
  target: Target,
  routeTree: AnyRoute,
  messages: readonly MessagePart[] = [],
  lazyMessages: readonly LazyMessagePart[] = [],
): Promise<void> {
  installGlobalErrorHandlers();
  installNavigationGuard();

  const language = readLanguage(browserStorage());
  document.documentElement.lang = language;
  const i18n = createI18n('ja', messages, lazyMessages);
  // A language that cannot be loaded (offline, a failed chunk) leaves the page in Japanese.
  if (language !== 'ja')
    await loadLanguage(i18n, language).catch((error: unknown) => reportError(error, 'i18n'));
  document.documentElement.lang = i18n.resolvedLanguage ?? 'ja';
  const queryClient = createQueryClient();
  const router = createAppRouter(target, routeTree, { queryClient }, pageEnvironment);
  preloadChunksOnNavigation(router, queryClient);
  const staging = pageEnvironment === 'staging';
  // Room below the page for the banner, so it never covers the last line.
  if (staging) document.body.style.paddingBottom = '3rem';

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container, {
    onUncaughtError: (error) => void reportError(error, 'react'),
    onRecoverableError: (error) => void reportError(error, 'react-recoverable'),
  }).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider>
            <RouterProvider router={router} />
            {staging ? <StagingBanner /> : null}
          </SnackbarProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}
