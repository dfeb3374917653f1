import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClamdScanner } from '../lib/clamd.js';
import { freePort } from './server-process.js';

/** The EICAR test file: every scanner reports it, and it harms nothing. */
export const EICAR = Buffer.from(
  'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
  'latin1',
);
const SIGNATURE_NAME = 'Portal.Test.EICAR';
/** The name clamd reports: it adds `.UNOFFICIAL` to a signature not from ClamAV's own databases. */
export const EICAR_SIGNATURE = `${SIGNATURE_NAME}.UNOFFICIAL`;

const CLAMD = '/usr/sbin/clamd';

/** Fails loudly when clamd is missing: the tests that need it are never skipped (npm test installs it). */
export function assertClamdInstalled(): void {
  if (!existsSync(CLAMD) || spawnSync(CLAMD, ['--version']).status !== 0) {
    throw new Error('clamd is missing: run `sudo apt-get install -y clamav-daemon` (npm test does)');
  }
}

/**
 * A clamd of the test's own: foreground, on a free port of 127.0.0.1, whose only signature is a body
 * signature of EICAR written here (no download). `stop()` and `start()` again keep the same port.
 */
export async function startClamd() {
  assertClamdInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'portal-clamd-'));
  const database = join(dir, 'db');
  mkdirSync(database);
  // A body signature (any file type, any offset): EICAR inside a PDF is found as well as on its own.
  writeFileSync(join(database, 'portal-test.ndb'), `${SIGNATURE_NAME}:0:*:${EICAR.toString('hex')}\n`);
  const port = await freePort();
  const config = join(dir, 'clamd.conf');
  writeFileSync(
    config,
    [
      'Foreground yes',
      `DatabaseDirectory ${database}`,
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `LogFile ${join(dir, 'clamd.log')}`,
      `PidFile ${join(dir, 'clamd.pid')}`,
      `TemporaryDirectory ${dir}`,
      'SelfCheck 0',
      '',
    ].join('\n'),
  );
  const url = `tcp://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';

  async function start() {
    output = '';
    child = spawn(CLAMD, ['--config-file', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const probe = createClamdScanner({ url, timeoutMs: 2000 });
    const until = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`clamd exited ${child.exitCode}:\n${output}`);
      try {
        await probe.scan(Buffer.from('ping'));
        return;
      } catch (err) {
        if (Date.now() > until) throw new Error(`clamd did not answer: ${String(err)}\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }

  await start();
  return {
    url,
    start,
    stop,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type TestClamd = Awaited<ReturnType<typeof startClamd>>;
