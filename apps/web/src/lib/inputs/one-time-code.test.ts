import { describe, expect, it } from 'vitest';
import { isCompleteCode, ONE_TIME_CODE_LENGTH, sanitizeCode } from './one-time-code';

describe('one-time code', () => {
  it('is 6 digits long (spec §9)', () => {
    expect(ONE_TIME_CODE_LENGTH).toBe(6);
  });

  it('keeps digits only, full-width ones included, and at most the length', () => {
    expect(sanitizeCode('123456')).toBe('123456');
    expect(sanitizeCode('１２３ ４５６')).toBe('123456');
    expect(sanitizeCode('123-456')).toBe('123456');
    expect(sanitizeCode('12a3b')).toBe('123');
    expect(sanitizeCode('12345678')).toBe('123456');
    expect(sanitizeCode('')).toBe('');
    expect(sanitizeCode('abc')).toBe('');
    expect(sanitizeCode('1234', 4)).toBe('1234');
  });

  it('is complete with exactly the length in digits', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
    expect(isCompleteCode('1234', 4)).toBe(true);
  });
});
