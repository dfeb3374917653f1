import { describe, expect, it } from 'vitest';
import { addressAllowed } from './system-keys.policy.js';
import { answersByCode } from './pull.service.js';
import { decodeCursor, encodeCursor, START } from './pull-cursor.js';

describe('a key’s address list', () => {
  const cidrs = ['192.0.2.0/24', '10.0.0.1/32', '2001:db8::/32'];
  it('accepts addresses inside its IPv4 and IPv6 ranges, and IPv4 seen as IPv6', () => {
    for (const ip of [
      '192.0.2.1',
      '192.0.2.255',
      '10.0.0.1',
      '2001:db8::1',
      '2001:db8:ffff::9',
      '::ffff:192.0.2.7',
    ]) {
      expect(addressAllowed(cidrs, ip), ip).toBe(true);
    }
  });
  it('refuses addresses outside, malformed ones and none', () => {
    for (const ip of ['192.0.3.1', '10.0.0.2', '2001:db9::1', '::1', 'localhost', '', null, undefined]) {
      expect(addressAllowed(cidrs, ip), String(ip)).toBe(false);
    }
    expect(addressAllowed([], '192.0.2.1')).toBe(false);
  });
});

describe('answers by standard item code', () => {
  it('keeps the procedure’s items, one value each, and a list per repetition for a repeatable group', () => {
    const answers = answersByCode(
      [
        { standard_item_code: 'child_name', sequence: 3, value: 'C' },
        { standard_item_code: 'child_name', sequence: 1, value: 'A' },
        { standard_item_code: 'name', sequence: 1, value: '山田' },
        { standard_item_code: 'kinds', sequence: 1, value: ['a', 'b'] },
        { standard_item_code: 'other_procedure_item', sequence: 1, value: 'x' },
      ],
      new Set(['child_name', 'name', 'kinds']),
      new Set(['child_name']),
    );
    expect(answers).toEqual({ child_name: ['A', null, 'C'], name: '山田', kinds: ['a', 'b'] });
  });
});

describe('the pull cursor', () => {
  it('round-trips a change position and refuses anything else', () => {
    const p = { xid: 123456789, id: '0b6a4d5e-8f3c-4a1b-9c2d-3e4f5a6b7c8d' };
    expect(decodeCursor(encodeCursor(p))).toEqual(p);
    expect(decodeCursor(undefined)).toEqual(START);
    expect(() => decodeCursor('bm90LWEtY3Vyc29y')).toThrow(/cursor/);
  });
});
