import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/databases.js';
import { openDatabase } from './client.js';

const repo = join(import.meta.dirname, '../../../..');

/** Runs a command-line entry of the API in its own process, as `npm run backup|restore` does. */
function cli(entry: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repo, `apps/api/src/db/${entry}.cli.ts`), ...args],
    {
      cwd: join(repo, 'apps/api'),
      env: { ...process.env, ...env },
      encoding: 'utf8',
    },
  );
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm run backup / restore', { timeout: 300_000 }, () => {
  let root: string;
  let dataDir: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'portal-backup-cli-'));
    dataDir = join(root, 'data');
    const migrated = await createTestDatabase('pglite');
    const image = await migrated.client!.dumpDataDir('none');
    await migrated.dispose();
    await (await openDatabase({ kind: 'pglite', dataDir, image })).close();
    mkdirSync(join(dataDir, 'files', 'a'), { recursive: true });
    writeFileSync(join(dataDir, 'files', 'a', 'note.txt'), 'kept across a restore');
  }, 300_000);
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('backs up through the npm script and restores through the command, refusing in one line', () => {
    const backups = join(root, 'backups');
    const npm = spawnSync('npm', ['run', 'backup', '-w', '@portal/api', '--', `${backups}/`], {
      cwd: repo,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(npm.status, npm.stdout + npm.stderr).toBe(0);
    const [name] = readdirSync(backups);
    expect(name).toMatch(/^portal-backup-\d{8}-\d{6}\.tar$/);
    expect(npm.stdout).toContain(`backup written: ${join(backups, name!)}`);

    // A relative file is taken from where npm was run (INIT_CWD), as DATA_DIR is.
    const restored = join(root, 'restored');
    const env = { INIT_CWD: root, DATA_DIR: restored };
    const first = cli('restore', [`backups/${name}`], env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(`restored ${join(backups, name!)}`);
    expect(readFileSync(join(restored, 'files', 'a', 'note.txt'), 'utf8')).toBe('kept across a restore');

    const again = cli('restore', [`backups/${name}`], env);
    expect(again.status).toBe(1);
    expect(again.stderr.trim().split('\n')).toEqual([
      `${restored} is not empty: run restore again with --force to move it aside to ${restored}.before-restore-<time>`,
    ]);
    const forced = cli('restore', [`backups/${name}`, '--force'], env);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(
      /the data folder it replaced is kept in .*restored\.before-restore-\d{8}-\d{6}/,
    );

    const usage = cli('restore', [], env);
    expect([usage.status, usage.stderr.trim()]).toEqual([
      1,
      'usage: npm run restore -- <backup file> [--force]',
    ]);
    writeFileSync(join(root, 'notes.txt'), 'not a backup');
    const wrong = cli('restore', ['notes.txt', '--force'], env);
    expect([wrong.status, wrong.stderr.trim()]).toEqual([
      1,
      `${join(root, 'notes.txt')} is not a portal backup (no valid manifest.json at its start)`,
    ]);
  });

  it('refuses with one line when the data lives in PostgreSQL or a bucket', () => {
    const out = join(root, 'refused.tar');
    for (const [env, says] of [
      [{ DATABASE_URL: 'postgres://portal@db.invalid/portal' }, 'pg_dump or point-in-time recovery'],
      [{ STORAGE_URL: 's3://bucket/portal' }, "the bucket's own versioning or backup"],
    ] as const) {
      const r = cli('backup', [out], { DATA_DIR: dataDir, ...env });
      expect(r.status).toBe(1);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(says);
      expect(existsSync(out)).toBe(false);
    }
  });
});
