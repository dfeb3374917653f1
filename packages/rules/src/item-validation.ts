import type { StandardItem } from '@portal/contracts';
import type { Answer } from './compare.js';
import { disallowedNameCharacters } from './person-names/name-characters.js';

const KANA = /^[\u30A1-\u30FA\u30FC\u30FB\u3000 ]+$/u;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const length = (s: string) => [...s].length;

const hasControl = (s: string) =>
  [...s].some((ch) => {
    const c = ch.codePointAt(0) ?? 0;
    return c < 0x20 || c === 0x7f;
  });

/** Why an answer is not accepted, by kind; `validateItem` words it, screens translate it by `key`. */
export type ItemProblem =
  | { key: 'required' | 'kana' | 'number' | 'date' | 'time' | 'postalCode' | 'phone' | 'email' }
  | { key: 'choice'; value: string }
  | { key: 'oneValue' | 'control' | 'pattern' }
  | { key: 'minLength' | 'maxLength'; count: number }
  | { key: 'nameCharacters'; characters: string[] };

/**
 * How `itemProblem` checks an answer: `required` overrides the item's own flag; `name` makes it a person's
 * name (an item of a concierge's `requires_name_validation`), whose characters must be those a name may
 * hold or characters of names on record for the resident (`nameCharactersOnRecord`).
 */
export interface ItemCheck {
  required?: boolean;
  name?: { registered: ReadonlySet<string> } | undefined;
}

const formats: Partial<Record<StandardItem['type'], (v: string) => ItemProblem | null>> = {
  kana: (v) => (KANA.test(v) ? null : { key: 'kana' }),
  number: (v) => (/^-?\d+(\.\d+)?$/.test(v) ? null : { key: 'number' }),
  date: (v) => (isRealDate(v) ? null : { key: 'date' }),
  time: (v) => (/^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? null : { key: 'time' }),
  postal_code: (v) => (/^\d{7}$/.test(v) ? null : { key: 'postalCode' }),
  phone: (v) => (/^0\d{9,10}$/.test(v) ? null : { key: 'phone' }),
  email: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) && v.length <= 254 ? null : { key: 'email' }),
};

/**
 * Checks one answer against its standard item definition (required, type, length, pattern, choices,
 * dates, kana readings). Returns the problem, or null. Blank answers pass unless the item is required.
 * The one check of an answer: the server (through `validateItem`) and every screen of the browser.
 */
export function itemProblem(item: StandardItem, answer: Answer, options: ItemCheck = {}): ItemProblem | null {
  const required = options.required ?? item.required;
  const blank =
    answer === null ||
    answer === undefined ||
    answer === '' ||
    (Array.isArray(answer) && answer.length === 0);
  if (blank) return required ? { key: 'required' } : null;
  const choices = new Set(item.choices.map((c) => c.value));
  if (item.type === 'checkbox') {
    const list = Array.isArray(answer) ? answer : [answer as string];
    const unknown = list.find((v) => !choices.has(v));
    return unknown === undefined ? null : { key: 'choice', value: unknown };
  }
  if (Array.isArray(answer)) return { key: 'oneValue' };
  const value = answer as string;
  if ((item.type === 'select' || item.type === 'radio') && !choices.has(value)) {
    return { key: 'choice', value };
  }
  const format = formats[item.type]?.(value);
  if (format) return format;
  if (item.min_length !== null && length(value) < item.min_length)
    return { key: 'minLength', count: item.min_length };
  if (item.max_length !== null && length(value) > item.max_length)
    return { key: 'maxLength', count: item.max_length };
  if (item.type !== 'textarea' && hasControl(value)) return { key: 'control' };
  if (item.pattern !== null && !new RegExp(`^(?:${item.pattern})$`, 'u').test(value))
    return { key: 'pattern' };
  if (options.name) {
    const characters = disallowedNameCharacters(value, options.name.registered);
    if (characters.length > 0) return { key: 'nameCharacters', characters };
  }
  return null;
}

/** A problem in the words the API's error bodies use. */
export function itemProblemText(problem: ItemProblem): string {
  switch (problem.key) {
    case 'required':
      return 'required';
    case 'kana':
      return 'enter in full-width katakana';
    case 'number':
      return 'enter a number';
    case 'date':
      return 'enter a real date (YYYY-MM-DD)';
    case 'time':
      return 'enter a time (HH:MM)';
    case 'postalCode':
      return 'enter 7 digits';
    case 'phone':
      return 'enter 10 or 11 digits starting with 0';
    case 'email':
      return 'enter an email address';
    case 'choice':
      return `"${problem.value}" is not one of the choices`;
    case 'oneValue':
      return 'expected one value';
    case 'control':
      return 'control characters are not allowed';
    case 'pattern':
      return 'does not match the expected format';
    case 'minLength':
      return `at least ${problem.count} characters`;
    case 'maxLength':
      return `at most ${problem.count} characters`;
    case 'nameCharacters':
      return `cannot be used in a name: ${problem.characters.join(' ')}`;
  }
}

/** `itemProblem` in words (the server's field errors): the problem's text, or null. */
export function validateItem(item: StandardItem, answer: Answer, options: ItemCheck = {}): string | null {
  const problem = itemProblem(item, answer, options);
  return problem === null ? null : itemProblemText(problem);
}
