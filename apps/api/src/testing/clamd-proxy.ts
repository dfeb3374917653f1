import { createHash } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { parseClamdUrl } from '../lib/clamd.js';
import { freePort } from './server-process.js';

/** The files streamed by one INSTREAM session (`zINSTREAM\0`, then length-prefixed chunks, then 0). */
export function instreamPayload(sent: Buffer): Buffer | null {
  const end = sent.indexOf(0);
  if (end < 0 || sent.subarray(0, end).toString('latin1') !== 'zINSTREAM') return null;
  const parts: Buffer[] = [];
  for (let at = end + 1; at + 4 <= sent.length;) {
    const length = sent.readUInt32BE(at);
    if (length === 0) return Buffer.concat(parts);
    parts.push(sent.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return null;
}

/**
 * A TCP relay in front of a real clamd that counts the files scanned through it (by sha256), seen by
 * every server process pointed at it; `down()` stops listening (a stopped daemon: connection refused).
 */
export async function startCountingClamdProxy(clamdUrl: string) {
  const target = parseClamdUrl(clamdUrl);
  const port = await freePort();
  const counts = new Map<string, number>();
  const open = new Set<Socket>();
  let server: Server | null = null;

  function relay(client: Socket) {
    open.add(client);
    const sent: Buffer[] = [];
    const upstream = connect(target);
    client.on('data', (chunk: Buffer) => {
      sent.push(chunk);
      upstream.write(chunk);
    });
    client.on('end', () => upstream.end());
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    upstream.on('end', () => {
      const file = instreamPayload(Buffer.concat(sent));
      if (file) {
        const key = createHash('sha256').update(file).digest('hex');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      client.end();
    });
    const close = () => {
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
  }

  async function up() {
    if (server) return;
    // Half-open: the scanner ends its side after the last chunk and still waits for the verdict.
    const listening = createServer({ allowHalfOpen: true }, relay);
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => resolve());
    });
    server = listening;
  }

  async function down() {
    const closing = server;
    server = null;
    if (!closing) return;
    for (const socket of open) socket.destroy();
    await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await up();
  return {
    url: `tcp://127.0.0.1:${port}`,
    up,
    down,
    /** Every file's scan count, in the order first scanned. */
    allCounts: () => [...counts.values()],
    reset: () => counts.clear(),
  };
}
