import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenFailure } from './listen-failure.js';
import { freePort, startServer } from './testing/server-process.js';

describe('a port already in use', { timeout: 180_000 }, () => {
  it('stops the server with one line and exit code 1, no stack trace', async () => {
    const port = await freePort();
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    try {
      const error = await startServer({ PORT: String(port) }).then(
        () => new Error('the server started'),
        (e: Error) => e,
      );
      expect(error.message).toMatch(/^server exited with 1:/);
      expect(error.message).toContain(
        `port ${port} is in use; set PORT=… to another port or stop the other process`,
      );
      expect(error.message).not.toMatch(/^\s+at /m);
    } finally {
      other.close();
    }
  });

  it('leaves errors other than a refused address to the stack trace', () => {
    expect(listenFailure(new Error('boom'), 3000, '127.0.0.1')).toBeUndefined();
    expect(listenFailure(Object.assign(new Error(), { code: 'EACCES' }), 80, '0.0.0.0')).toMatch(/port 80/);
  });
});
