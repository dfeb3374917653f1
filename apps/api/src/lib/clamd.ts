import { connect, type Socket } from 'node:net';

/** What clamd said of a file: clean, or the name of the signature it matched. */
export type ScanVerdict = { clean: true } | { clean: false; signature: string };

/** clamd could not be asked (not listening, too slow, or an answer that is not a verdict). */
export class ScannerUnavailable extends Error {
  override name = 'ScannerUnavailable';
}

export interface MalwareScanner {
  scan(bytes: Buffer): Promise<ScanVerdict>;
}

/** Where clamd listens: `tcp://host:port`, or the path of its local (unix) socket. */
export function parseClamdUrl(url: string): { host: string; port: number } | { path: string } {
  if (url.startsWith('tcp://')) {
    const parsed = new URL(url);
    return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || 3310) };
  }
  return { path: url.startsWith('unix://') ? url.slice('unix://'.length) : url };
}

// clamd's StreamMaxLength defaults to 25 MB; uploads are at most 10 MB, sent in 64 KiB chunks.
const CHUNK = 64 * 1024;

/**
 * A client of clamd's INSTREAM command over node:net (decision 0051): the npm clients either spawn
 * clamscan, are unmaintained, or wrap this same protocol with more surface than the portal needs.
 */
export function createClamdScanner(options: { url: string; timeoutMs?: number }): MalwareScanner {
  const address = parseClamdUrl(options.url);
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    scan: (bytes) =>
      new Promise<ScanVerdict>((resolve, reject) => {
        const socket: Socket = connect(address);
        const chunks: Buffer[] = [];
        let settled = false;
        const fail = (reason: string) => {
          if (settled) return;
          settled = true;
          socket.destroy();
          reject(new ScannerUnavailable(`clamd at ${options.url}: ${reason}`));
        };
        socket.setTimeout(timeoutMs, () => fail('no answer in time'));
        socket.on('error', (err) => fail(err.message));
        socket.on('data', (data) => chunks.push(data));
        socket.on('close', () => {
          if (settled) return;
          const answer = Buffer.concat(chunks).toString('utf8').replace(/\0/g, '').trim();
          const found = /^stream: (.+) FOUND$/.exec(answer);
          if (answer === 'stream: OK') {
            settled = true;
            resolve({ clean: true });
          } else if (found) {
            settled = true;
            resolve({ clean: false, signature: found[1]! });
          } else fail(`unexpected answer ${JSON.stringify(answer.slice(0, 200))}`);
        });
        socket.on('connect', () => {
          socket.write('zINSTREAM\0');
          for (let at = 0; at < bytes.length; at += CHUNK) {
            const part = bytes.subarray(at, at + CHUNK);
            const size = Buffer.alloc(4);
            size.writeUInt32BE(part.length);
            socket.write(size);
            socket.write(part);
          }
          socket.end(Buffer.alloc(4));
        });
      }),
  };
}
