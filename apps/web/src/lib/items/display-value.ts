// How an answer reads back, the same on every screen: choice labels in the page's language, lists joined,
// dates as 2026年11月20日, postal codes as 〒999-9999, the unit after a number (ux-writing).
import type { StandardItem } from '@portal/contracts';
import type { Answer } from '@portal/rules';
import type { Language } from '../i18n';
import { localized, localizedField } from '../i18n/localized';

/** The text of an answer for reading back: choice labels for choices, the value otherwise. */
export function displayValue(
  item: Pick<StandardItem, 'type' | 'choices' | 'suffix' | 'en'> | null,
  value: Answer,
  language: Language = 'ja',
): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return '';
  const label = (v: string) => {
    const choice = item?.choices.find((c) => c.value === v);
    return choice ? localizedField(choice, 'label', language).text : v;
  };
  if (Array.isArray(value)) return value.map(label).join(language === 'ja' ? '、' : ', ');
  if (!item) return value;
  if (item.type === 'select' || item.type === 'radio' || item.type === 'checkbox') return label(value);
  if (item.type === 'postal_code' && /^\d{7}$/.test(value)) return `〒${value.slice(0, 3)}-${value.slice(3)}`;
  if (item.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return answerDate(value, language);
  const suffix = item.suffix ? localized(item.suffix, item.en?.suffix, language).text : '';
  return suffix ? `${value} ${suffix}` : value;
}

/** A date as answers are read back: 2026年11月20日, 20 November 2026 (ux-writing). */
export function answerDate(iso: string, language: Language): string {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  if (language === 'ja') return `${y}年${m}月${d}日`;
  const format = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.format(Date.UTC(y, m - 1, d));
}

/**
 * Whether an answer is a number read as one (郵便番号, 電話番号, 口座番号, コード, a number with its unit):
 * the screen keeps it on one line, never broken across two (ux-writing).
 */
export function keepsTogether(item: Pick<StandardItem, 'type' | 'pattern'> | null): boolean {
  if (!item) return false;
  if (['postal_code', 'phone', 'number', 'date', 'time'].includes(item.type)) return true;
  return item.type === 'text' && item.pattern !== null && /^[[\]0-9{},|+*-]+$/.test(item.pattern);
}
