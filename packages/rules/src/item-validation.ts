import type { StandardItem } from '@portal/contracts';
import type { Answer } from './compare.js';

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

const formats: Partial<Record<StandardItem['type'], (v: string) => string | null>> = {
  kana: (v) => (KANA.test(v) ? null : 'enter in full-width katakana'),
  number: (v) => (/^-?\d+(\.\d+)?$/.test(v) ? null : 'enter a number'),
  date: (v) => (isRealDate(v) ? null : 'enter a real date (YYYY-MM-DD)'),
  time: (v) => (/^([01]\d|2[0-3]):[0-5]\d$/.test(v) ? null : 'enter a time (HH:MM)'),
  postal_code: (v) => (/^\d{7}$/.test(v) ? null : 'enter 7 digits'),
  phone: (v) => (/^0\d{9,10}$/.test(v) ? null : 'enter 10 or 11 digits starting with 0'),
  email: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) && v.length <= 254 ? null : 'enter an email address'),
};

/**
 * Checks one answer against its standard item definition (required, type, length, pattern, choices,
 * dates, kana readings). Returns the problem, or null. Blank answers pass unless the item is required.
 */
export function validateItem(
  item: StandardItem,
  answer: Answer,
  options: { required?: boolean } = {},
): string | null {
  const required = options.required ?? item.required;
  const blank =
    answer === null ||
    answer === undefined ||
    answer === '' ||
    (Array.isArray(answer) && answer.length === 0);
  if (blank) return required ? 'required' : null;
  const choices = new Set(item.choices.map((c) => c.value));
  if (item.type === 'checkbox') {
    const list = Array.isArray(answer) ? answer : [answer as string];
    const unknown = list.find((v) => !choices.has(v));
    return unknown === undefined ? null : `"${unknown}" is not one of the choices`;
  }
  if (Array.isArray(answer)) return 'expected one value';
  const value = answer as string;
  if ((item.type === 'select' || item.type === 'radio') && !choices.has(value)) {
    return `"${value}" is not one of the choices`;
  }
  const format = formats[item.type]?.(value);
  if (format) return format;
  if (item.min_length !== null && length(value) < item.min_length)
    return `at least ${item.min_length} characters`;
  if (item.max_length !== null && length(value) > item.max_length)
    return `at most ${item.max_length} characters`;
  if (item.type !== 'textarea' && hasControl(value)) return 'control characters are not allowed';
  if (item.pattern !== null && !new RegExp(`^(?:${item.pattern})$`, 'u').test(value))
    return 'does not match the expected format';
  return null;
}
