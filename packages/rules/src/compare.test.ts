import { describe, expect, it } from 'vitest';
import { compare } from './compare.js';

describe('compare', () => {
  it('treats the empty symbol as "has an answer"', () => {
    expect(compare('', 'x', '')).toBe(true);
    expect(compare('', '', '')).toBe(false);
    expect(compare('', [], '')).toBe(false);
    expect(compare('', null, '')).toBe(false);
  });

  it('compares text for equal, and choice lists by membership', () => {
    expect(compare('equal', 'はい', 'はい')).toBe(true);
    expect(compare('equal', 'いいえ', 'はい')).toBe(false);
    expect(compare('equal', ['a', 'b'], 'b')).toBe(true);
  });

  it('compares numbers and ISO dates for above and below', () => {
    expect(compare('above', '15', '3')).toBe(true);
    expect(compare('below', '2', '10')).toBe(true);
    expect(compare('above', '2026-01-02', '2026-01-01')).toBe(true);
    expect(compare('below', '2026-01-02', '2026-01-01')).toBe(false);
  });

  it('never lets a blank or non-numeric answer satisfy a comparison', () => {
    expect(compare('above', '', '0')).toBe(false);
    expect(compare('below', 'abc', '10')).toBe(false);
    expect(compare('above', '5', 'abc')).toBe(false);
    expect(compare('equal', undefined, '')).toBe(false);
  });
});
