// What every page the server renders goes through (decision 0060): the router loaded at the address as
// the browser would load it, then drawn by React into HTML with emotion's critical styles and the state
// the browser hydrates from. ssr.tsx renders the public pages with it, ssr-not-found.tsx the not-found pages.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createMemoryHistory, type AnyRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { apiQueryOptions, createQueryClient } from '../../lib/api';
import { AppTree, createAppRouter } from '../../lib/app/start';
import { serverStateJson } from '../../lib/app/server-state';
import { createI18n, loadLanguage, type Language } from '../../lib/i18n';
import { pageDataQuery } from '../../lib/page-data/page-data';
import { routeTree } from './routes';

/** A page whose data is loaded: what it shows depends only on `dataKey`; `render` draws it. */
export interface LoadedPage {
  /** The page's slot in the server's cache (with the language): its address, or a not-found page's kind. */
  href: string;
  /** 200, or 404 for a municipality or page that does not exist. */
  status: number;
  /** Every answer the page is drawn from (JSON): the same key, the same HTML. */
  dataKey: string;
  render(): Promise<RenderedPage>;
  /**
   * A page drawn once for many addresses (the not-found pages): this request's own text put into its
   * HTML. Absent: the HTML is the same for every request of the slot.
   */
  fill?(html: string): string;
}

export interface RenderedPage {
  language: Language;
  /** The document's title. */
  title: string;
  /** The critical style elements of the page (emotion's), for the head. */
  styles: string;
  /** The HTML of #root. */
  body: string;
  /** The JSON of the page's state (language, query cache), for `<script type="application/json">`. */
  state: string;
}

/** The router, texts and answers of one page, loaded on the server. */
export interface LoadedRouter {
  i18n: I18n;
  queryClient: QueryClient;
  router: AnyRouter;
  language: Language;
  /** Where the router sends the address on (a route's redirect, or its own way of writing the query). */
  redirect: string | undefined;
}

/**
 * Loads the router at `href` as the browser would (the route's steps and loaders through the server's own
 * answers), in `language`, with the route's page data and the sign-in status every page reads. Null for a
 * signed-in visitor's page (never rendered on the server).
 */
export async function loadRouter(
  href: string,
  language: Language,
  more?: (queryClient: QueryClient, router: AnyRouter) => Promise<void>,
): Promise<LoadedRouter | null> {
  const i18n = createI18n('ja');
  if (language !== 'ja') await loadLanguage(i18n, language);
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [href] });
  const router = createAppRouter('applicant', routeTree, { queryClient }, 'production', { history });
  await router.load();
  // On the server the router ends a redirect here, not by navigating (TanStack's own request handler
  // answers it the same way).
  const result = router._serverResult;
  if (result?.type === 'redirect') {
    const redirect = result.redirect.headers.get('Location') ?? '/';
    return { i18n, queryClient, router, language, redirect };
  }
  // Every page's head reads its route's page data (lib/page-data), and the filter the sign-in status:
  // both in the HTML, not asked for again.
  const loginStatus = apiQueryOptions('applicant.login.status');
  await Promise.all([
    queryClient.prefetchQuery(pageDataQuery(router.state.matches.at(-1)?.fullPath)),
    queryClient.prefetchQuery(loginStatus),
    more?.(queryClient, router),
  ]);
  // Anyone's page: signed out (the server renders only for visitors without a session), and without the
  // CSRF token of the server's own call (it is worth nothing without that call's cookie).
  const signIn = queryClient.getQueryData(loginStatus.queryKey);
  if (signIn?.is_logged_in) return null;
  if (signIn) queryClient.setQueryData(loginStatus.queryKey, { ...signIn, csrf_token: '' });
  return { i18n, queryClient, router, language, redirect: undefined };
}

/** The answers a loaded page was drawn from, those the browser receives (JSON, with `slot` in front). */
export function answersKey(slot: string, loaded: LoadedRouter, only?: 'success'): string {
  const queries = loaded.queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => only === undefined || query.state.status === only)
    .map((query) => [query.queryHash, query.state.status, query.state.data]);
  return JSON.stringify([slot, loaded.language, queries]);
}

async function prerenderHtml(element: React.ReactElement): Promise<string> {
  // Every boundary in place, however large: React would otherwise move big ones to the end of the HTML
  // with an inline script to put them back, which the CSP refuses.
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/** Draws a loaded page: `page` is its title's screen name (none: the portal's name alone). */
export async function renderLoaded(
  { i18n, queryClient, router, language }: LoadedRouter,
  page: string | undefined,
  wrap: (tree: ReactNode) => ReactNode = (tree) => tree,
): Promise<RenderedPage> {
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const body = await prerenderHtml(
    <CacheProvider value={cache}>
      {wrap(<AppTree i18n={i18n} queryClient={queryClient} router={router} staging={false} />)}
    </CacheProvider>,
  );
  const app = i18n.t('app.name');
  return {
    language,
    title: page ? i18n.t('app.pageTitle', { page, app }) : app,
    styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body)),
    body,
    state: serverStateJson(language, queryClient),
  };
}
