import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTo } from './webhook-post.js';

/** One webhook attempt over HTTP (decision 0059): pinned address, no redirects, a time limit, an excerpt. */
describe('posting a webhook', () => {
  let server: Server;
  let port = 0;
  const hosts: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hosts.push(String(req.headers.host));
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' });
        return res.end('moved');
      }
      if (req.url === '/slow') return; // never answers
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('あ'.repeat(2000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const post = (path: string, timeoutMs = 2000) =>
    postTo({
      // A name DNS does not know: the connection goes to the checked address, the Host header keeps the name.
      url: new URL(`http://hooks.portal.invalid:${port}${path}`),
      addresses: ['127.0.0.1'],
      headers: { 'webhook-id': 'msg_1' },
      body: '{}',
      timeoutMs,
    });

  it('connects to the checked address and keeps the first 500 characters of the answer', async () => {
    const answer = await post('/ok');
    expect(answer.status).toBe(200);
    expect(answer.excerpt).toBe('あ'.repeat(500));
    expect(hosts.at(-1)).toBe(`hooks.portal.invalid:${port}`);
  });

  it('does not follow a redirect', async () => {
    expect(await post('/redirect')).toEqual({ status: 302, excerpt: 'moved' });
  });

  it('gives up after its time limit', async () => {
    await expect(post('/slow', 300)).rejects.toThrow(/no answer within 300 ms/);
  });
});
