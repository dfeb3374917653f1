// What a page rendered on the server hands to the browser (decision 0060): the language it was rendered
// in and the query cache it was rendered from, as JSON in a `<script type="application/json">` (data,
// which the CSP's `script-src 'self'` allows; an inline script would be refused).
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { isLanguage, type Language } from '../i18n';

/** The id of the element that holds the state. */
export const SERVER_STATE_ID = 'ssr-state';

export interface ServerState {
  language: Language;
  queries: DehydratedState;
}

/** The state of a rendered page as the text of its JSON element (`<` escaped: it cannot end the element). */
export function serverStateJson(language: Language, queryClient: QueryClient): string {
  const state: ServerState = { language, queries: dehydrate(queryClient) };
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** The state the server wrote into the page, or null (a page the server did not render, or unreadable). */
export function readServerState(doc: Pick<Document, 'getElementById'>): ServerState | null {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ServerState>;
    if (!isLanguage(value.language) || !value.queries || !Array.isArray(value.queries.queries)) return null;
    return value as ServerState;
  } catch {
    return null;
  }
}

/**
 * Puts the server's answers into the query cache as just fetched: the server renders a page again when its
 * published configuration changes, so what the page shows is current when it arrives (no second fetch).
 */
export function hydrateServerState(queryClient: QueryClient, state: ServerState, now = Date.now()): void {
  hydrate(queryClient, {
    ...state.queries,
    queries: state.queries.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  });
}
