import { describe, expect, it } from 'vitest';
import { Password } from '@portal/contracts';
import { passwordChecks, passwordOk } from './password-policy';

describe('the password policy as shown', () => {
  it('checks each rule', () => {
    expect(passwordChecks('short1')).toEqual({ length: false, letter: true, digit: true, max: true });
    expect(passwordChecks('abcdefghijkl')).toMatchObject({ length: true, digit: false });
    expect(passwordOk('demo-Password-2026')).toBe(true);
  });

  it('agrees with the contract’s schema', () => {
    for (const p of [
      'demo-Password-2026',
      'abcdefghijk1',
      'abcdefghijkl',
      '123456789012',
      'a1',
      'x'.repeat(129) + '1',
    ]) {
      expect(passwordOk(p), p).toBe(Password.safeParse(p).success);
    }
  });
});
