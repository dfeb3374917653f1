import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@portal/contracts';
import { apiHeaders, DEFAULT_CACHE_CONTROL } from './security-headers.js';

const clientErrors: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'the request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'the request did not arrive in time'],
};

/**
 * Node's HTTP parser refuses a request before Fastify sees it (headers over 16 KiB, a malformed request
 * line, a timeout): the answer is written on the socket. Fastify's `clientErrorHandler` option, so it is
 * still the one error body with the API's headers (issue 34 item 7).
 */
export function clientErrorHandler(secure: boolean) {
  const head = Object.entries({ ...apiHeaders(secure), 'cache-control': DEFAULT_CACHE_CONTROL })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function (this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
    // A reset connection has nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, message] = clientErrors[error.code ?? ''] ?? [
      400,
      'Bad Request',
      'the request could not be read',
    ];
    this.log.trace({ err: error }, 'client error');
    const payload = JSON.stringify({ errors: [{ code: 'bad_request', message }] } satisfies ErrorBody);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\n${head}content-type: application/json; charset=utf-8\r\n` +
          `content-length: ${Buffer.byteLength(payload)}\r\nconnection: close\r\n\r\n${payload}`,
      );
    }
    socket.destroy(error);
  };
}
