import { csrfFromBody, setsCsrfCookie } from './csrf.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { buildPortal } from '../environments.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';
import { freePort } from './server-process.js';
import { TEST_RATE_LIMITS } from './rate-limits.js';

export interface ListeningApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Staging's database, when the whole portal (production and staging) listens. */
  stagingDatabase: TestDatabase | null;
  /** The origin the app knows as PUBLIC_URL and listens on, e.g. http://127.0.0.1:41234. */
  url: string;
  close(): Promise<void>;
}

/**
 * The real server on a fresh database, listening on a free port that is also its PUBLIC_URL: for flows
 * where the app calls itself over HTTP (OpenID Connect sign-in against the development provider).
 */
export async function createListeningApp(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    clock?: () => Date;
    /** The whole portal: production at /api, staging (its own database) at /stg-api. */
    portal?: boolean;
  } = {},
): Promise<ListeningApp> {
  const [database, stagingDatabase] = await Promise.all([
    createTestDatabase(kind, { seeded: true }),
    options.portal ? createTestDatabase(kind, { seeded: true }) : null,
  ]);
  const disposeAll = () => Promise.all([database.dispose(), stagingDatabase?.dispose()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: url,
      ...TEST_RATE_LIMITS,
      ...options.env,
    });
    const common = {
      config,
      database,
      webRoot: null,
      configurationTtlMs: 0,
      ...(options.clock ? { clock: options.clock } : {}),
    };
    const app = stagingDatabase
      ? (await buildPortal({ ...common, stagingDatabase })).app
      : await buildApp(common);
    try {
      await app.listen({ port, host: '127.0.0.1' });
    } catch (err) {
      await app.close();
      // Another process took the port between freePort() and listen(): try another one.
      if (attempt < 3 && (err as NodeJS.ErrnoException).code === 'EADDRINUSE') continue;
      await disposeAll();
      throw err;
    }
    return {
      app,
      database,
      stagingDatabase,
      url,
      async close() {
        await app.close();
        await disposeAll();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/**
 * A fetch-based browser for redirect flows: follows nothing by itself (each hop is visible), keeps
 * cookies per name and path as a browser does (a cookie goes only to paths under its Path), sends the
 * region header and, on JSON writes, the CSRF token once `init` fetched it.
 */
export function redirectBrowser(base: string, code = '999999') {
  const cookies: StoredCookie[] = [];
  let token = '';

  const cookieHeader = (path: string) =>
    cookies
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');

  function store(res: Response, requestPath: string) {
    if (setsCsrfCookie(res.headers.getSetCookie())) csrfStale = true;
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = requestPath.slice(0, requestPath.lastIndexOf('/') + 1) || '/';
      let expired = value === '';
      for (const a of attributes) {
        const [k = '', v = ''] = a.split('=');
        if (k.toLowerCase() === 'path') path = v;
        if (k.toLowerCase() === 'max-age' && Number(v) <= 0) expired = true;
        if (k.toLowerCase() === 'expires' && new Date(v).getTime() <= Date.now()) expired = true;
      }
      const i = cookies.findIndex((c) => c.name === name && c.path === path);
      if (i >= 0) cookies.splice(i, 1);
      if (!expired) cookies.push({ name, value, path });
    }
  }

  let csrfStale = false;
  async function refreshToken() {
    csrfStale = false;
    const res = await request('GET', '/api/csrf-token');
    token = ((await res.json()) as { csrf_token: string }).csrf_token;
  }

  /** One request; `target` is a path or an absolute URL on `base`. */
  async function request(
    method: string,
    target: string,
    body?: { json?: unknown; form?: Record<string, string> },
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const url = new URL(target, base);
    const h: Record<string, string> = { 'x-region-code': code, ...headers };
    const cookie = cookieHeader(url.pathname);
    if (cookie) h.cookie = cookie;
    let payload: string | undefined;
    if (body?.json !== undefined) {
      h['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) {
      h['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body.form).toString();
    }
    if (method !== 'GET' && h['x-csrf-token'] === undefined) {
      if (csrfStale) await refreshToken();
      h['x-csrf-token'] = token;
    }
    const res = await fetch(url, {
      method,
      headers: h,
      redirect: 'manual',
      ...(payload === undefined ? {} : { body: payload }),
    });
    store(res, url.pathname);
    const fromBody = res.headers.get('content-type')?.includes('json')
      ? csrfFromBody(await res.clone().text())
      : undefined;
    if (fromBody) [token, csrfStale] = [fromBody, false];
    return res;
  }

  return {
    request,
    get: (target: string, headers?: Record<string, string>) => request('GET', target, undefined, headers),
    async init() {
      const res = await request('GET', '/api/csrf-token');
      token = ((await res.json()) as { csrf_token: string }).csrf_token;
    },
    get token() {
      return token;
    },
    cookie: (name: string) => cookies.find((c) => c.name === name)?.value,
    setCookie: (name: string, value: string, path = '/') => {
      const i = cookies.findIndex((c) => c.name === name && c.path === path);
      if (i >= 0) cookies.splice(i, 1);
      cookies.push({ name, value, path });
    },
    /** The Location of a redirect answer, resolved against base. */
    location: (res: Response) => new URL(res.headers.get('location') ?? '', base),
  };
}
export type RedirectBrowser = ReturnType<typeof redirectBrowser>;

/**
 * Starts a resident sign-in (`GET /api/applicant/login/`) and follows the identity provider to its card
 * screen. Returns each hop, the screen and the form's action.
 */
export async function openCardScreen(
  b: RedirectBrowser,
  query: { municipality_code?: string; return_to?: string } = { municipality_code: '999999' },
  prefix: '/api' | '/stg-api' = '/api',
) {
  const login = await b.get(`${prefix}/applicant/login/?${new URLSearchParams(query)}`);
  if (login.status !== 302) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const authorization = b.location(login);
  const toScreen = await b.get(authorization.href);
  if (toScreen.status !== 303)
    throw new Error(`authorization answered ${toScreen.status}: ${await toScreen.text()}`);
  const screenUrl = b.location(toScreen);
  const screen = await b.get(screenUrl.href);
  const html = await screen.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (screen.status !== 200 || !action) throw new Error(`card screen answered ${screen.status}: ${html}`);
  return { login, authorization, screenUrl, screen, html, action };
}

/** Submits the card screen; on success the provider redirects (303) to resume the authorization. */
export function submitCard(b: RedirectBrowser, action: string, subject: string, pin: string) {
  return b.request('POST', action, { form: { subject, pin, action: 'login' } });
}

/**
 * A whole sign-in with the development provider up to the portal's callback URL (not yet called), so a
 * test can call it, replay it or hand it to another browser.
 */
export async function cardSignInUpToCallback(
  b: RedirectBrowser,
  resident: { subject: string; pin: string },
  query: { municipality_code?: string; return_to?: string } = { municipality_code: '999999' },
  prefix: '/api' | '/stg-api' = '/api',
) {
  const screen = await openCardScreen(b, query, prefix);
  const submitted = await submitCard(b, screen.action, resident.subject, resident.pin);
  if (submitted.status !== 303)
    throw new Error(`card screen refused (${submitted.status}): ${await submitted.text()}`);
  const resumed = await b.get(b.location(submitted).href);
  if (resumed.status !== 303) throw new Error(`resume answered ${resumed.status}: ${await resumed.text()}`);
  return { ...screen, callback: b.location(resumed) };
}

/** A whole sign-in: the portal's callback answered (302 to return_to with the session cookie set). */
export async function cardSignIn(
  b: RedirectBrowser,
  resident: { subject: string; pin: string },
  query: { municipality_code?: string; return_to?: string } = { municipality_code: '999999' },
  prefix: '/api' | '/stg-api' = '/api',
) {
  const flow = await cardSignInUpToCallback(b, resident, query, prefix);
  const response = await b.get(flow.callback.href);
  if (response.status !== 302)
    throw new Error(`callback answered ${response.status}: ${await response.text()}`);
  return { ...flow, response };
}
