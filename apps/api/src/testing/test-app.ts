import { csrfFromBody, setsCsrfCookie } from './csrf.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { MalwareScanner } from '../lib/clamd.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';
import { TEST_RATE_LIMITS } from './rate-limits.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real server on a fresh database, driven through app.inject. */
export async function createTestApp(
  kind: DatabaseKind,
  options: {
    seeded?: boolean;
    clock?: () => Date;
    storageDir?: string;
    /** More settings, as environment variables (e.g. DOCUMENTS_DELETE_DELAY_SECONDS). */
    env?: Record<string, string>;
    /** The malware scanner when CLAMD_URL is set (tests count its scans). */
    malwareScanner?: MalwareScanner;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind, { seeded: options.seeded ?? true });
  const dataDir = options.storageDir ?? mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    ...TEST_RATE_LIMITS,
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    webRoot: null,
    configurationTtlMs: 0,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.malwareScanner ? { malwareScanner: options.malwareScanner } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.dispose();
      if (!options.storageDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookies of a response as a Cookie header value, merged with earlier ones. */
export function cookieJar() {
  const jar = new Map<string, string>();
  return {
    take(res: LightMyRequestResponse | Response) {
      const raw = 'cookies' in res ? res.cookies.map((c) => [c.name, c.value] as const) : [];
      for (const [name, value] of raw) {
        if (value === '') jar.delete(name);
        else jar.set(name, value);
      }
    },
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    set: (name: string, value: string) => jar.set(name, value),
    get: (name: string) => jar.get(name),
  };
}

/** A browser-like client: keeps cookies, sends the region header and, on writes, the CSRF token. */
export async function browser(app: FastifyInstance, code = '999999') {
  const jar = cookieJar();
  const first = await app.inject({ method: 'GET', url: '/api/csrf-token' });
  jar.take(first);
  let token = (first.json() as { csrf_token: string }).csrf_token;
  let csrfStale = false;
  return {
    jar,
    get token() {
      return token;
    },
    /** `extra`: more headers, e.g. the If-Match of a staff write (decision 0034). */
    async request(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: unknown,
      extra: Record<string, string> = {},
    ) {
      const headers: Record<string, string> = { ...extra, 'x-region-code': code, cookie: jar.header() };
      if (method !== 'GET' && csrfStale) {
        csrfStale = false;
        const fresh = await app.inject({
          method: 'GET',
          url: '/api/csrf-token',
          headers: { cookie: jar.header() },
        });
        token = (fresh.json() as { csrf_token: string }).csrf_token;
      }
      if (method !== 'GET') headers['x-csrf-token'] = token;
      const res = await app.inject({
        method,
        url,
        headers,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      jar.take(res);
      if (setsCsrfCookie(res.headers['set-cookie'])) csrfStale = true;
      const fromBody = csrfFromBody(res.body);
      if (fromBody) [token, csrfStale] = [fromBody, false];
      return res;
    },
  };
}
