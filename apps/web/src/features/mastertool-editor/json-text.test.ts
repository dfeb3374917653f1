import { describe, expect, it } from 'vitest';
import { lineOfPath, placeOf, syntaxProblem } from './json-text';

const text = JSON.stringify(
  [
    { code: 'a', label: 'A' },
    { code: 'b', options: [{ value: '1' }, { value: '2' }] },
  ],
  null,
  2,
);

describe('placeOf', () => {
  it('counts lines and columns from 1', () => {
    expect(placeOf('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(placeOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});

describe('syntaxProblem', () => {
  it('is null for JSON', () => {
    expect(syntaxProblem(text)).toBeNull();
    expect(syntaxProblem('[]')).toBeNull();
  });

  it('names a missing comma at its line', () => {
    expect(syntaxProblem('[\n  {"a": 1}\n  {"b": 2}\n]')).toMatchObject({ line: 3, code: 'CommaExpected' });
  });

  it('refuses what JSON.parse refuses: trailing commas, comments, empty text', () => {
    expect(syntaxProblem('[1,]')).not.toBeNull();
    expect(syntaxProblem('// note\n[]')).not.toBeNull();
    expect(syntaxProblem('')).not.toBeNull();
    expect(syntaxProblem('{"a": 1')).toMatchObject({ line: 1, code: 'CloseBraceExpected' });
  });

  it('words an unexpected code as other', () => {
    expect(syntaxProblem('["\\u12"]')?.code).toBe('other');
  });
});

describe('lineOfPath', () => {
  const lines = text.split('\n');
  const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;

  it('finds a property by its key line', () => {
    expect(lineOfPath(text, [1, 'code'])).toBe(lineOf('"code": "b"'));
    expect(lineOfPath(text, [1, 'options', 1, 'value'])).toBe(lineOf('"value": "2"'));
  });

  it('places a missing key at the object that lacks it', () => {
    expect(lineOfPath(text, [0, 'options'])).toBe(lineOf('"code": "a"') - 1);
  });

  it('is null for text that is not JSON', () => {
    expect(lineOfPath('', [0])).toBeNull();
  });
});
