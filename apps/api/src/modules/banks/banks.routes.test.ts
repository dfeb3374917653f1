import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe.each(databaseKinds)('bank look-ups on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (path: string) => t.app.inject({ method: 'GET', url: path });

  it('answers banks by name, cacheable for a day, at most 20', async () => {
    const res = await get(`/api/banks/?q=${encodeURIComponent('みずほ')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const body = res.json() as { matches: { code: string; name: string }[]; more: boolean };
    expect(body.matches[0]).toMatchObject({ code: '0001', name: 'みずほ' });
    const broad = (await get(`/api/banks/?q=${encodeURIComponent('信金')}`)).json();
    expect(broad.matches).toHaveLength(20);
    expect(broad.more).toBe(true);
  });

  it('answers a bank’s branches by name or code', async () => {
    const res = await get(`/api/bank-branches/?bank_code=0001&q=${encodeURIComponent('東京営業部')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().matches[0]).toMatchObject({ code: '001', name: '東京営業部' });
  });

  it('refuses an empty or too long query and a malformed bank code in the one error format', async () => {
    for (const [path, field] of [
      ['/api/banks/?q=', 'q'],
      ['/api/banks/', 'q'],
      [`/api/banks/?q=${'あ'.repeat(41)}`, 'q'],
      ['/api/bank-branches/?bank_code=12&q=a', 'bank_code'],
      ['/api/bank-branches/?bank_code=abcd&q=a', 'bank_code'],
    ] as const) {
      const res = await get(encodeURI(path));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[0], path).toMatchObject({ code: 'validation_failed', field });
    }
  });

  it('answers 404 at the bank code for a bank that does not exist', async () => {
    const res = await get('/api/bank-branches/?bank_code=0002&q=a');
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toMatchObject({ code: 'not_found', field: 'bank_code' });
  });
});
