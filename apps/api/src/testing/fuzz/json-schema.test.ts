import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fitted, jsonSchemaOf, validOf } from './json-schema.js';

const hints = { uuids: [] };

describe('strings with a pattern', () => {
  it('draws long-enough strings for `+` with a minimum at once (a filter used to spin for ever)', () => {
    const token = jsonSchemaOf(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]+$/)
        .min(20)
        .max(200),
    );
    const drawn = fc.sample(validOf(token, hints), 200) as string[];
    expect(drawn.every((v) => /^[A-Za-z0-9_-]{20,200}$/.test(v))).toBe(true);
  });

  it('brings a value within the lengths by repeating or cutting', () => {
    expect(fitted('ab', 5)).toBe('ababab');
    expect(fitted('ab', 5, 5)).toBe('ababa');
    expect(fitted('abcdef', 0, 4)).toBe('abcd');
    expect(fitted('abc', 2, 10)).toBe('abc');
    expect(fitted('', 3)).toBe('');
  });
});
