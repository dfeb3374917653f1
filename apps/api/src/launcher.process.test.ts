import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/server-process.js';

const repo = join(import.meta.dirname, '../../..');
// A build of the API of its own (inside the repository, so its packages resolve); no web build needed.
const buildOut = join(repo, '.build', `test-launcher-${process.pid}`);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npm start', { timeout: 180_000 }, () => {
  beforeAll(() => {
    const built = spawnSync(process.execPath, ['build.mjs'], {
      cwd: join(repo, 'apps/api'),
      env: { ...process.env, BUILD_OUT: buildOut },
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`api build failed:\n${built.stdout}${built.stderr}`);
  });
  afterAll(() => rmSync(buildOut, { recursive: true, force: true }));

  it('stops the server within 5 s of a SIGTERM to the npm process, leaving nothing listening', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-launcher-'));
    const port = await freePort();
    const npm = spawn('npm', ['start', '--', '--serve-only'], {
      cwd: repo,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, BUILD_OUT: buildOut, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    npm.stdout.on('data', (d) => (log += d));
    npm.stderr.on('data', (d) => (log += d));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      const until = Date.now() + 90_000;
      while (
        !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (npm.exitCode !== null || Date.now() > until) throw new Error(`server did not start:\n${log}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      // The embedded database's lock names the process that holds it: the server.
      const server = Number(readFileSync(join(dataDir, 'pgdata.lock'), 'utf8'));
      expect(server).not.toBe(npm.pid);
      expect(alive(server)).toBe(true);

      const sent = Date.now();
      npm.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 5000))]);
      expect(code, log).toBe(0);
      expect(Date.now() - sent).toBeLessThan(5000);
      expect(alive(server)).toBe(false);
      expect(await listening(port)).toBe(false);
      expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
