import { describe, expect, it } from 'vitest';
import { sameText } from './same-text.js';

describe('sameText', () => {
  it('is true for equal texts only, whatever their length or characters', () => {
    expect(sameText('abc', 'abc')).toBe(true);
    expect(sameText('', '')).toBe(true);
    expect(sameText('東京', '東京')).toBe(true);
    expect(sameText('abc', 'abd')).toBe(false);
    expect(sameText('abc', 'abcd')).toBe(false);
    expect(sameText('abcd', 'abc')).toBe(false);
    expect(sameText('', 'a')).toBe(false);
    // Same number of characters, different bytes.
    expect(sameText('é', 'e')).toBe(false);
  });
});
