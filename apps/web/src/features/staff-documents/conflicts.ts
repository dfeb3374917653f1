// Two staff on one document (decision 0034): a write from a screen older than the document is refused
// (409 `conflict` without a field); these decide what the screen does with the clerk's input then.
import { isApiError } from '../../lib/api';
import { sameValue, type Value } from './answers';

/** Whether a write was refused because the document changed after the screen read it. */
export function isStale(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === 'conflict' && !error.problems[0]?.field;
}

/** The memo and its mark as a screen read them, or as the clerk typed them. */
export interface MemoState {
  municipality_memos: string | null;
  is_confirmed: boolean;
}

const text = (m: MemoState) => m.municipality_memos ?? '';

/**
 * After a stale memo save: `resend` when the memo is still what the clerk's screen read (only another
 * part of the document changed, e.g. its status), `conflict` when someone saved another memo meanwhile.
 */
export function memoOutcome(base: MemoState, current: MemoState): 'resend' | 'conflict' {
  return text(base) === text(current) && base.is_confirmed === current.is_confirmed ? 'resend' : 'conflict';
}

/** Both memos in one text, the one saved now first; one of them alone when the other is blank or within it. */
export function bothMemos(current: string | null, mine: string): string {
  const [saved, typed] = [(current ?? '').trimEnd(), mine.trim()];
  if (typed === '' || saved.includes(typed)) return saved;
  if (saved === '') return typed;
  return `${saved}\n${typed}`;
}

/** An item both the clerk and someone else changed from what the clerk's screen read. */
export interface Clash {
  key: string;
  current: Value;
  mine: Value;
}

/**
 * The clerk's edit carried onto the document as it is now: an item the clerk left as read takes its
 * value now; an item the clerk changed keeps the clerk's value, and is a clash when someone else changed
 * it to something else meanwhile.
 */
export function rebaseAnswers(
  base: Readonly<Record<string, Value>>,
  mine: Readonly<Record<string, Value>>,
  current: Readonly<Record<string, Value>>,
): { values: Record<string, Value>; clashes: Clash[] } {
  const values: Record<string, Value> = {};
  const clashes: Clash[] = [];
  for (const key of Object.keys(mine)) {
    const [was, typed, now] = [base[key] ?? null, mine[key] ?? null, current[key] ?? null];
    if (sameValue(typed, was)) {
      values[key] = now;
      continue;
    }
    values[key] = typed;
    if (!sameValue(now, was) && !sameValue(now, typed)) clashes.push({ key, current: now, mine: typed });
  }
  return { values, clashes };
}
