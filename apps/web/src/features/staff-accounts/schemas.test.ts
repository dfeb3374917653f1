// The forms' checks: the contracts' bodies with the screens' own rules, and what they send.
import { describe, expect, it } from 'vitest';
import { acceptSchema, editSchema, inviteSchema, resetConfirmSchema, resetRequestSchema } from './schemas';

const problems = (result: { error?: { issues: { path: PropertyKey[]; code: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.code]));

const names = { last_name: '新井', first_name: '花子', last_name_kana: 'アライ', first_name_kana: 'ハナコ' };
const password = { password: 'new-Password-2027', again: 'new-Password-2027' };

describe('the staff-account forms’ checks', () => {
  it('send the address and names without the spaces around them', () => {
    expect(resetRequestSchema.parse({ municipality_code: '999999', email: ' a@demo.example.jp ' })).toEqual({
      municipality_code: '999999',
      email: 'a@demo.example.jp',
    });
    expect(
      inviteSchema.parse({ email: ' a@demo.example.jp', permission_id: 2, department_ids: [10] }).email,
    ).toBe('a@demo.example.jp');
    expect(
      editSchema.parse({ ...names, last_name_kana: ' アライ ', permission_id: 2, department_ids: [10] }),
    ).toMatchObject({ last_name_kana: 'アライ' });
  });

  it('check the municipality code and the address', () => {
    expect(problems(resetRequestSchema.safeParse({ municipality_code: '12345', email: 'a@' }))).toEqual({
      municipality_code: 'invalid_format',
      email: 'invalid_format',
    });
  });

  it('require a reading before checking it is katakana, and keep the contract’s length', () => {
    const result = acceptSchema.safeParse({
      ...names,
      ...password,
      last_name_kana: ' ',
      first_name_kana: 'はなこ',
      first_name: '花'.repeat(51),
    });
    expect(problems(result)).toEqual({
      last_name_kana: 'too_small',
      first_name_kana: 'invalid_format',
      first_name: 'too_big',
    });
  });

  it('check the new password by the policy shown, and the same password again', () => {
    expect(problems(resetConfirmSchema.safeParse({ password: 'short', again: 'other' }))).toEqual({
      password: 'custom',
      again: 'custom',
    });
    expect(resetConfirmSchema.parse(password)).toEqual(password);
    expect(problems(acceptSchema.safeParse({ ...names, password: 'abcdefghijkl', again: 'x' }))).toEqual({
      password: 'custom',
      again: 'custom',
    });
  });

  it('require a department', () => {
    expect(problems(editSchema.safeParse({ ...names, permission_id: 2, department_ids: [] }))).toEqual({
      department_ids: 'too_small',
    });
  });
});
