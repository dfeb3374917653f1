// Starts one build target: global guards first (errors, chunk reloads, navigation), then i18n, the query
// client, the router and React. MUI and the theme load with the first screen (lib/layout/Themed.tsx).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import {
  createRouter,
  RouterProvider,
  type AnyRoute,
  type AnyRouter,
  type RouterHistory,
} from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { targetBase, type Target } from '../../target';
import { createQueryClient } from '../api';
import { STAGING_WEB_PREFIX, type Environment } from '../api/client';
import { pageEnvironment } from '../api/default-client';
import { installGlobalErrorHandlers, reportError } from '../errors/error-handler';
import {
  browserStorage,
  createI18n,
  languageCookie,
  loadLanguage,
  chosenLanguage,
  type LazyMessagePart,
  type MessagePart,
} from '../i18n';
import { ErrorFallback, PendingIndicator } from '../layout/fallbacks';
import { SnackbarProvider } from '../layout/snackbar-state';
import { installNavigationGuard } from '../navigation/navigation-guard';
import type { RouterContext } from '../router/context';
import { preloadChunksOnNavigation } from '../router/preload-chunks';
import { hydrateServerState, readServerState } from './server-state';

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
  server?: { history: RouterHistory },
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
    // On the server the router would write its restoration as an inline script, which the CSP refuses.
    scrollRestoration: !server,
    ...(server ? { history: server.history } : {}),
  });
}

/** The app's React tree: the same on the server (decision 0060) and in the browser. */
/**
 * Marks the page as the app's (`<html data-app="ready">`) once React has drawn or taken over it: what
 * browser tests wait for before acting on a page the server rendered (decision 0061).
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

export function AppTree({
  i18n,
  queryClient,
  router,
  staging,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  router: AnyRouter;
  staging: boolean;
}) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider>
            <RouterProvider router={router} />
            {staging ? <StagingBanner /> : null}
            <AppReady />
          </SnackbarProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>
  );
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

  const language = chosenLanguage(browserStorage());
  document.documentElement.lang = language;
  const i18n = createI18n('ja', messages, lazyMessages);
  // A language that cannot be loaded (offline, a failed chunk) leaves the page in Japanese.
  if (language !== 'ja')
    await loadLanguage(i18n, language).catch((error: unknown) => reportError(error, 'i18n'));
  document.documentElement.lang = i18n.resolvedLanguage ?? 'ja';
  // The server renders the public pages in the language this cookie names (decision 0060).
  languageCookie(i18n.resolvedLanguage === 'en' ? 'en' : 'ja');
  const queryClient = createQueryClient();
  const router = createAppRouter(target, routeTree, { queryClient }, pageEnvironment);
  preloadChunksOnNavigation(router, queryClient);
  const staging = pageEnvironment === 'staging';
  // Room below the page for the banner, so it never covers the last line.
  if (staging) document.body.style.paddingBottom = '3rem';

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const options = {
    onUncaughtError: (error: unknown) => void reportError(error, 'react'),
    onRecoverableError: (error: unknown) => void reportError(error, 'react-recoverable'),
  };
  const tree = <AppTree i18n={i18n} queryClient={queryClient} router={router} staging={staging} />;
  // A page the server rendered in this language: its data into the cache, its chunks and steps loaded,
  // then React takes over the server's HTML. Otherwise (another language, no server HTML) React draws it.
  const server = readServerState(document);
  if (server && server.language === (i18n.resolvedLanguage ?? 'ja')) {
    hydrateServerState(queryClient, server);
    await router.load();
    // What the router's own hydration sets (ssr/client): its tree then has the server's Suspense
    // boundaries. Its state arrives as data, not as the inline scripts the CSP refuses (decision 0060).
    router.ssr = { manifest: undefined };
    hydrateRoot(container, tree, options);
  } else {
    createRoot(container, options).render(tree);
  }
}
