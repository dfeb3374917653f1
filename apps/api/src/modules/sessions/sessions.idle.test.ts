import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoData } from '@portal/demo';
import { loadConfig } from '../../config.js';
import { signedInApplicant } from '../../testing/applicants.js';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';
import { SESSION_IDLE_HEADER } from './sessions.service.js';

const demo = demoData.municipalities.find((m) => m.code === '999999')!;
const clerk = demo.staff.find((s) => s.permission === 'clerk')!;
const M = '/api/municipalities/999999';
const MINUTE = 60_000;

/** Sessions end after 30 idle minutes whatever their absolute life (issue 34, decision 0044). */
describe.each(databaseKinds)('idle sessions on %s', (kind) => {
  let t: TestApp;
  let now = Date.now();
  /** Moves the server's clock on. */
  const wait = (ms: number) => {
    now += ms;
  };
  beforeAll(async () => {
    // Two hours of absolute life: long enough for every step below, short enough to test it too.
    t = await createTestApp(kind, { clock: () => new Date(now), env: { SESSION_TTL_HOURS: '2' } });
  });
  afterAll(() => t.close());

  const lastSeen = async (subject: string) => {
    const rows = await t.database.executeSql(
      'select last_seen_at from sessions where subject_id = $1 order by created_at desc limit 1',
      [subject],
    );
    return new Date(rows.rows[0]!.last_seen_at as string).getTime();
  };

  it('refuses a resident session idle past 30 minutes, and keeps one used within them', async () => {
    now = Date.now();
    const resident = await signedInApplicant(t, 'idle-resident-1');
    const idle = await signedInApplicant(t, 'idle-resident-2');
    const list = (client: typeof resident) => client.request('GET', '/api/applicant/applications/');

    // Used after 20 minutes, it says what it has left (the use just recorded: the full 30 minutes).
    wait(20 * MINUTE);
    const first = await list(resident);
    expect(first.statusCode).toBe(200);
    expect(first.headers[SESSION_IDLE_HEADER]).toBe('1800');
    // The other was left alone for 31 minutes: refused, and the status says signed out.
    wait(11 * MINUTE);
    const refused = await list(idle);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0].code).toBe('unauthenticated');
    expect(refused.headers[SESSION_IDLE_HEADER]).toBeUndefined();
    const status = await idle.request('GET', '/api/applicant/login/status/');
    expect(status.json()).toMatchObject({ is_logged_in: false });
    expect(status.headers[SESSION_IDLE_HEADER]).toBeUndefined();

    // The used one lives on past 30 minutes from its sign-in: 29 idle minutes are fine.
    wait(18 * MINUTE);
    const late = await resident.request('GET', '/api/applicant/login/status/');
    expect(late.json()).toMatchObject({ is_logged_in: true });
    expect(late.headers[SESSION_IDLE_HEADER]).toBe('1800');
    expect((await list(resident)).statusCode).toBe(200);
  });

  it('records a use at most once a minute, and a call within it says the time left', async () => {
    now = Date.now();
    const resident = await signedInApplicant(t, 'idle-resident-3');
    const signedInAt = await lastSeen(resident.applicantId);
    wait(30_000);
    const soon = await resident.request('GET', '/api/applicant/applications/');
    expect(soon.statusCode).toBe(200);
    // Not written: the last record is younger than a minute, so 29 and a half minutes are left.
    expect(await lastSeen(resident.applicantId)).toBe(signedInAt);
    expect(Number(soon.headers[SESSION_IDLE_HEADER])).toBe(1770);
    wait(31_000);
    await resident.request('GET', '/api/applicant/applications/');
    expect(await lastSeen(resident.applicantId)).toBe(now);
  });

  it('refuses a staff session idle past 30 minutes, and keeps one used within them', async () => {
    now = Date.now();
    const signIn = async () => {
      const client = await browser(t.app);
      const login = await client.request('POST', `${M}/login/`, {
        login_id: clerk.email,
        password: DEMO_PASSWORD,
      });
      expect(login.statusCode).toBe(200);
      expect(login.headers[SESSION_IDLE_HEADER]).toBe('1800');
      return client;
    };
    const busy = await signIn();
    const idle = await signIn();
    const documents = (client: typeof busy) => client.request('GET', `${M}/documents/`);
    wait(25 * MINUTE);
    expect((await documents(busy)).statusCode).toBe(200);
    wait(25 * MINUTE);
    const kept = await documents(busy);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers[SESSION_IDLE_HEADER]).toBe('1800');
    const refused = await documents(idle);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0].code).toBe('unauthenticated');
    expect((await idle.request('GET', `${M}/login/status/`)).json()).toMatchObject({
      is_logged_in: false,
    });
    // A write of the idle session is refused too.
    const write = await idle.request('POST', `${M}/logout/`);
    expect(write.statusCode).toBe(401);
  });

  it('refuses a master-tool session idle past 30 minutes', async () => {
    now = Date.now();
    const operator = await browser(t.app);
    const login = await operator.request('POST', '/api/mastertool/login/', {
      login_id: demoData.operators[0]!.login_id,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const status = () => operator.request('GET', '/api/mastertool/login/status/');
    wait(29 * MINUTE);
    const kept = await status();
    expect(kept.json()).toMatchObject({ is_logged_in: true });
    expect(kept.headers[SESSION_IDLE_HEADER]).toBe('1800');
    wait(31 * MINUTE);
    expect((await status()).json()).toMatchObject({ is_logged_in: false });
    expect((await operator.request('POST', '/api/mastertool/logout/')).statusCode).toBe(401);
  });

  it('keeps the absolute lifetime: a session used all along still ends after SESSION_TTL_HOURS', async () => {
    now = Date.now();
    const resident = await signedInApplicant(t, 'idle-resident-4');
    // signedInApplicant's sessions last one hour.
    for (let i = 0; i < 3; i++) {
      wait(19 * MINUTE);
      expect((await resident.request('GET', '/api/applicant/applications/')).statusCode).toBe(200);
    }
    wait(4 * MINUTE);
    expect((await resident.request('GET', '/api/applicant/applications/')).statusCode).toBe(401);
  });
});

describe('SESSION_IDLE_MINUTES', () => {
  it('defaults to 30 minutes, takes fractions for tests, and refuses what is not a duration', () => {
    expect(loadConfig({}).sessionIdleMs).toBe(30 * MINUTE);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '15' }).sessionIdleMs).toBe(15 * MINUTE);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '0.5' }).sessionIdleMs).toBe(30_000);
    for (const bad of ['0', '0.1', '-5', 'abc', '1441']) {
      expect(() => loadConfig({ SESSION_IDLE_MINUTES: bad }), bad).toThrow(/SESSION_IDLE_MINUTES/);
    }
  });
});
