import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';

const url = '/api/validate/person-name/';

describe.each(databaseKinds)('POST /api/validate/person-name/ on %s', (kind) => {
  let t: TestApp;
  let client: Awaited<ReturnType<typeof browser>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    client = await browser(t.app);
  });
  afterAll(() => t.close());

  it('labels each character and shows the name the certificate will carry', async () => {
    const res = await client.request('POST', url, { person_name: '髙橋😀' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      person_name: '髙橋😀',
      characters: [
        { character: '髙', code_point: 'U+9AD9', label: 'needs_substitution' },
        { character: '橋', code_point: 'U+6A4B', label: 'certificate_safe' },
        { character: '😀', code_point: 'U+1F600', label: 'not_representable' },
      ],
      certificate_name: '高橋〓',
      is_certificate_safe: false,
    });
  });

  it('passes a safe name, and counts 𠮷 as one character', async () => {
    const safe = await client.request('POST', url, { person_name: '渡邉太郎' });
    expect(safe.json()).toMatchObject({ certificate_name: '渡邉太郎', is_certificate_safe: true });
    const surrogate = await client.request('POST', url, { person_name: '𠮷田' });
    expect(surrogate.json().characters).toHaveLength(2);
    expect(surrogate.json().certificate_name).toBe('吉田');
  });

  it.each([
    ['empty', { person_name: '' }],
    ['too long', { person_name: '山'.repeat(101) }],
    ['not a string', { person_name: 42 }],
    ['missing', {}],
  ])('refuses a %s name with 400 validation_failed', async (_case, payload) => {
    const res = await client.request('POST', url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [{ code: 'validation_failed', field: 'person_name', message: expect.any(String) }],
    });
  });

  it('refuses a write without the CSRF token', async () => {
    const res = await t.app.inject({ method: 'POST', url, payload: { person_name: '山田' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('csrf_failed');
  });
});
