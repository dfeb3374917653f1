import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** The receiver's answer: its status and the start of its body. */
export interface PostAnswer {
  status: number;
  excerpt: string;
}

export const EXCERPT_CHARS = 500;
// Enough bytes for 500 characters of UTF-8; the rest of a long answer is not read.
const MAX_BODY_BYTES = EXCERPT_CHARS * 4;

/**
 * Posts a body to a URL, connecting to the address already checked (resolveTarget), never following a
 * redirect, given up after `timeoutMs` in all. Rejects with a short reason when no answer came.
 */
export function postTo(input: {
  url: URL;
  address: string;
  family: 4 | 6;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}): Promise<PostAnswer> {
  const { url, address, family } = input;
  // The connection goes to the checked address whatever DNS says now; TLS still checks the host's name.
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    } else callback(null, address, family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        agent: false,
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(input.body)),
          'user-agent': 'portal-webhooks/1',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString('utf8');
          resolve({ status: response.statusCode ?? 0, excerpt: [...text].slice(0, EXCERPT_CHARS).join('') });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= MAX_BODY_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${input.timeoutMs} ms`));
    }, input.timeoutMs);
    request.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    request.end(input.body);
  });
}
