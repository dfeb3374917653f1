// The applicant's not-found pages rendered on the server (issue 36, decision 0063): an address no route
// has, or a municipality that does not exist. The page shows the address (and the code) asked for, so it
// is drawn once per kind with placeholders, cached like the public pages, and each request's own text is
// put in: a scan of invented addresses renders nothing new.
import { isNotFound, type AnyRouteMatch, type AnyRouter } from '@tanstack/react-router';
import { apiQueryOptions } from '../../lib/api';
import type { Language } from '../../lib/i18n';
import { displayPath, NotFoundShown } from '../../lib/layout/pages';
import { MUNICIPALITY_CODE, type MunicipalityNotFound } from './routes';
import { answersKey, loadRouter, renderLoaded, type LoadedPage } from './ssr-page';

/** What the page is drawn with in place of the address and the code; plain words, unchanged by escaping. */
const SHOWN = { path: 'portal-not-found-path', code: 'portal-not-found-code' } as const;

/** Text as React writes it into HTML. */
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/** The unknown municipality's code, when the router stopped at one (requireMunicipality's notFound). */
function unknownMunicipality(matches: readonly AnyRouteMatch[]): string | undefined {
  for (const match of matches) {
    const error: unknown = match.error;
    if (!isNotFound(error)) continue;
    const code = (error.data as Partial<MunicipalityNotFound> | undefined)?.municipalityCode;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A well-formed municipality code of the address: the header names it (SiteFrame), if it exists. */
function addressMunicipality(router: AnyRouter): string | undefined {
  const matches = router.state.matches as AnyRouteMatch[];
  const code = (matches.at(-1)?.params as { municipalityCode?: string } | undefined)?.municipalityCode;
  return code !== undefined && MUNICIPALITY_CODE.test(code) ? code : undefined;
}

const homeQuery = (code: string) => apiQueryOptions('applicant.home', { params: { code } });

/**
 * Loads the not-found page of `requested` as the browser draws it, in `language` (status 404). Null when
 * the router draws another page there (the server's own check said otherwise), a step failed, or the
 * address names a municipality whose page could not be read.
 */
export async function loadNotFoundPage(requested: string, language: Language): Promise<LoadedPage | null> {
  const pathname = requested.split('?', 1)[0] ?? '/';
  // The header's municipality comes in the HTML, as on the public pages (the router reads it only on its
  // own pages).
  const loaded = await loadRouter(pathname, language, async (queryClient, router) => {
    const code = addressMunicipality(router);
    if (code !== undefined && !unknownMunicipality(router.state.matches as AnyRouteMatch[])) {
      await queryClient.prefetchQuery(homeQuery(code));
    }
  });
  if (!loaded || loaded.redirect !== undefined) return null;
  const matches = loaded.router.state.matches as AnyRouteMatch[];
  // The router stops at the first match not found: those after it are never loaded.
  const end = matches.findIndex((match) => match.status === 'notFound' || match._notFound);
  const before = matches.slice(0, end + 1);
  if (end < 0 || before.some((match) => match.status === 'error' || match.status === 'pending')) return null;
  const code = unknownMunicipality(matches);
  // The header names a municipality that exists (an unknown one's page is framed without one). So each
  // slot is of a municipality that exists, never of a code an address invents.
  const framed = code === undefined ? addressMunicipality(loaded.router) : undefined;
  if (
    framed !== undefined &&
    loaded.queryClient.getQueryState(homeQuery(framed).queryKey)?.status !== 'success'
  ) {
    return null;
  }
  const kind = code === undefined ? 'page' : 'municipality';
  const slot = `404|${kind}|${framed ?? ''}|${matches.at(-1)?.fullPath ?? ''}`;
  const heading = loaded.i18n.t(code === undefined ? 'notFound.heading' : 'municipalityNotFound.heading');
  return {
    href: slot,
    status: 404,
    // Failed answers (the unknown municipality's) are not in the page: the browser asks again.
    dataKey: answersKey(slot, loaded, 'success'),
    render: () =>
      renderLoaded(loaded, heading, (tree) => (
        <NotFoundShown.Provider value={SHOWN}>{tree}</NotFoundShown.Provider>
      )),
    fill: (html) =>
      html
        .replaceAll(SHOWN.path, () => escapeHtml(displayPath(pathname)))
        .replaceAll(SHOWN.code, () => code ?? ''),
  };
}
