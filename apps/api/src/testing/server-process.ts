import { csrfFromBody, setsCsrfCookie } from './csrf.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Polls `url`/api/health until it answers 200. Fails at once when `child` exits, and after `timeoutMs`,
 * with the process's output so far (`output()`).
 */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${output()}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.status === 200,
      () => false, // not listening yet
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`server did not become healthy at ${url}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the real server (src/server.ts) as its own process and waits until /api/health answers 200. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // tsx as a loader in one node process (not the tsx CLI, which runs the server in a second process that
  // a SIGKILL of the first would leave running): signals reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The origin it listens on, so the identity stand-in's sign-in (discovered there) works over HTTP.
      PUBLIC_URL: url,
      // Files (and the embedded database) never land in the repository's apps/api/data.
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-server-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  try {
    await waitForHealth(url, child, () => log);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    child,
    output: () => log,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** A fetch-based browser: cookies kept across calls (and across servers), region header and CSRF token sent. */
export function httpBrowser(code = '999999') {
  const jar = new Map<string, string>();
  let token = '';
  let csrfStale = false;
  /** `extra`: more headers, e.g. the If-Match of a staff write (decision 0034). */
  async function call(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      ...extra,
      'x-region-code': code,
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (method !== 'GET') {
      if (csrfStale) {
        csrfStale = false;
        const fresh = await call(base, 'GET', '/api/csrf-token');
        token = ((await fresh.json()) as { csrf_token: string }).csrf_token;
      }
      headers['x-csrf-token'] = token;
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), rest.join('='));
    }
    if (setsCsrfCookie(res.headers.getSetCookie())) csrfStale = true;
    const fromBody = res.headers.get('content-type')?.includes('json')
      ? csrfFromBody(await res.clone().text())
      : undefined;
    if (fromBody) [token, csrfStale] = [fromBody, false];
    return res;
  }
  return {
    setCookie: (name: string, value: string) => jar.set(name, value),
    /** The headers a write carries: region, cookies and the CSRF token. */
    headers: (): Record<string, string> => ({
      'x-region-code': code,
      'x-csrf-token': token,
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    }),
    async init(base: string) {
      const res = await call(base, 'GET', '/api/csrf-token');
      token = ((await res.json()) as { csrf_token: string }).csrf_token;
    },
    call,
  };
}
