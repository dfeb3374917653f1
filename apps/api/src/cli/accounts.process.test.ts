import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { browser } from '../testing/test-app.js';

const repo = join(import.meta.dirname, '../../../..');
const PASSWORD = 'operator-Password-2026';

describe('npm run accounts', { timeout: 300_000 }, () => {
  let root: string;
  let dataDir: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'portal-accounts-cli-'));
    dataDir = join(root, 'data');
  });
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  // The embedded database of a fresh DATA_DIR, whatever the test runner's environment names.
  const env = () => {
    const { DATABASE_URL: _d, STAGING_DATABASE_URL: _s, ...rest } = process.env;
    return { ...rest, DATA_DIR: dataDir, PUBLIC_URL: 'https://portal.example.jp' };
  };

  /** The command in its own process, as the workspace script runs it. */
  function accounts(args: string[], input = '') {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(repo, 'apps/api/src/cli/accounts.cli.ts'), ...args],
      {
        cwd: join(repo, 'apps/api'),
        env: env(),
        input,
        encoding: 'utf8',
      },
    );
    return { status: r.status, stdout: r.stdout, stderr: r.stderr.replace(/^npm warn .*\n/gm, '').trim() };
  }

  it('refuses bad input in one line per problem before opening any database', () => {
    const bad = accounts(['create-admin', '--municipality', '12345', '--email', 'not-an-address']);
    expect([bad.status, bad.stderr.split('\n')]).toEqual([
      1,
      ['--municipality: municipality code must be 6 digits', '--email: Invalid email address'],
    ]);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('creates the first accounts; the printed link makes a working administrator', async () => {
    const npm = spawnSync(
      'npm',
      [
        ...['run', 'accounts', '-w', '@portal/api', '--', 'create-municipality'],
        ...['--code', '123456', '--name', 'テスト市', '--department', 'shimin=市民課'],
      ],
      { cwd: repo, env: env(), encoding: 'utf8' },
    );
    expect(npm.status, npm.stdout + npm.stderr).toBe(0);
    expect(npm.stdout).toContain(
      'municipality 123456 テスト市 created in staging (departments: shimin 市民課)',
    );

    const admin = accounts(['create-admin', '--municipality', '123456', '--email', 'first.admin@example.jp']);
    expect(admin.status, admin.stderr).toBe(0);
    const link = new URL(admin.stdout.trim().split('\n').at(-1)!);
    expect(link.origin + link.pathname).toBe('https://portal.example.jp/staff/accounts/new');

    const operator = accounts(['create-operator', '--login', 'ops', '--name', '運用 太郎'], `${PASSWORD}\n`);
    expect(operator.status, operator.stderr).toBe(0);
    expect(operator.stdout).toContain('operator ops (運用 太郎) created in staging');
    const again = accounts(['create-operator', '--login', 'ops', '--name', '運用 太郎'], `${PASSWORD}\n`);
    expect([again.status, again.stderr]).toEqual([
      1,
      'operator ops already exists in production and staging; nothing changed',
    ]);

    // While a process holds the embedded database the command stops with one line naming it.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const busy = accounts(['list']);
      expect([busy.status, busy.stderr]).toEqual([
        1,
        `the embedded database in ${join(dataDir, 'pgdata')} is in use by process ${process.pid}; stop it first, or set DATA_DIR to another folder`,
      ]);
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: join(root, 'app') });
      const app = await buildApp({ config, database, webRoot: null });
      try {
        const client = await browser(app, '123456');
        const token = link.searchParams.get('token')!;
        // The link's page exchanges the token, once, for a form session the browser keeps (decision 0044).
        const shown = await client.request(
          'POST',
          '/api/municipalities/123456/accounts/invitation/session/',
          {
            token,
          },
        );
        expect(shown.statusCode, shown.body).toBe(200);
        const { permission_id, department_ids } = shown.json() as Record<string, unknown>;
        const accepted = await client.request('POST', '/api/municipalities/123456/accounts/', {
          last_name: '佐藤',
          first_name: '花子',
          last_name_kana: 'サトウ',
          first_name_kana: 'ハナコ',
          email: 'first.admin@example.jp',
          password: PASSWORD,
          permission_id,
          department_ids,
        });
        expect(accepted.statusCode, accepted.body).toBe(201);
        const staff = await client.request('POST', '/api/municipalities/123456/login/', {
          login_id: 'first.admin@example.jp',
          password: PASSWORD,
        });
        expect(staff.statusCode, staff.body).toBe(200);
        const operatorLogin = await (
          await browser(app, '123456')
        ).request('POST', '/api/mastertool/login/', { login_id: 'ops', password: PASSWORD });
        expect(operatorLogin.statusCode, operatorLogin.body).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }

    const taken = accounts(['create-admin', '--municipality', '123456', '--email', 'first.admin@example.jp']);
    expect([taken.status, taken.stderr]).toEqual([
      1,
      'first.admin@example.jp already has a staff account in 123456 (production); nothing changed',
    ]);
    const list = accounts(['list']);
    expect(list.stdout).toMatch(/administrators: first\.admin@example\.jp \(last sign-in /);
  });
});
