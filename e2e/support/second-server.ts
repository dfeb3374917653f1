// A second server for one spec, from the build the run already made (E2E_BUILD_OUT), with settings of its
// own (e.g. a short idle timeout): its own port, data folder and PUBLIC_URL. Worker-scoped: started once
// per worker that runs the spec, stopped after it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SecondServer {
  url: string;
  stop(): Promise<void>;
}

function freePort(): string {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ],
    { encoding: 'utf8' },
  );
  if (probe.status !== 0 || !/^\d+$/.test(probe.stdout)) throw new Error(`no free port: ${probe.stderr}`);
  return probe.stdout;
}

export async function startSecondServer(env: Record<string, string>): Promise<SecondServer> {
  const buildOut = process.env.E2E_BUILD_OUT;
  if (!buildOut) throw new Error('E2E_BUILD_OUT is unset: run through e2e/playwright.config.ts');
  const port = freePort();
  const url = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-second-'));
  const child: ChildProcess = spawn(process.execPath, [join(buildOut, 'api', 'dist', 'server.js')], {
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      BUILD_OUT: buildOut,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_READS: '1000000',
      RATE_LIMIT_WRITES: '1000000',
      RATE_LIMIT_UPLOADS: '1000000',
      RATE_LIMIT_JOBS: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (d) => (errors += d));
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the second server exited: ${errors}`);
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the second server did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
