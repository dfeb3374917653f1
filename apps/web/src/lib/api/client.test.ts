import { describe, expect, it, vi } from 'vitest';
import { sampleHome } from '../../testing/fixtures';
import { createApiClient } from './client';
import { ApiError, ParseError } from './errors';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const TOKEN = 'token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

/** A fake fetch answering by method and path; the CSRF token route answers TOKEN unless replaced. */
function fakeFetch(routes: Record<string, Handler>) {
  const calls: { method: string; url: URL; headers: Headers; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init.method ?? 'GET';
    calls.push({ method, url, headers: new Headers(init.headers), body: init.body });
    const handler =
      routes[`${method} ${url.pathname}`] ??
      (method === 'GET' && url.pathname === '/api/csrf-token'
        ? () => json(200, { csrf_token: TOKEN })
        : undefined);
    if (!handler)
      return json(404, { errors: [{ code: 'not_found', message: `no fake for ${method} ${url}` }] });
    return handler(url, init);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const writeCalls = <T extends { method: string }>(calls: T[]) => calls.filter((c) => c.method !== 'GET');

describe('api client: reads', () => {
  it('fills the path, sends the region header of the params and parses the answer', async () => {
    const { fetch, calls } = fakeFetch({ 'GET /api/municipalities/999999/': () => json(200, sampleHome) });
    const client = createApiClient({ fetch });
    const home = await client.api('applicant.home', { params: { code: '999999' } });
    expect(home.municipality.name).toBe('デモ市');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('X-Region-Code')).toBe('999999');
    expect(calls[0]?.headers.get('X-CSRF-Token')).toBeNull();
  });

  it('takes {code} and the region header from the current municipality when the params leave it out', async () => {
    const { fetch, calls } = fakeFetch({
      'GET /api/municipalities/131016/terms-service/': () =>
        json(200, { device: 'browser', title: 'T', body: 'B', updated_at: '2024-04-01' }),
    });
    const client = createApiClient({ fetch, municipalityCode: () => '131016' });
    const terms = await client.api('applicant.terms', { query: { device: 'browser' } });
    expect(terms.title).toBe('T');
    expect(calls[0]?.url.search).toBe('?device=browser');
    expect(calls[0]?.headers.get('X-Region-Code')).toBe('131016');
  });

  it('sends the current municipality on calls without {code} too, and none when there is none', async () => {
    const status = { is_logged_in: false, csrf_token: TOKEN, municipality_code: null };
    const { fetch, calls } = fakeFetch({ 'GET /api/applicant/login/status/': () => json(200, status) });
    await createApiClient({ fetch, municipalityCode: () => '999999' }).api('applicant.login.status');
    await createApiClient({ fetch }).api('applicant.login.status');
    expect(calls.map((c) => c.headers.get('X-Region-Code'))).toEqual(['999999', null]);
  });

  it('refuses a call with {code} when no municipality is known', async () => {
    const { fetch } = fakeFetch({});
    await expect(createApiClient({ fetch }).api('applicant.home')).rejects.toThrow(/no municipality code/);
  });

  it("raises 'Parse Error' when the answer does not have the route's shape", async () => {
    const { fetch } = fakeFetch({
      'GET /api/municipalities/999999/': () => json(200, { municipality: { code: '999999' } }),
    });
    const error = await createApiClient({ fetch })
      .api('applicant.home', { params: { code: '999999' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as Error).message).toBe('Parse Error');
  });

  it('leaves the answer unchecked without schemas (production builds), sending from the route index alone', async () => {
    const shape = { municipality: { code: '999999' } };
    const { fetch, calls } = fakeFetch({ 'GET /api/municipalities/999999/': () => json(200, shape) });
    const answer = await createApiClient({ fetch, schemas: null }).api('applicant.home', {
      params: { code: '999999' },
    });
    expect(answer).toEqual(shape);
    expect(calls).toHaveLength(1);
  });

  it("raises 'Parse Error' for a body that is not JSON", async () => {
    const { fetch } = fakeFetch({
      'GET /api/municipalities/999999/': () => new Response('<html>', { status: 200 }),
    });
    await expect(
      createApiClient({ fetch }).api('applicant.home', { params: { code: '999999' } }),
    ).rejects.toThrow('Parse Error');
  });

  it('serializes the query: lists comma-separated, undefined left out', async () => {
    const { fetch, calls } = fakeFetch({
      'GET /api/municipalities/999999/form/': () =>
        json(200, { procedure_group_id: 1, version: 1, fragments: [] }),
    });
    await createApiClient({ fetch }).api('applicant.form.get', {
      params: { code: '999999' },
      query: { procedure_group_id: 1, procedure_ids: '1,2', version: undefined },
    });
    expect(calls[0]?.url.search).toBe('?procedure_group_id=1&procedure_ids=1%2C2');
  });
});

describe('api client: errors', () => {
  it('joins the messages of the error body and keeps status, codes and fields', async () => {
    const { fetch } = fakeFetch({
      'GET /api/municipalities/999999/': () =>
        json(400, {
          errors: [
            { code: 'validation_failed', message: 'first is wrong', field: 'first' },
            { code: 'validation_failed', message: 'second is wrong', field: 'second' },
          ],
        }),
    });
    const error = (await createApiClient({ fetch })
      .api('applicant.home', { params: { code: '999999' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('first is wrong\nsecond is wrong');
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.fieldErrors).toEqual({ first: 'first is wrong', second: 'second is wrong' });
  });

  it("says 'API error occurred' when the error body has no messages or is not JSON", async () => {
    for (const response of [
      () => json(500, { errors: [] }),
      () => json(502, {}),
      () => new Response('Bad gateway', { status: 502 }),
    ]) {
      const { fetch } = fakeFetch({ 'GET /api/municipalities/999999/': response });
      const error = (await createApiClient({ fetch })
        .api('applicant.home', { params: { code: '999999' } })
        .catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message).toBe('API error occurred');
    }
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const error = (await createApiClient({ fetch })
      .api('applicant.home', { params: { code: '999999' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.cause).toBeInstanceOf(TypeError);
  });
});

describe('api client: CSRF', () => {
  const filterResult = { procedures: [], is_scopedout: false, scopedout_messages: [], explanations: [] };
  const evaluate = {
    'POST /api/municipalities/999999/concierge-filter/concierge-values/': () => json(200, filterResult),
  };
  const body = { procedure_group_id: 1, concierge_option_ids: [1, 3] };

  it('fetches the token once, caches it and sends it on every required write', async () => {
    const { fetch, calls } = fakeFetch(evaluate);
    const client = createApiClient({ fetch, municipalityCode: () => '999999' });
    await client.api('applicant.concierge_filter.evaluate', { body });
    await client.api('applicant.concierge_filter.evaluate', { body });
    expect(calls.filter((c) => c.url.pathname === '/api/csrf-token')).toHaveLength(1);
    const writes = writeCalls(calls);
    expect(writes.map((c) => c.headers.get('X-CSRF-Token'))).toEqual([TOKEN, TOKEN]);
    expect(writes[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(writes[0]?.body))).toEqual(body);
  });

  it("raises 'csrfToken is null or undefined' when a required write has no token, and sends nothing", async () => {
    const { fetch, calls } = fakeFetch({
      ...evaluate,
      'GET /api/csrf-token': () => json(503, { errors: [{ code: 'unavailable', message: 'down' }] }),
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createApiClient({ fetch, municipalityCode: () => '999999' });
    await expect(client.api('applicant.concierge_filter.evaluate', { body })).rejects.toThrow(
      'csrfToken is null or undefined',
    );
    expect(writeCalls(calls)).toHaveLength(0);
    consoleError.mockRestore();
  });

  it("raises 'csrfToken is null or undefined' when the token answer carries no token", async () => {
    const { fetch, calls } = fakeFetch({
      ...evaluate,
      'GET /api/csrf-token': () => json(200, { csrf_token: null }),
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createApiClient({ fetch, municipalityCode: () => '999999' });
    await expect(client.api('applicant.concierge_filter.evaluate', { body })).rejects.toThrow(
      'csrfToken is null or undefined',
    );
    expect(writeCalls(calls)).toHaveLength(0);
    consoleError.mockRestore();
  });

  it('uses a token it was given without fetching one', async () => {
    const { fetch, calls } = fakeFetch(evaluate);
    const client = createApiClient({ fetch, municipalityCode: () => '999999' });
    client.setCsrfToken('given-token-aaaaaaaaaaaaaaaaaaaa');
    await client.api('applicant.concierge_filter.evaluate', { body });
    expect(calls.map((c) => `${c.method} ${c.headers.get('X-CSRF-Token')}`)).toEqual([
      'POST given-token-aaaaaaaaaaaaaaaaaaaa',
    ]);
  });

  it("sends an empty token on the 'empty' calls made before a session exists, without fetching one", async () => {
    const status = { is_logged_in: true, user: null, csrf_token: TOKEN };
    const { fetch, calls } = fakeFetch({
      'POST /api/municipalities/999999/login/': () => json(200, status),
      'POST /api/mastertool/login/': () => json(200, status),
    });
    const client = createApiClient({ fetch });
    await client.api('staff.login', { params: { code: '999999' }, body: { login_id: 'a', password: 'b' } });
    await client.api('operator.login', { body: { login_id: 'operator', password: 'b' } });
    expect(calls.filter((c) => c.url.pathname === '/api/csrf-token')).toHaveLength(0);
    expect(calls.map((c) => c.headers.has('X-CSRF-Token'))).toEqual([true, true]);
    expect(calls.map((c) => c.headers.get('X-CSRF-Token'))).toEqual(['', '']);
  });

  it('fetches a fresh token and retries once when the server refuses the token', async () => {
    let tokens = 0;
    let writes = 0;
    const { fetch, calls } = fakeFetch({
      'GET /api/csrf-token': () => json(200, { csrf_token: `${TOKEN}${++tokens}` }),
      'POST /api/municipalities/999999/concierge-filter/concierge-values/': () =>
        ++writes === 1
          ? json(403, { errors: [{ code: 'csrf_failed', message: 'X-CSRF-Token is not valid' }] })
          : json(200, filterResult),
    });
    const client = createApiClient({ fetch, municipalityCode: () => '999999' });
    await expect(client.api('applicant.concierge_filter.evaluate', { body })).resolves.toEqual(filterResult);
    expect(writeCalls(calls).map((c) => c.headers.get('X-CSRF-Token'))).toEqual([`${TOKEN}1`, `${TOKEN}2`]);
  });

  it('does not retry other refusals', async () => {
    const { fetch, calls } = fakeFetch({
      'POST /api/municipalities/999999/concierge-filter/concierge-values/': () =>
        json(403, { errors: [{ code: 'forbidden', message: 'no' }] }),
    });
    const client = createApiClient({ fetch, municipalityCode: () => '999999' });
    await expect(client.api('applicant.concierge_filter.evaluate', { body })).rejects.toThrow('no');
    expect(writeCalls(calls)).toHaveLength(1);
  });

  it('uploads multipart bodies as they are, letting the browser set the content type', async () => {
    const list = { required: [], procedure_attaches: [] };
    const id = '3f1c2a6e-8d4b-4c1e-9a7f-2b5d6e8f9a01';
    const { fetch, calls } = fakeFetch({
      [`POST /api/municipalities/999999/applications/${id}/procedure-attaches/`]: () => json(201, list),
    });
    const form = new FormData();
    form.set('standard_item_code', 'photo');
    await createApiClient({ fetch, municipalityCode: () => '999999' }).api('applicant.attaches.upload', {
      params: { applicationId: id },
      body: form,
    });
    const upload = writeCalls(calls)[0];
    expect(upload?.body).toBe(form);
    expect(upload?.headers.get('Content-Type')).toBeNull();
    expect(upload?.headers.get('X-CSRF-Token')).toBe(TOKEN);
  });
});

describe('api client: environments (one build for production and staging)', () => {
  it('reads the environment from the page path: /stg and below is staging', async () => {
    const { environmentOfPath } = await import('./client');
    expect(environmentOfPath('/stg')).toBe('staging');
    expect(environmentOfPath('/stg/')).toBe('staging');
    expect(environmentOfPath('/stg/municipalities/999999/conciergeFilter')).toBe('staging');
    expect(environmentOfPath('/stg/staff/login')).toBe('staging');
    expect(environmentOfPath('/stg/mastertool/')).toBe('staging');
    expect(environmentOfPath('/')).toBe('production');
    expect(environmentOfPath('/stgx/')).toBe('production');
    expect(environmentOfPath('/staff/stg/')).toBe('production');
    expect(environmentOfPath('/municipalities/999999')).toBe('production');
  });

  it('moves only /api paths under another prefix', async () => {
    const { withApiPrefix, apiPrefixOf } = await import('./client');
    expect(apiPrefixOf('staging')).toBe('/stg-api');
    expect(apiPrefixOf('production')).toBe('/api');
    expect(withApiPrefix('/api/municipalities/999999/', '/stg-api')).toBe('/stg-api/municipalities/999999/');
    expect(withApiPrefix('/api/municipalities/999999/', '/api')).toBe('/api/municipalities/999999/');
    expect(withApiPrefix('/apix/', '/stg-api')).toBe('/apix/');
    expect(withApiPrefix('/dev/idp/', '/stg-api')).toBe('/dev/idp/');
  });

  it('sends every call, the CSRF token fetch included, under the staging prefix', async () => {
    const { fetch, calls } = fakeFetch({
      'GET /stg-api/municipalities/999999/': () => json(200, sampleHome),
      'GET /stg-api/csrf-token': () => json(200, { csrf_token: TOKEN }),
      'POST /stg-api/mastertool/logout/': () => json(200, { ok: true }),
    });
    const client = createApiClient({ fetch, apiPrefix: '/stg-api' });
    expect(client.apiPrefix).toBe('/stg-api');
    await client.api('applicant.home', { params: { code: '999999' } });
    await client.api('operator.logout');
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /stg-api/municipalities/999999/',
      'GET /stg-api/csrf-token',
      'POST /stg-api/mastertool/logout/',
    ]);
    expect(calls[2]?.headers.get('X-CSRF-Token')).toBe(TOKEN);
  });

  it('uses the production prefix by default', async () => {
    const { fetch, calls } = fakeFetch({ 'GET /api/municipalities/999999/': () => json(200, sampleHome) });
    const client = createApiClient({ fetch });
    expect(client.apiPrefix).toBe('/api');
    await client.api('applicant.home', { params: { code: '999999' } });
    expect(calls[0]?.url.pathname).toBe('/api/municipalities/999999/');
  });
});

describe('api client: versions (decision 0034)', () => {
  const id = '3f1c2a6e-8d4b-4c1e-9a7f-2b5d6e8f9a01';
  const memos = {
    municipality_memos: 'x',
    is_confirmed: false,
    updated_at: null,
    updated_by: null,
    version: 8,
  };

  it('sends the version a versioned write read as If-Match, and no If-Match on other calls', async () => {
    const { fetch, calls } = fakeFetch({
      [`PUT /api/municipalities/999999/documents/${id}/memos/`]: () => json(200, memos),
      [`GET /api/municipalities/999999/documents/${id}/memos/`]: () => json(200, memos),
    });
    const client = createApiClient({ fetch, municipalityCode: () => '999999', schemas: null });
    await client.api('staff.documents.memos.update', {
      params: { documentId: id },
      body: { municipality_memos: 'x', is_confirmed: false },
      ifMatch: 7,
    });
    await client.api('staff.documents.memos.get', { params: { documentId: id } });
    expect(
      calls.filter((c) => c.url.pathname.endsWith('/memos/')).map((c) => c.headers.get('If-Match')),
    ).toEqual(['"7"', null]);
  });
});
