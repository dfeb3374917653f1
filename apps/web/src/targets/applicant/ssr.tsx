// The applicant's public pages rendered on the server (decision 0060): the same route tree, screens and
// query cache as in the browser, rendered by React on the API server, which serves the HTML and caches
// it. The browser hydrates that HTML (lib/app/start.tsx). Built by build.mjs as a module of its own
// (dist/applicant-ssr/render.mjs), never part of the browser's bundle.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import { setServerFetch } from '../../lib/api/default-client';
import { apiQueryOptions, createQueryClient } from '../../lib/api';
import { AppTree, createAppRouter } from '../../lib/app/start';
import { serverStateJson } from '../../lib/app/server-state';
import { createI18n, loadLanguage, type Language } from '../../lib/i18n';
import { pageDataQuery } from '../../lib/page-data/page-data';
import type { ScreenKey } from '../../lib/router/static-data';
import { routeTree } from './routes';

/**
 * The pages rendered on the server: a municipality's public pages to read, the same for every visitor.
 * Not yet the entrance and the filter: an answer given before hydration would be lost until their
 * forms work without JavaScript (issue 36 item 2, decision 0060).
 */
const SERVER_RENDERED = [
  /^\/municipalities\/\d{6}$/,
  /^\/municipalities\/\d{6}\/terms$/,
  /^\/municipalities\/\d{6}\/privacy$/,
];

/** Whether the server renders a page path (no query, production's pages only). */
export function isServerRendered(pathname: string): boolean {
  return SERVER_RENDERED.some((pattern) => pattern.test(pathname));
}

/** The calls of a render go to the server itself (its `app.inject`): set once, when the server loads this. */
export function configure(options: { fetch: typeof fetch }): void {
  setServerFetch(options.fetch);
}

/** A page whose data is loaded: what it shows depends only on `dataKey`; `render` draws it. */
export interface LoadedPage {
  /** 200, or 404 for a municipality or page that does not exist. */
  status: number;
  /** Every answer the page is drawn from (JSON): the same key, the same HTML. */
  dataKey: string;
  render(): Promise<RenderedPage>;
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

async function prerenderHtml(element: React.ReactElement): Promise<string> {
  // Every boundary in place, however large: React would otherwise move big ones to the end of the HTML
  // with an inline script to put them back, which the CSP refuses.
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/**
 * Loads a page as the browser would (the route's steps and loaders through the server's own answers), in
 * `language`. Null when the path is none the server renders, or the router ends elsewhere (a redirect).
 */
export async function loadPage(href: string, language: Language): Promise<LoadedPage | null> {
  const pathname = href.split('?')[0] ?? '/';
  if (!isServerRendered(pathname)) return null;
  const i18n = createI18n('ja');
  if (language !== 'ja') await loadLanguage(i18n, language);
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [href] });
  const router = createAppRouter('applicant', routeTree, { queryClient }, 'production', { history });
  await router.load();
  // Every page's head reads its route's page data (lib/page-data), and the filter the sign-in status:
  // both in the HTML, not asked for again.
  const loginStatus = apiQueryOptions('applicant.login.status');
  await Promise.all([
    queryClient.prefetchQuery(pageDataQuery(router.state.matches.at(-1)?.fullPath)),
    queryClient.prefetchQuery(loginStatus),
  ]);
  // Anyone's page: signed out (the server renders only for visitors without a session), and without the
  // CSRF token of the server's own call (it is worth nothing without that call's cookie).
  const signIn = queryClient.getQueryData(loginStatus.queryKey);
  if (signIn?.is_logged_in) return null;
  if (signIn) queryClient.setQueryData(loginStatus.queryKey, { ...signIn, csrf_token: '' });
  const state = router.state;
  // A page whose steps failed or still wait (or left for elsewhere) is left to the browser.
  if (state.matches.some((match) => match.status !== 'success' && match.status !== 'notFound')) return null;
  // Not yet the not-found pages (an unknown municipality): the browser draws them, as before.
  if (state.matches.some((match) => match.status === 'notFound' || match._notFound)) return null;
  const status = 200;
  const queries = queryClient
    .getQueryCache()
    .getAll()
    .map((query) => [query.queryHash, query.state.status, query.state.data]);
  const dataKey = JSON.stringify([href, language, queries]);
  const titleKey = [...state.matches].reverse().find((match) => match.staticData?.titleKey)?.staticData
    ?.titleKey as ScreenKey | undefined;
  return {
    status,
    dataKey,
    async render() {
      const cache = createCache({ key: 'css' });
      const emotion = createEmotionServer(cache);
      const body = await prerenderHtml(
        <CacheProvider value={cache}>
          <AppTree i18n={i18n} queryClient={queryClient} router={router} staging={false} />
        </CacheProvider>,
      );
      const app = i18n.t('app.name');
      const page = titleKey ? i18n.t(`screens.${titleKey}`) : undefined;
      return {
        language,
        title: page ? i18n.t('app.pageTitle', { page, app }) : app,
        styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(body)),
        body,
        state: serverStateJson(language, queryClient),
      };
    },
  };
}
