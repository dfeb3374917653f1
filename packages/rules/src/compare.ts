import type { RuleSymbol } from '@portal/contracts';

/** An answer as the rules see it: text, several choices, or nothing yet. */
export type Answer = string | string[] | null | undefined;

const isBlank = (a: Answer) =>
  a === null || a === undefined || a === '' || (Array.isArray(a) && a.length === 0);

/**
 * Compares an answer with an expected value. `''` holds when there is any answer; `equal` compares text
 * (a choice list holds when it contains the value); `above` and `below` compare numbers, or ISO dates
 * when both sides are dates. A blank answer never satisfies a comparison.
 */
export function compare(symbol: RuleSymbol, answer: Answer, expected: string): boolean {
  if (symbol === '') return !isBlank(answer);
  if (isBlank(answer)) return false;
  if (Array.isArray(answer)) return answer.some((a) => compare(symbol, a, expected));
  const actual = answer as string;
  if (symbol === 'equal') return actual === expected;
  const dates = /^\d{4}-\d{2}-\d{2}$/;
  if (dates.test(actual) && dates.test(expected))
    return symbol === 'above' ? actual > expected : actual < expected;
  const a = Number(actual);
  const e = Number(expected);
  if (!Number.isFinite(a) || !Number.isFinite(e) || actual.trim() === '' || expected.trim() === '')
    return false;
  return symbol === 'above' ? a > e : a < e;
}
