import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe.each(databaseKinds)('GET /api/addresses/ on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/addresses/${query}` });

  it('answers the towns of a postal code, cacheable for a day', async () => {
    const res = await get('?zipcode=1000001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.json()).toEqual([
      { post_code: '1000001', lg_code: '131016', pref: '東京都', city: '千代田区', town: '千代田' },
    ]);
  });

  it('accepts 123-4567 and full-width digits', async () => {
    const hyphen = await get('?zipcode=060-0000');
    expect(hyphen.statusCode).toBe(200);
    expect(hyphen.json()).toEqual([
      { post_code: '0600000', lg_code: '011011', pref: '北海道', city: '札幌市中央区', town: '' },
    ]);
    const wide = await get(`?zipcode=${encodeURIComponent('１００－０００１')}`);
    expect(wide.json()).toEqual((await get('?zipcode=1000001')).json());
  });

  it('answers every town of a code that names several', async () => {
    const res = await get('?zipcode=2760035');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((a: { town: string }) => a.town)).toEqual(['大和田新田', '高津']);
  });

  it('answers [] for an unknown code', async () => {
    const res = await get('?zipcode=9999999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each(['100001', '10000011', 'abcdefg', '100000a', '', '1000-001'])(
    'refuses zipcode=%j with 400 validation_failed on zipcode',
    async (zipcode) => {
      const res = await get(`?zipcode=${encodeURIComponent(zipcode)}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        errors: [{ code: 'validation_failed', field: 'zipcode', message: expect.any(String) }],
      });
    },
  );

  it('refuses a request without zipcode', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'validation_failed', field: 'zipcode' });
  });
});
