import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@portal/contracts';
import { loadConfig } from '../config.js';
import { createFastify } from '../http/fastify-instance.js';
import { databaseKinds } from '../testing/databases.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { apiHeaders } from './security-headers.js';

const API_CSP = "default-src 'none';frame-ancestors 'none'";

/** Sends raw bytes and reads the whole answer (the server closes the connection after a parser error). */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('answers of the HTTP parser', () => {
  const app = createFastify(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), 'production');
  let port = 0;
  beforeAll(async () => {
    app.get('/api/health', async () => ({ status: 'ok' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  const parse = (text: string) => {
    const [head, body] = text.split('\r\n\r\n');
    const [status, ...lines] = head!.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    return { status: status!, headers, body: body! };
  };

  it('answers headers over 16 KiB with 431, the one error body and the API headers', async () => {
    const answer = parse(
      await raw(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(ErrorBody.parse(JSON.parse(answer.body)).errors[0]).toMatchObject({ code: 'bad_request' });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    for (const [name, value] of Object.entries(apiHeaders(false))) expect(answer.headers[name]).toBe(value);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers a malformed request with 400 in the same shape', async () => {
    const answer = parse(await raw(port, 'GARBAGE\r\n\r\n'));
    expect(answer.status).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(answer.body).errors[0].code).toBe('bad_request');
    expect(answer.headers['content-security-policy']).toBe(API_CSP);
  });
});

describe.each(databaseKinds)('answers under /api outside the route table on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    ['OPTIONS', '/api/health'],
    ['OPTIONS', '/api/municipalities/999999/'],
    ['GET', '/api/nothing-here/'],
    ['DELETE', '/api/health'],
    ['GET', '/stg-api/nothing-here/'],
  ] as const)('%s %s: the error body with the API headers, not the page ones', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(ErrorBody.parse(res.json()).errors[0]!.code).toBe('not_found');
    expect(res.headers['content-security-policy']).toBe(API_CSP);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBeUndefined();
    expect(res.headers['permissions-policy']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the page headers on a page address', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nothing-here' });
    expect(res.headers['permissions-policy']).toBeDefined();
  });
});
