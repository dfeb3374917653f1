import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInApplicant } from '../testing/applicants.js';
import { draftApplication } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

const M = '/api/municipalities/999999';
const h = { 'x-region-code': '999999', 'x-csrf-token': '' };
const json = { ...h, 'content-type': 'application/json' };

/** Every kind of error Fastify raises itself leaves in the one error body (issue 13). */
describe('Fastify’s own errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const cases: [string, InjectOptions, number, string][] = [
    [
      'an address that is not UTF-8',
      { method: 'GET', url: `${M}/applications/%FF/`, headers: h },
      400,
      'bad_request',
    ],
    [
      'a path parameter over the limit',
      { method: 'GET', url: `${M}/applications/${'a'.repeat(300)}/`, headers: h },
      414,
      'bad_request',
    ],
    [
      'a body that is not JSON',
      { method: 'POST', url: `${M}/login/`, headers: json, payload: '{bad' },
      400,
      'bad_request',
    ],
    [
      'an empty JSON body',
      { method: 'POST', url: `${M}/login/`, headers: json, payload: '' },
      400,
      'bad_request',
    ],
    [
      'a type no route reads',
      { method: 'POST', url: `${M}/login/`, headers: { ...h, 'content-type': 'text/xml' }, payload: '<a/>' },
      415,
      'unsupported_media_type',
    ],
    [
      'a body over the size limit',
      {
        method: 'POST',
        url: `${M}/login/`,
        headers: json,
        payload: JSON.stringify({ x: 'x'.repeat(2_000_000) }),
      },
      413,
      'payload_too_large',
    ],
    ['an unknown route', { method: 'GET', url: '/api/nope', headers: h }, 404, 'not_found'],
  ];

  it.each(cases)('%s', async (_name, request, status, code) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ errors: [{ code, message: expect.any(String) }] });
  });

  // The upload route reads multipart: its parser's errors leave in the one body too.
  it.each([
    ['a multipart body cut short', (b: string) => `--${b}\r\nContent-Disposition: form-data; name="x"\r\n`],
    ['a multipart body with no parts', (b: string) => `--${b}--\r\n`],
    ['a multipart body that is not multipart', () => 'just text'],
  ])('%s', async (_name, body) => {
    const resident = await signedInApplicant(t, 'demo-resident-0001');
    const application = await draftApplication(t, resident.applicantId, { procedureIds: [1, 2] });
    const boundary = 'portalboundary';
    const res = await t.app.inject({
      method: 'POST',
      url: `${M}/applications/${application.id}/procedure-attaches/`,
      payload: body(boundary),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-region-code': '999999',
        'x-csrf-token': resident.token,
        cookie: resident.jar.header(),
      },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toEqual({
      errors: [expect.objectContaining({ code: expect.any(String), message: expect.any(String) })],
    });
  });
});
