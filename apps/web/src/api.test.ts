import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMunicipalityHome, municipalityHomeUrl } from './api';
import { sampleHome } from './fixtures';

const respond = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchMunicipalityHome', () => {
  it('calls GET /api/municipalities/{code}/ with the region header and parses the answer', async () => {
    const fetchMock = respond(200, sampleHome);
    vi.stubGlobal('fetch', fetchMock);
    const result = await fetchMunicipalityHome('999999');
    expect(result).toEqual({ ok: true, data: sampleHome });
    expect(municipalityHomeUrl('999999')).toBe('/api/municipalities/999999/');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/municipalities/999999/');
    expect(new Headers(init.headers).get('X-Region-Code')).toBe('999999');
  });

  it('reports the server message of a failing call', async () => {
    vi.stubGlobal(
      'fetch',
      respond(404, { errors: [{ code: 'not_found', message: 'Unknown municipality' }] }),
    );
    expect(await fetchMunicipalityHome('123456')).toEqual({
      ok: false,
      detail: 'HTTP 404 — Unknown municipality',
    });
  });

  it("reports 'Parse Error' for an answer of the wrong shape", async () => {
    vi.stubGlobal('fetch', respond(200, { municipality: { code: '999999' } }));
    expect(await fetchMunicipalityHome('999999')).toEqual({ ok: false, detail: 'Parse Error' });
  });

  it('reports a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await fetchMunicipalityHome('999999')).toEqual({ ok: false, detail: 'Failed to fetch' });
  });
});
