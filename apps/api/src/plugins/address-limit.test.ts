import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBody } from '@portal/contracts';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { demoData, DEMO_PASSWORD } from '@portal/demo';
import { databaseKinds } from '../testing/databases.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const M = '/api/municipalities/999999';
const admin = demoData.municipalities
  .find((m) => m.code === '999999')!
  .staff.find((s) => s.permission === 'administrator')!;
const LIMIT = 10;

describe.each(databaseKinds)('per-client-address limit of sign-in-like routes on %s', (kind) => {
  let now = new Date();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => now, env: { SIGN_IN_ADDRESS_LIMIT: String(LIMIT) } });
  });
  afterAll(() => t.close());

  /** A call made before any session exists (empty CSRF header), from a client address. */
  const call = (address: string, method: 'POST' | 'PUT', url: string, payload: object, app = t.app) =>
    app.inject({
      method,
      url,
      remoteAddress: address,
      headers: { 'x-region-code': '999999', 'x-csrf-token': '' },
      payload,
    });
  const signIn = (address: string, loginId: string, password = 'wrong-password', app = t.app) =>
    call(address, 'POST', `${M}/login/`, { login_id: loginId, password }, app);
  const counted = async (key: string) =>
    Number(
      (await t.database.executeSql('select failures from sign_in_attempts where key = $1', [key])).rows[0]
        ?.failures ?? 0,
    );

  /** The refusals counted for a family in this app's metrics. */
  const refusals = async (family: string) => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const line = text
      .split('\n')
      .find((l) => l.startsWith(`portal_address_limited_total{family="${family}"}`));
    return Number(line?.split(' ').at(-1));
  };

  it('stops one address guessing across many accounts with 429 and Retry-After; another address signs in', async () => {
    const address = '203.0.113.7';
    for (let i = 0; i < LIMIT; i++) {
      expect((await signIn(address, `nobody-${i}@demo.example.jp`)).statusCode).toBe(401);
    }
    const refusedBefore = await refusals('staff-sign-in');
    const refused = await signIn(address, admin.email, DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(ErrorBody.parse(refused.json()).errors[0]).toMatchObject({ code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBe('900');
    // Refused before the account is looked at: the address cannot lock accounts it has not reached.
    expect((await signIn(address, 'nobody-new@demo.example.jp')).statusCode).toBe(429);
    const touched = await t.database.executeSql(
      `select key from sign_in_attempts where key like 'staff:%:nobody-new@demo.example.jp'`,
    );
    expect(touched.rows).toEqual([]);
    // Operators see the refusals by family, without the address (`portal_address_limited_total`).
    expect((await refusals('staff-sign-in')) - refusedBefore).toBe(2);
    expect(await t.app.inject({ method: 'GET', url: '/metrics' }).then((r) => r.body)).not.toContain(address);

    expect((await signIn('198.51.100.23', admin.email, DEMO_PASSWORD)).statusCode).toBe(200);
    // Each family counts apart: the operator sign-in from the same address still works.
    const operator = await call(address, 'POST', '/api/mastertool/login/', {
      login_id: demoData.operators[0]!.login_id,
      password: DEMO_PASSWORD,
    });
    expect(operator.statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy, and honours it from loopback', async () => {
    const address = '203.0.113.99';
    const spoofed = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: `${M}/login/`,
        remoteAddress: address,
        headers: { 'x-region-code': '999999', 'x-csrf-token': '', 'x-forwarded-for': `10.9.${i}.1` },
        payload: { login_id: `spoof-${i}@demo.example.jp`, password: 'wrong-password' },
      });
    for (let i = 0; i < LIMIT; i++) expect((await spoofed(i)).statusCode).toBe(401);
    expect((await spoofed(LIMIT)).statusCode).toBe(429);
    expect(await counted(`address:${address}:staff-sign-in`)).toBeGreaterThanOrEqual(LIMIT);
    expect(await counted('address:10.9.0.1:staff-sign-in')).toBe(0);
    // A reverse proxy on this host names the client: counted under the client's address.
    const proxied = await t.app.inject({
      method: 'POST',
      url: `${M}/login/`,
      remoteAddress: '127.0.0.1',
      headers: { 'x-region-code': '999999', 'x-csrf-token': '', 'x-forwarded-for': '198.51.100.78' },
      payload: { login_id: 'spoof-proxied@demo.example.jp', password: 'wrong-password' },
    });
    expect(proxied.statusCode).toBe(401);
    expect(await counted('address:198.51.100.78:staff-sign-in')).toBe(1);
  });

  it('counts failures only: an office behind one address signs in more often than the limit', async () => {
    const address = '192.0.2.44';
    for (let i = 0; i < LIMIT * 2; i++) {
      expect((await signIn(address, admin.email, DEMO_PASSWORD)).statusCode).toBe(200);
    }
    expect((await signIn(address, admin.email)).statusCode).toBe(401);
    await vi.waitFor(async () => expect(await counted(`address:${address}:staff-sign-in`)).toBe(1));
  });

  it('counts every password reset request, which answers alike whether or not the address exists', async () => {
    const address = '192.0.2.45';
    const reset = () => call(address, 'POST', `${M}/password-reset/`, { email: 'nobody@demo.example.jp' });
    for (let i = 0; i < LIMIT; i++) expect((await reset()).statusCode).toBe(202);
    const refused = await reset();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('limits the stand-ins’ PIN forms as one family: three cards guessed at, the next refused', async () => {
    const address = '192.0.2.46';
    const session = await t.app.inject({
      method: 'POST',
      url: '/dev/mynaportal/api/sessions',
      payload: { redirect_uri: 'http://localhost/back', state: 'state-1234567890abcdef' },
    });
    const sessionId = (session.json() as { session_id: string }).session_id;
    const consent = (from: string, subject: string, pin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/dev/mynaportal/authorize',
        remoteAddress: from,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ session_id: sessionId, subject, pin }).toString(),
      });
    const residents = demoData.residents;
    for (let i = 0; i < LIMIT; i++) {
      const status = (await consent(address, residents[i % 5]!.subject, '0000')).statusCode;
      expect([401, 423]).toContain(status);
    }
    const refused = await consent(address, residents[5]!.subject, residents[5]!.pin);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe('rate_limited');
    // The signing app's PIN form is the same family.
    const signing = await t.app.inject({
      method: 'POST',
      url: '/dev/signing-app/authorize',
      remoteAddress: address,
      payload: {},
    });
    expect(signing.statusCode).toBe(429);
    expect((await consent('192.0.2.47', residents[5]!.subject, residents[5]!.pin)).statusCode).toBe(303);
  });

  it('shares the counts between two app instances on one database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
    const second: FastifyInstance = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        SIGN_IN_ADDRESS_LIMIT: String(LIMIT),
      }),
      database: t.database,
      webRoot: null,
      clock: () => now,
    });
    try {
      const address = '198.51.100.77';
      for (let i = 0; i < LIMIT; i++) {
        const app = i % 2 === 0 ? t.app : second;
        expect((await signIn(address, `guess-${i}@demo.example.jp`, 'x', app)).statusCode).toBe(401);
      }
      expect((await signIn(address, admin.email, DEMO_PASSWORD, t.app)).statusCode).toBe(429);
      expect((await signIn(address, admin.email, DEMO_PASSWORD, second)).statusCode).toBe(429);
    } finally {
      await second.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('opens a new window when the old one has passed', async () => {
    const address = '198.51.100.99';
    for (let i = 0; i < LIMIT; i++) await signIn(address, `later-${i}@demo.example.jp`);
    expect((await signIn(address, admin.email, DEMO_PASSWORD)).headers['retry-after']).toBe('900');
    now = new Date(now.getTime() + 10 * 60_000);
    const waiting = await signIn(address, admin.email, DEMO_PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('300');
    now = new Date(now.getTime() + 5 * 60_000 + 1000);
    expect((await signIn(address, admin.email, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
