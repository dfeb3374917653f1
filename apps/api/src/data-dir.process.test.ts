import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startServer } from './testing/server-process.js';

const repo = join(import.meta.dirname, '../../..');

/** Runs a TypeScript entry of the API in its own process from `cwd`, as npm runs the workspace scripts. */
function run(entry: string, cwd: string, env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(repo, 'apps/api/src', entry)], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${entry} exited with ${r.status}:\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

describe('one data folder for every command', { timeout: 300_000 }, () => {
  it('resolves the default folder to the repository root from any working directory', () => {
    const config = pathToFileURL(join(repo, 'apps/api/src/config.ts')).href;
    const code = `import('${config}').then((m) => console.log(m.loadConfig({}).dataDir))`;
    for (const cwd of [repo, join(repo, 'apps/api'), join(repo, 'apps/api/src/db')]) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd, encoding: 'utf8' });
      expect(r.stdout.trim(), r.stderr).toBe(join(repo, 'data'));
    }
  });

  it('has db:seed and the server use the folder named from where npm ran, whatever their own cwd', async () => {
    const initCwd = mkdtempSync(join(tmpdir(), 'portal-datadir-'));
    const folder = join(initCwd, 'my-data');
    const env = { INIT_CWD: initCwd, DATA_DIR: 'my-data' };
    try {
      const first = run('demo/seed.cli.ts', repo, env);
      expect(first).toContain(`embedded database in ${folder}`);
      expect(first).toMatch(/^production: inserted \d+ municipalities/m);
      expect(first).toMatch(/^staging: inserted \d+ municipalities/m);

      // The server runs in apps/api (as npm run dev does): same folder, so its lock is there.
      const server = await startServer({ ...env, LOG_LEVEL: 'info' });
      try {
        expect(readFileSync(join(folder, 'pgdata.lock'), 'utf8').trim()).toBe(String(server.child.pid));
        expect(server.output()).toContain(`embedded database in ${folder};`);
      } finally {
        await server.stop();
      }

      const again = run('demo/seed.cli.ts', join(repo, 'apps/api'), env);
      expect(again).toContain('production: demo data already present, nothing inserted');
      expect(again).toContain('staging: demo data already present, nothing inserted');
    } finally {
      rmSync(initCwd, { recursive: true, force: true });
    }
  });
});
