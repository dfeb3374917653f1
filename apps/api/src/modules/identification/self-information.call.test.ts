import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPortal } from './self-information.service.js';

/** The personal portal out of reach is 503 `unavailable`, never a 500 (the resident can try again). */
describe('callPortal', () => {
  let url: string;
  const server = createServer((req, res) => {
    if (req.url === '/ok') return res.setHeader('content-type', 'application/json').end('{"a":1}');
    if (req.url === '/html') return res.end('<html>maintenance</html>');
    res.statusCode = 502;
    res.end();
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('answers the JSON of a good answer', async () => {
    expect(await callPortal(fetch, `${url}/ok`)).toEqual({ a: 1 });
  });

  it.each([
    ['an error status', () => callPortal(fetch, `${url}/down`)],
    ['a page that is not JSON', () => callPortal(fetch, `${url}/html`)],
    ['a refused connection', () => callPortal(fetch, 'http://127.0.0.1:9/')],
    [
      'a fetch that throws',
      () => callPortal((async () => Promise.reject(new TypeError('fetch failed'))) as typeof fetch, url),
    ],
  ])('is 503 unavailable on %s', async (_, call) => {
    await expect(call()).rejects.toMatchObject({ code: 'unavailable', status: 503 });
  });
});
