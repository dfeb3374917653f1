// The applicant's public pages rendered on the server (decision 0060): the same route tree, screens and
// query cache as in the browser, rendered by React on the API server, which serves the HTML and caches
// it. The browser hydrates that HTML (lib/app/start.tsx). Built by build.mjs as a module of its own
// (dist/applicant-ssr/render.mjs), never part of the browser's bundle.
import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { japanDate } from '@portal/rules';
import type { QueryClient } from '@tanstack/react-query';
import { decodeAnswers, filterResultQuery, filterView } from '../../features/concierge/filter';
import { pickGroup } from '../../features/municipality/municipality';
import { setServerFetch } from '../../lib/api/default-client';
import { apiQueryOptions } from '../../lib/api';
import type { Language } from '../../lib/i18n';
import type { ScreenKey } from '../../lib/router/static-data';
import { filterSearch, groupSearch } from './routes';
import { answersKey, loadRouter, renderLoaded, type LoadedPage } from './ssr-page';

/**
 * The pages rendered on the server: a municipality's public pages, the same for every visitor, each with
 * the query parameters it reads (any other, such as a QR code's `utm_…`, is left out of the render). The
 * entrance and the filter are forms that also work as plain forms (decision 0061).
 */
const SERVER_RENDERED: { pattern: RegExp; search: (search: Record<string, unknown>) => object }[] = [
  // The portal's top: the router sends it on to a municipality's home, and so does the server (302).
  { pattern: /^\/$/, search: () => ({}) },
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

export { pageFormReturn, submitPageForm } from './page-forms';

/** The calls of a render go to the server itself (its `app.inject`): set once, when the server loads this. */
export function configure(options: { fetch: typeof fetch }): void {
  setServerFetch(options.fetch);
}

export type { LoadedPage, RenderedPage } from './ssr-page';
export { loadNotFoundPage } from './ssr-not-found';

/** A page the router sends on elsewhere: the server answers with that address (302). */
export interface PageRedirect {
  redirect: string;
}

/**
 * Loads a page as the browser would, in `language`, or where its router sends it. Null when the path is
 * none the server renders, or the router ends in a failed step or a page not found (ssr-not-found.tsx
 * draws those).
 */
export async function loadPage(
  requested: string,
  language: Language,
): Promise<LoadedPage | PageRedirect | null> {
  const href = renderedHref(requested);
  if (href === null) return null;
  const loaded = await loadRouter(href, language, (queryClient, router) =>
    prefetchFilterResult(queryClient, router.state.matches.at(-1)),
  );
  if (!loaded) return null;
  // Only within the portal: a route's redirect is a path of its own.
  if (loaded.redirect !== undefined) {
    return /^\/(?![/\\])/.test(loaded.redirect) ? { redirect: loaded.redirect } : null;
  }
  const matches = loaded.router.state.matches;
  if (matches.some((match) => match.status !== 'success' || match._notFound)) return null;
  const titleKey = [...matches].reverse().find((match) => match.staticData?.titleKey)?.staticData
    ?.titleKey as ScreenKey | undefined;
  return {
    href,
    status: 200,
    dataKey: answersKey(href, loaded),
    render: () => renderLoaded(loaded, titleKey ? loaded.i18n.t(`screens.${titleKey}`) : undefined),
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
