import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsafeTextPath } from '@portal/contracts';
import { DEMO_PASSWORD, demoData } from '@portal/demo';
import { databaseKinds } from '../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../testing/test-app.js';

const M = '/api/municipalities/999999';

describe('unsafeTextPath', () => {
  it('names the first text holding U+0000 or a lone surrogate, and passes the rest', () => {
    expect(unsafeTextPath({ a: 'ok', b: ['山田', '𠮷'] })).toBeNull();
    expect(unsafeTextPath({ login_id: 'a\u0000' })).toBe('login_id');
    expect(unsafeTextPath({ v: [{ w: 'x' }, { w: '\ud800' }] })).toBe('v.1.w');
    expect(unsafeTextPath({ 'k\udc00': 1 })).toBe('k\udc00');
    expect(unsafeTextPath('\u0000')).toBe('value');
  });
});

/** The six inputs issue 13 found answering 500: each is a 400 with the one error body now. */
describe.each(databaseKinds)('text no column can hold on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const refused = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ code: 'validation_failed' }] });
  };

  it('refuses it in sign-in bodies (staff and operator)', async () => {
    const client = await browser(t.app);
    for (const login_id of ['a\u0000b', '\ud800']) {
      refused(await client.request('POST', `${M}/login/`, { login_id, password: 'x' }));
      refused(await client.request('POST', '/api/mastertool/login/', { login_id, password: 'x' }));
    }
  });

  it('refuses it in staff list and audit-log queries', async () => {
    const client = await browser(t.app);
    const admin = demoData.municipalities.find((m) => m.code === '999999')!.staff[0]!;
    await client.request('POST', `${M}/login/`, { login_id: admin.email, password: DEMO_PASSWORD });
    for (const query of ['text=%00', 'procedure_code=a%00b']) {
      refused(await client.request('GET', `${M}/documents/?${query}`));
    }
    for (const query of ['action=%00', 'target_id=%00']) {
      refused(await client.request('GET', `${M}/audit-log/?${query}`));
    }
    // Year 0000 is valid ISO 8601 but no PostgreSQL date (the fuzz test found it answering 500).
    for (const query of ['to=0000-02-29', 'from=0000-01-01']) {
      refused(await client.request('GET', `${M}/audit-log/?${query}`));
    }
    refused(await client.request('GET', `${M}/documents/?received_from=0000-02-29`));
  });
});
