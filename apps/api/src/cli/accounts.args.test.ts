import { describe, expect, it } from 'vitest';
import { parseCommand, usage } from './accounts.args.js';

describe('npm run accounts arguments', () => {
  it('makes each command from valid flags', () => {
    expect(
      parseCommand([
        ...['create-municipality', '--code', '123456', '--name', ' テスト市 '],
        ...['--department', 'shimin=市民課', '--department', 'kodomo=こども=課'],
      ]),
    ).toEqual({
      command: {
        kind: 'create-municipality',
        code: '123456',
        name: 'テスト市',
        nameEn: null,
        departments: [
          { code: 'shimin', name: '市民課' },
          { code: 'kodomo', name: 'こども=課' },
        ],
      },
    });
    expect(parseCommand(['create-admin', '--municipality', '123456', '--email', 'a@example.jp'])).toEqual({
      command: {
        kind: 'create-admin',
        municipality: '123456',
        email: 'a@example.jp',
        departments: [],
        environment: 'production',
      },
    });
    expect(parseCommand(['create-operator', '--login', 'ops', '--name', '運用', '--env', 'staging'])).toEqual(
      {
        command: { kind: 'create-operator', login: 'ops', name: '運用', environments: ['staging'] },
      },
    );
    expect(parseCommand(['create-operator', '--login', 'ops', '--name', '運用'])).toMatchObject({
      command: { environments: ['production', 'staging'] },
    });
    expect(parseCommand(['list'])).toEqual({ command: { kind: 'list' } });
    expect(parseCommand(['--help'])).toEqual({ command: { kind: 'help' } });
  });

  it('refuses bad input with one line per problem', () => {
    expect(parseCommand(['create-admin', '--municipality', '12345', '--email', 'not-an-address'])).toEqual({
      errors: ['--municipality: municipality code must be 6 digits', '--email: Invalid email address'],
    });
    expect(parseCommand(['create-municipality', '--code', '123456'])).toEqual({
      errors: ['--name is required', '--department is required'],
    });
    expect(
      parseCommand([
        ...['create-municipality', '--code', '123456', '--name', 'x'],
        ...['--department', 'shimin', '--department', 'a b=c'],
      ]),
    ).toEqual({
      errors: [
        '--department: write <code>=<name>, e.g. shimin=市民課',
        '--department: a department code is 1 to 32 letters, digits, - or _',
      ],
    });
    expect(parseCommand(['create-operator', '--login', 'has space', '--name', ' ', '--env', 'all'])).toEqual({
      errors: [
        '--login: a login id has no spaces',
        '--name: Too small: expected string to have >=1 characters',
        '--env: Invalid option: expected one of "production"|"staging"|"both"',
      ],
    });
  });

  it('names a wrong command shape and shows the usage', () => {
    expect(parseCommand([])).toEqual({ errors: ['no command given', usage] });
    expect(parseCommand(['create-user'])).toEqual({ errors: ['unknown command "create-user"', usage] });
    const unknown = parseCommand(['list', '--all']);
    expect(unknown).toEqual({ errors: [expect.stringMatching(/^list: Unknown option '--all'/), usage] });
    const stray = parseCommand(['create-admin', 'extra', '--email', 'a@example.jp']);
    expect(stray).toEqual({
      errors: [expect.stringMatching(/^create-admin: Unexpected argument 'extra'/), usage],
    });
  });
});
