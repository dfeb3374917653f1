import type { StandardItemFragmentValue } from '@portal/contracts';
import type { Answer } from './compare.js';

/**
 * What the resident has answered so far, as the rules read it.
 *
 * - `optionIds`: the concierge options chosen (filter and assistant alike; order does not matter, a
 *   repeated id counts once).
 * - `items`: the answer of each standard item, keyed by standard item code: its first occurrence
 *   (sequence 1), which is what rules read.
 * - `repeats`: the later repetitions of repeatable groups (decision 0013), by sequence (2, 3, ...), each
 *   keyed by item code. {@link answersFromValues} builds both from stored fragment values.
 */
export interface Answers {
  optionIds: readonly number[];
  items: Readonly<Record<string, Answer>>;
  repeats?: Readonly<Record<number, Readonly<Record<string, Answer>>>>;
}

/** What the rules need to know about the world: `today` (ISO date, YYYY-MM-DD) is the date `age()` uses. */
export interface RuleContext {
  today: string;
}

/**
 * Identity or self-information claims of the signed-in resident, named without the `profile.` prefix
 * (`last_name`, `birth_date`, ...). Only text values are used; anything else counts as missing.
 */
export type Profile = Readonly<Record<string, unknown>>;

/** True when an answer is missing, empty text or an empty choice list. */
export const isBlank = (a: Answer): boolean =>
  a === null || a === undefined || a === '' || (Array.isArray(a) && a.length === 0);

// Width and spacing differences (１ and 1, two spaces) are not differences a resident made.
const clean = (text: string) => text.normalize('NFKC').trim().replace(/\s+/g, ' ');

/** An answer as comparable texts: one per chosen value, sorted (checkbox order does not matter). */
function comparable(a: Answer): string[] {
  if (isBlank(a)) return [];
  const list = Array.isArray(a) ? a : [a as string];
  return list
    .map(clean)
    .filter((v) => v !== '')
    .sort();
}

/** Whether two answers say the same (a checkbox list of one equals that one value). */
export function sameAnswer(a: Answer, b: Answer): boolean {
  const x = comparable(a);
  const y = comparable(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

/** Whether an answer says nothing once spaces are dropped. */
export const blankAfterCleaning = (a: Answer): boolean => comparable(a).length === 0;

/**
 * Reads one item answer. Only own properties holding text or a list of text count, so a code such as
 * `constructor` can never read something from the object prototype.
 */
export function readItem(items: Readonly<Record<string, Answer>>, code: string): Answer {
  if (!Object.hasOwn(items, code)) return undefined;
  const value: unknown = items[code];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  return undefined;
}

/** Builds {@link Answers} from stored fragment values: sequence 1 as `items`, the rest as `repeats`. */
export function answersFromValues(
  optionIds: readonly number[],
  values: readonly Pick<StandardItemFragmentValue, 'standard_item_code' | 'sequence' | 'value'>[],
): Answers {
  const items: Record<string, Answer> = {};
  const repeats: Record<number, Record<string, Answer>> = {};
  for (const v of values) {
    const sequence = v.sequence ?? 1;
    if (sequence === 1) items[v.standard_item_code] = v.value;
    else (repeats[sequence] ??= {})[v.standard_item_code] = v.value;
  }
  return { optionIds, items, repeats };
}

const ISO_DATE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * Whole years from the ISO date `from` to the ISO date `to` (the age on `to` of someone born on `from`;
 * negative when `from` is later). Undefined when either side is not an ISO date. A birthday on 29 February
 * counts from 1 March in common years.
 */
export function wholeYears(from: string, to: string): number | undefined {
  const a = ISO_DATE.exec(from);
  const b = ISO_DATE.exec(to);
  if (!a || !b) return undefined;
  const years = Number(b[1]) - Number(a[1]);
  const birthdayPassed = `${b[2]}${b[3]}` >= `${a[2]}${a[3]}`;
  if (years > 0) return birthdayPassed ? years : years - 1;
  if (years < 0) return birthdayPassed ? years + 1 : years;
  return 0;
}

/** Throws a RangeError unless `ctx.today` is an ISO date: a wrong clock must not silently hide questions. */
export function assertContext(ctx: RuleContext): void {
  if (!ctx || typeof ctx.today !== 'string' || !ISO_DATE.test(ctx.today)) {
    throw new RangeError(`rule context "today" must be an ISO date (YYYY-MM-DD), got ${String(ctx?.today)}`);
  }
}
