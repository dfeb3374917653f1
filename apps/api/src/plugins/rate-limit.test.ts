import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, routeById, type RouteDef } from '@portal/contracts';
import { rateLimitFamily } from '../http/rate-limit.js';
import { databaseKinds } from '../testing/databases.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const M = '/api/municipalities/999999';
const APP = `${M}/applications/00000000-0000-4000-8000-000000000000`;
const PER_SESSION = { reads: 4, writes: 3, uploads: 2, jobs: 2 } as const;
const FACTOR = 2;
const GUARDED = [401, 403];

/** One call of each family; refused by the guards (401 no session, 403 no CSRF) after it is counted. */
const calls = {
  reads: { method: 'GET', url: `${APP}/procedures/` },
  writes: { method: 'PUT', url: `${APP}/procedures/` },
  uploads: { method: 'POST', url: `${APP}/procedure-attaches/` },
  jobs: { method: 'POST', url: `${M}/render/applicant/00000000-0000-4000-8000-000000000000/` },
} as const;

describe('route families', () => {
  it('are reads, writes, uploads and jobs (writes answered 202)', () => {
    const family = (id: string) => rateLimitFamily(routeById(id as never) as RouteDef);
    expect(family('applicant.application.procedures.get')).toBe('reads');
    expect(family('applicant.application.procedures.select')).toBe('writes');
    expect(family('applicant.attaches.upload')).toBe('uploads');
    expect(family('applicant.render.create')).toBe('jobs');
    expect(family('staff.export.create')).toBe('jobs');
  });
});

describe.each(databaseKinds)('rate limits of every route family on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        RATE_LIMIT_READS: String(PER_SESSION.reads),
        RATE_LIMIT_WRITES: String(PER_SESSION.writes),
        RATE_LIMIT_UPLOADS: String(PER_SESSION.uploads),
        RATE_LIMIT_JOBS: String(PER_SESSION.jobs),
        RATE_LIMIT_ADDRESS_FACTOR: String(FACTOR),
      },
    });
  });
  afterAll(() => t.close());

  const call = (family: keyof typeof calls, address: string, session?: string) =>
    t.app.inject({
      ...calls[family],
      remoteAddress: address,
      headers: {
        'x-region-code': '999999',
        ...(session ? { cookie: `portal_applicant_session=${session}` } : {}),
      },
    });

  it('sends RateLimit-Limit, -Remaining and -Reset on a normal answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-limit']).toBe(String(PER_SESSION.reads * FACTOR));
    expect(res.headers['ratelimit-remaining']).toBe(String(PER_SESSION.reads * FACTOR - 1));
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(res.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    // A write of another family has its own count.
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/validate/person-name',
      remoteAddress: '192.0.2.1',
    });
    expect(write.statusCode).toBe(403); // no CSRF token: refused, but counted and labelled
    expect(write.headers['ratelimit-limit']).toBe(String(PER_SESSION.writes * FACTOR));
    expect(write.headers['ratelimit-remaining']).toBe(String(PER_SESSION.writes * FACTOR - 1));
  });

  for (const family of ['reads', 'writes', 'uploads', 'jobs'] as const) {
    it(`answers 429 to one session past its ${family} limit, from any address`, async () => {
      const session = `session-${family}-${kind}`;
      for (let i = 0; i < PER_SESSION[family]; i++) {
        const res = await call(family, `198.51.100.${i + 1}`, session);
        expect(GUARDED, family).toContain(res.statusCode);
        expect(res.headers['ratelimit-remaining']).toBe(String(PER_SESSION[family] - i - 1));
      }
      const refused = await call(family, '198.51.100.99', session);
      expect(refused.statusCode).toBe(429);
      expect(ErrorBody.parse(refused.json()).errors[0]).toMatchObject({ code: 'rate_limited' });
      expect(refused.json().errors[0].message).toContain('session');
      expect(refused.headers['ratelimit-limit']).toBe(String(PER_SESSION[family]));
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      // Another session from that address, and the other families of this session, still pass.
      expect(GUARDED).toContain((await call(family, '198.51.100.99', `other-${family}-${kind}`)).statusCode);
      const other = family === 'reads' ? 'writes' : 'reads';
      expect(GUARDED).toContain((await call(other, '198.51.100.98', session)).statusCode);
    });

    it(`answers 429 to one address past its ${family} limit, whatever the sessions`, async () => {
      const address = `203.0.113.${10 + ['reads', 'writes', 'uploads', 'jobs'].indexOf(family)}`;
      const limit = PER_SESSION[family] * FACTOR;
      // Each call a fresh session: only the address count can stop them.
      for (let i = 0; i < limit; i++) {
        expect(GUARDED).toContain((await call(family, address, `fresh-${family}-${i}-${kind}`)).statusCode);
      }
      const refused = await call(family, address, `fresh-${family}-last-${kind}`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errors[0]).toMatchObject({ code: 'rate_limited' });
      expect(refused.json().errors[0].message).toContain('address');
      expect(refused.headers['ratelimit-limit']).toBe(String(limit));
      expect(refused.headers['retry-after']).toBeDefined();
      // Without a session too; another address is not affected.
      expect((await call(family, address)).statusCode).toBe(429);
      expect(GUARDED).toContain((await call(family, '203.0.113.200')).statusCode);
    });
  }
});
