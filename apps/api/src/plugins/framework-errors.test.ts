import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
