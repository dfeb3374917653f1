import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../testing/test-app.js';
import { openLink, publicCall } from '../modules/staff-accounts/staff-accounts.testing.js';
import { parseCommand, type Command } from './accounts.args.js';
import { runCommand } from './accounts.commands.js';
import type { CommandContext } from './accounts.context.js';
import { CommandError } from './command-error.js';

const PASSWORD = 'first-Password-2026';
const M = '/api/municipalities/123456';

/** The parsed command of a command line (the parser has its own tests). */
function command(...argv: string[]): Command {
  const parsed = parseCommand(argv);
  if ('errors' in parsed) throw new Error(parsed.errors.join('\n'));
  return parsed.command;
}

describe.each(databaseKinds)('npm run accounts commands on %s', (kind) => {
  let t: TestApp;
  let staging: TestDatabase;
  let context: CommandContext;
  let passwordsAsked = 0;
  const now = Date.parse('2026-11-24T09:00:00+09:00');

  beforeAll(async () => {
    // A production deployment: no demo data in either environment.
    t = await createTestApp(kind, { seeded: false, clock: () => new Date(now) });
    staging = await createTestDatabase(kind);
    context = {
      databases: { production: t.database, staging },
      publicUrl: 'https://portal.example.jp',
      clock: () => new Date(now),
      readPassword: async () => {
        passwordsAsked++;
        return PASSWORD;
      },
    };
  });
  afterAll(async () => {
    await t?.close();
    await staging?.dispose();
  });

  const run = (...argv: string[]) => runCommand(context, command(...argv));
  const refusal = (...argv: string[]) =>
    run(...argv).then(
      (lines) => Promise.reject(new Error(`expected a refusal, got ${lines.join('\n')}`)),
      (error: unknown) => (error instanceof CommandError ? error.lines : Promise.reject(error)),
    );
  const count = async (database: TestDatabase, table: string) =>
    Number((await database.executeSql(`select count(*)::int as n from ${table}`)).rows[0]!.n);

  it('creates a municipality with its departments and permissions in both environments, once', async () => {
    expect(await refusal('create-admin', '--municipality', '123456', '--email', 'a@example.jp')).toEqual([
      'municipality 123456 (production) does not exist: create it first with create-municipality; nothing changed',
    ]);
    const created = [
      'create-municipality',
      '--code',
      '123456',
      '--name',
      'テスト市',
      '--name-en',
      'Test City',
    ];
    expect(await run(...created, '--department', 'shimin=市民課')).toEqual([
      'municipality 123456 テスト市 created in production (departments: shimin 市民課)',
      'municipality 123456 テスト市 created in staging (departments: shimin 市民課)',
    ]);
    for (const database of [t.database, staging]) {
      expect(await count(database, 'permissions')).toBe(3);
      expect(await count(database, 'departments')).toBe(1);
    }
    expect(await refusal(...created, '--department', 'kodomo=こども課')).toEqual([
      'municipality 123456 already exists in production and staging; nothing changed',
    ]);
    expect(await count(t.database, 'departments')).toBe(1);

    expect(
      await run('create-department', '--municipality', '123456', '--code', 'kodomo', '--name', 'こども課'),
    ).toEqual([
      'department kodomo こども課 of 123456 created in production',
      'department kodomo こども課 of 123456 created in staging',
    ]);
    expect(
      await refusal('create-department', '--municipality', '123456', '--code', 'kodomo', '--name', 'x'),
    ).toEqual(['department kodomo of 123456 already exists in production and staging; nothing changed']);
    expect(
      await refusal('create-department', '--municipality', '654321', '--code', 'a', '--name', 'b'),
    ).toEqual([
      'municipality 654321 does not exist in production and staging: create it first with create-municipality; nothing changed',
    ]);
  });

  it('prints an invitation link that creates the administrator account, then refuses the address', async () => {
    expect(
      await refusal(
        'create-admin',
        '--municipality',
        '123456',
        '--email',
        'a@example.jp',
        '--department',
        'kenko',
      ),
    ).toEqual([
      '--department: kenko is not a department of 123456 (production) (it has shimin, kodomo); nothing changed',
    ]);
    const lines = await run('create-admin', '--municipality', '123456', '--email', 'first.admin@example.jp');
    expect(lines.slice(0, 2)).toEqual([
      'administrator invitation for first.admin@example.jp in 123456 テスト市 (production), departments: 市民課, こども課',
      `open this link once before ${new Date(now + 7 * 24 * 3600_000).toISOString()} to enter the name and set the password:`,
    ]);
    const link = new URL(lines[2]!);
    expect(`${link.origin}${link.pathname}`).toBe('https://portal.example.jp/staff/accounts/new');
    expect(link.searchParams.get('municipality')).toBe('123456');
    const token = link.searchParams.get('token')!;

    // The link's page exchanges the token, once, for a form session (decision 0044).
    const { res: invitation, cookie } = await openLink(t, 'invitation', token, { code: '123456' });
    expect(invitation.statusCode, invitation.body).toBe(200);
    const { permission_id, department_ids } = invitation.json() as {
      permission_id: number;
      department_ids: number[];
    };
    expect([permission_id, department_ids.length]).toEqual([1, 2]);
    const accepted = await publicCall(
      t,
      'POST',
      `${M}/accounts/`,
      {
        last_name: '佐藤',
        first_name: '花子',
        last_name_kana: 'サトウ',
        first_name_kana: 'ハナコ',
        email: 'first.admin@example.jp',
        password: PASSWORD,
        permission_id,
        department_ids,
      },
      { code: '123456', ...(cookie ? { cookie } : {}) },
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    const client = await browser(t.app, '123456');
    const login = await client.request('POST', `${M}/login/`, {
      login_id: 'first.admin@example.jp',
      password: PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
    // The administrator permission: the account list is theirs to manage.
    expect((await client.request('GET', `${M}/accounts/`)).statusCode).toBe(200);

    const invitations = await count(t.database, 'invitations');
    expect(
      await refusal('create-admin', '--municipality', '123456', '--email', 'First.Admin@example.jp'),
    ).toEqual(['First.Admin@example.jp already has a staff account in 123456 (production); nothing changed']);
    expect(await count(t.database, 'invitations')).toBe(invitations);
    const audit = await t.database.executeSql(
      `select actor_kind, detail->>'via' as via from audit_log where action = 'invitation.create'`,
    );
    expect(audit.rows).toEqual([{ actor_kind: 'system', via: 'npm run accounts' }]);
  });

  it("links a staging administrator to staging's pages", async () => {
    const lines = await run(
      'create-admin',
      ...['--municipality', '123456', '--email', 'first.admin@example.jp', '--department', 'kodomo'],
      ...['--env', 'staging'],
    );
    expect(lines[0]).toBe(
      'administrator invitation for first.admin@example.jp in 123456 テスト市 (staging), departments: こども課',
    );
    expect(lines[2]).toMatch(
      /^https:\/\/portal\.example\.jp\/stg\/staff\/accounts\/new\?token=[\w-]{43}&municipality=123456$/,
    );
    expect(await count(staging, 'invitations')).toBe(1);
  });

  it('creates an operator who signs in, and asks no password for one that exists', async () => {
    expect(
      await run('create-operator', '--login', 'ops', '--name', '運用 太郎', '--env', 'production'),
    ).toEqual([
      'operator ops (運用 太郎) created in production: signs in at https://portal.example.jp/mastertool/',
    ]);
    expect(await run('create-operator', '--login', 'ops', '--name', '運用 太郎')).toEqual([
      'operator ops (運用 太郎) created in staging: signs in at https://portal.example.jp/stg/mastertool/',
      'operator ops already existed in production: left unchanged',
    ]);
    expect(passwordsAsked).toBe(2);
    expect(await refusal('create-operator', '--login', 'ops', '--name', 'someone')).toEqual([
      'operator ops already exists in production and staging; nothing changed',
    ]);
    expect(passwordsAsked).toBe(2);
    const hash = (await t.database.executeSql(`select password_hash from operators`)).rows[0]!.password_hash;
    expect(String(hash)).toMatch(/^\$argon2id\$/);

    const client = await browser(t.app, '123456');
    const login = await client.request('POST', '/api/mastertool/login/', {
      login_id: 'ops',
      password: PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);

    const weak = { ...context, readPassword: async () => 'short' };
    await expect(
      runCommand(weak, command('create-operator', '--login', 'ops2', '--name', 'x')),
    ).rejects.toEqual(
      new CommandError([
        'password: at least 12 characters; nothing changed',
        'password: include a digit; nothing changed',
      ]),
    );
    expect(await count(t.database, 'operators')).toBe(1);
  });

  it('lists each environment', async () => {
    const lines = await run('list');
    expect(lines.slice(0, 5)).toEqual([
      'production:',
      '  municipality 123456 テスト市',
      '    departments: shimin 市民課, kodomo こども課',
      expect.stringMatching(/^ {4}administrators: first\.admin@example\.jp \(last sign-in 2026-/),
      '  operators: ops 運用 太郎 (last sign-in 2026-11-24T00:00:00.000Z)',
    ]);
    expect(lines.slice(5)).toEqual([
      'staging:',
      '  municipality 123456 テスト市',
      '    departments: shimin 市民課, kodomo こども課',
      '    administrators: none',
      '  operators: ops 運用 太郎 (never signed in)',
    ]);
  });
});
