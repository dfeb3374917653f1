import { csrfFromBody, setsCsrfCookie } from './csrf.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.js';
import { DEMO_PASSWORD } from '@portal/demo';
import { STAGING_COOKIE_PREFIX, buildPortal } from '../environments.js';
import { createApplicationRepository } from '../modules/applications/applications.repository.js';
import { createSessionRepository } from '../modules/sessions/sessions.repository.js';
import { createSessionService, sessionCookie } from '../modules/sessions/sessions.service.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';
import { cookieJar } from './test-app.js';
import { TEST_RATE_LIMITS } from './rate-limits.js';

export type Prefix = '/api' | '/stg-api';

export interface PortalTestApp {
  /** The production instance: serves /api and hands /stg-api to staging. */
  app: FastifyInstance;
  staging: FastifyInstance;
  database: TestDatabase;
  stagingDatabase: TestDatabase;
  /** The database behind a prefix. */
  databaseOf(prefix: Prefix): TestDatabase;
  close(): Promise<void>;
}

/** The real portal, production and staging, each on a fresh seeded database, driven through app.inject. */
export async function createPortalTestApp(
  kind: DatabaseKind,
  options: {
    clock?: () => Date;
    env?: Record<string, string>;
    /** Built web targets to serve (folders applicant/, municipality/, mastertool/); none by default. */
    webRoot?: string;
  } = {},
): Promise<PortalTestApp> {
  const [database, stagingDatabase] = await Promise.all([
    createTestDatabase(kind, { seeded: true }),
    createTestDatabase(kind, { seeded: true }),
  ]);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    ...TEST_RATE_LIMITS,
    ...options.env,
  });
  const { app, staging } = await buildPortal({
    config,
    database,
    stagingDatabase,
    webRoot: options.webRoot ?? null,
    configurationTtlMs: 0,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    staging,
    database,
    stagingDatabase,
    databaseOf: (prefix) => (prefix === '/api' ? database : stagingDatabase),
    async close() {
      await app.close();
      await Promise.all([database.dispose(), stagingDatabase.dispose()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client of one environment: cookies, region header and that environment's CSRF token. */
export async function prefixBrowser(app: FastifyInstance, prefix: Prefix, code = '999999') {
  const jar = cookieJar();
  const first = await app.inject({ method: 'GET', url: `${prefix}/csrf-token` });
  jar.take(first);
  let token = (first.json() as { csrf_token: string }).csrf_token;
  let csrfStale = false;
  return {
    jar,
    get token() {
      return token;
    },
    prefix,
    /** `url` below the prefix, e.g. `/mastertool/municipalities/`. */
    async request(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: unknown,
      headers: Record<string, string> = {},
    ) {
      const h: Record<string, string> = { 'x-region-code': code, cookie: jar.header() };
      if (method !== 'GET' && csrfStale) {
        csrfStale = false;
        const fresh = await app.inject({
          method: 'GET',
          url: `${prefix}/csrf-token`,
          headers: { cookie: jar.header() },
        });
        token = (fresh.json() as { csrf_token: string }).csrf_token;
      }
      if (method !== 'GET') h['x-csrf-token'] = token;
      const res = await app.inject({
        method,
        url: `${prefix}${url}`,
        headers: { ...h, ...headers },
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
export type PrefixBrowser = Awaited<ReturnType<typeof prefixBrowser>>;

/** The demo operator signed in on one environment. */
export async function operatorOn(app: FastifyInstance, prefix: Prefix): Promise<PrefixBrowser> {
  const client = await prefixBrowser(app, prefix);
  const res = await client.request('POST', '/mastertool/login/', {
    login_id: 'operator',
    password: DEMO_PASSWORD,
  });
  if (res.statusCode !== 200) throw new Error(`operator sign-in on ${prefix}: ${res.statusCode} ${res.body}`);
  return client;
}

/** A resident signed in on one environment (straight through that environment's session table). */
export async function residentOn(t: PortalTestApp, prefix: Prefix, subject: string, code = '999999') {
  const database = t.databaseOf(prefix);
  const m = await database.executeSql('select id from municipalities where code = $1', [code]);
  const applicantId = await createApplicationRepository(database.db).ensureApplicant(subject);
  const sessions = createSessionService({
    sessions: createSessionRepository(database.db),
    clock: () => new Date(),
    ttlMs: 3600_000,
  });
  const { token } = await sessions.start({
    kind: 'applicant',
    subjectId: applicantId,
    municipalityId: Number(m.rows[0]?.id),
  });
  const client = await prefixBrowser(t.app, prefix, code);
  client.jar.set(`${prefix === '/stg-api' ? STAGING_COOKIE_PREFIX : ''}${sessionCookie.applicant}`, token);
  return client;
}
