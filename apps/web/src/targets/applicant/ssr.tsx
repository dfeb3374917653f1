// The applicant's public pages rendered on the server (decision 0060): the same route tree, screens and
// query cache as in the browser, rendered by React on the API server, which serves the HTML and caches
// it. The browser hydrates that HTML (lib/app/start.tsx). Built by build.mjs as a module of its own
// (dist/applicant-ssr/render.mjs), never part of the browser's bundle.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createMemoryHistory, defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { japanDate } from '@portal/rules';
import type { QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { decodeAnswers, filterResultQuery, filterView } from '../../features/concierge/filter';
import { pickGroup } from '../../features/municipality/municipality';
import { setServerFetch } from '../../lib/api/default-client';
import { apiQueryOptions, createQueryClient } from '../../lib/api';
import { AppTree, createAppRouter } from '../../lib/app/start';
import { serverStateJson } from '../../lib/app/server-state';
import { createI18n, loadLanguage, type Language } from '../../lib/i18n';
import { pageDataQuery } from '../../lib/page-data/page-data';
import type { ScreenKey } from '../../lib/router/static-data';
import { filterSearch, groupSearch, routeTree } from './routes';

/**
 * The pages rendered on the server: a municipality's public pages, the same for every visitor, each with
 * the query parameters it reads (any other, such as a QR code's `utm_…`, is left out of the render). The
 * entrance and the filter are forms that also work as plain forms (decision 0061).
 */
const SERVER_RENDERED: { pattern: RegExp; search: (search: Record<string, unknown>) => object }[] = [
  { pattern: /^\/municipalities\/\d{6}$/, search: () => ({}) },
  { pattern: /^\/municipalities\/\d{6}\/terms$/, search: () => ({}) },
  { pattern: /^\/municipalities\/\d{6}\/privacy$/, search: () => ({}) },
  { pattern: /^\/municipalities\/\d{6}\/entrance$/, search: groupSearch },
  { pattern: /^\/municipalities\/\d{6}\/conciergeFilter$/, search: filterSearch },
];

/** Whether the server renders a page path (production's pages only). */
export function isServerRendered(pathname: string): boolean {
  return SERVER_RENDERED.some((page) => page.pattern.test(pathname));
}

/**
 * The address a page is rendered for: its path and the query it reads, as the router writes it, so one
 * render serves every link to the same page (a QR code's `utm_…` is left out). Null for a page the server
 * does not render.
 */
export function renderedHref(href: string): string | null {
  const [pathname = '/', search = ''] = href.split('?', 2);
  const page = SERVER_RENDERED.find((p) => p.pattern.test(pathname));
  if (!page) return null;
  return pathname + defaultStringifySearch(page.search(defaultParseSearch(search)));
}

export { submitPageForm } from './page-forms';

/** The calls of a render go to the server itself (its `app.inject`): set once, when the server loads this. */
export function configure(options: { fetch: typeof fetch }): void {
  setServerFetch(options.fetch);
}

/** A page whose data is loaded: what it shows depends only on `dataKey`; `render` draws it. */
export interface LoadedPage {
  /** The address rendered (`renderedHref`): the page's slot in the server's cache. */
  href: string;
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
export async function loadPage(requested: string, language: Language): Promise<LoadedPage | null> {
  const href = renderedHref(requested);
  if (href === null) return null;
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
  await prefetchFilterResult(queryClient, router.state.matches.at(-1));
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
    href,
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

/**
 * The filter with complete answers in its address shows the server's decision, which the browser asks
 * for once the answers are complete: the render asks for it first, so the page holds it.
 */
async function prefetchFilterResult(
  queryClient: QueryClient,
  match: { fullPath: string; params: Record<string, string>; search: Record<string, unknown> } | undefined,
) {
  if (match?.fullPath !== '/municipalities/$municipalityCode/conciergeFilter') return;
  const code = match.params.municipalityCode ?? '';
  const home = queryClient.getQueryData(apiQueryOptions('applicant.home', { params: { code } }).queryKey);
  const groupId =
    groupSearch(match.search).procedure_group_id ?? (home ? pickGroup(home, undefined)?.id : undefined);
  if (groupId === undefined) return;
  const filter = queryClient.getQueryData(
    apiQueryOptions('applicant.concierge_filter.get', {
      params: { code },
      query: { procedure_group_id: groupId },
    }).queryKey,
  );
  const answers = decodeAnswers(match.search.answers);
  if (!filter || answers.length === 0) return;
  const view = filterView(filter.category, answers, japanDate(new Date()));
  if (view.complete || view.scopedOut) {
    await queryClient.prefetchQuery(filterResultQuery(code, groupId, view.answers));
  }
}
