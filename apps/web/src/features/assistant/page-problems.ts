// The problems of an assistant page in the resident's words: unanswered questions, and each answer as the
// rules check it (`itemProblem` of @portal/rules, the server's own check), keyed by what they point at.
import type { StandardItem } from '@portal/contracts';
import type { TFunction } from 'i18next';
import type { useLocalized } from '../../lib/i18n/localized';
import { checkAnswer } from '../../lib/items/item-problems';
import { formCodes, plainItem, type AssistantPage, type Items } from './assistant';

type Field = ReturnType<typeof useLocalized>['field'];

/** A copy of `record` without `key`. */
export function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const rest = { ...record };
  delete rest[key];
  return rest;
}

/**
 * `concierge-<id>` for an unanswered question, the item code for an answer the rules refuse; `onRecord`:
 * the characters of names on record a person's name may hold (FormValues' name_characters_on_record).
 */
export function pageProblems(
  page: AssistantPage,
  items: Items,
  catalog: ReadonlyMap<string, StandardItem>,
  t: TFunction,
  field: Field,
  onRecord: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of page.questions) {
    if (q.concierge.type === 'QT' && q.options.length > 0 && q.selected === undefined) {
      out[`concierge-${q.concierge.id}`] = t('applicantFlow.assistant.answerThis');
    }
  }
  const names = new Set(page.questions.flatMap((q) => q.concierge.requires_name_validation));
  for (const code of formCodes(page)) {
    const item = catalog.get(code) ?? plainItem(code);
    const found = checkAnswer(item, items[code], item.required, names.has(code) ? onRecord : undefined);
    if (found) {
      out[code] = t(`applicantFlow.item.${found.key}`, {
        name: field(item, 'name').text,
        count: found.values?.count,
        characters: found.values?.characters,
      });
    }
  }
  return out;
}

/** The server's field problems in the app's own words: the item's check text, named. */
export function serverProblems(
  fields: readonly string[],
  catalog: ReadonlyMap<string, StandardItem>,
  t: TFunction,
  field: Field,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fields) {
    const code = name.split('.')[0] ?? name;
    const item = catalog.get(code);
    out[code] = item
      ? t('applicantFlow.item.invalid', { name: field(item, 'name').text })
      : t('errors.field');
  }
  return out;
}
