import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request a test receiver got: its path, its Standard Webhooks headers and its raw body. */
export interface Received {
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/**
 * An HTTP server standing in for core systems' endpoints: it keeps every request, answers each path
 * with the status set for it (default 204), and can verify a request with a key's secret.
 */
export async function webhookReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        path,
        id: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        signature: String(req.headers['webhook-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = answers.get(path) ?? 204;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status >= 300 ? `receiver down (${status}) ${'x'.repeat(800)}` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    /** Answers this path with a status from now on. */
    answer: (path: string, status: number) => answers.set(path, status),
    /** The payload, verified with the key's secret as a core system would (throws when forged). */
    verify: (secret: string, r: Received) =>
      new Webhook(secret).verify(r.body, {
        'webhook-id': r.id,
        'webhook-timestamp': r.timestamp,
        'webhook-signature': r.signature,
      }) as { type: string; timestamp: string; data: Record<string, unknown> },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until a condition holds (polling), or fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 15_000, what = 'condition') {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
