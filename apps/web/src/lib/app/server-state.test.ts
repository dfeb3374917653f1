import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { hydrateServerState, readServerState, SERVER_STATE_ID, serverStateJson } from './server-state';

/** A document holding `text` as the server's state element (or none). */
const docWith = (text: string | null) => ({
  getElementById: (id: string) =>
    id === SERVER_STATE_ID && text !== null ? ({ textContent: text } as HTMLElement) : null,
});

describe('server state', () => {
  it('goes from the server to the browser with its answers, and cannot end its element', () => {
    const server = new QueryClient();
    server.setQueryData(['terms'], { title: '</script><script>alert(1)</script>' });
    const json = serverStateJson('en', server);
    expect(json).not.toContain('<');
    const state = readServerState(docWith(json));
    expect(state?.language).toBe('en');

    const browser = new QueryClient();
    hydrateServerState(browser, state!, 1_000);
    expect(browser.getQueryData(['terms'])).toEqual({ title: '</script><script>alert(1)</script>' });
    // As fetched when the page arrived: a query with a stale time does not ask again.
    expect(browser.getQueryState(['terms'])?.dataUpdatedAt).toBe(1_000);
  });

  it('is none on a page the server did not render, or with state it cannot read', () => {
    expect(readServerState(docWith(null))).toBeNull();
    expect(readServerState(docWith(''))).toBeNull();
    expect(readServerState(docWith('{not json'))).toBeNull();
    expect(readServerState(docWith('{"language":"fr","queries":{"queries":[]}}'))).toBeNull();
    expect(readServerState(docWith('{"language":"ja"}'))).toBeNull();
  });
});
