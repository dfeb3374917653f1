// The answers that differ from what the card or the registry holds (issue 32), for the clerk: the rules'
// `answerMismatches` over the form state the resident's form values are made from (formStateOf), so the
// staff detail, the staff PDF and the export flag exactly what the resident's review flagged.
import type { PrefillSource, StandardItem } from '@portal/contracts';
import { answerMismatches, storedFormState, type AnswerContext, type AnswerMismatch } from '@portal/rules';
import { rulesOf } from '../configuration/published-rules.js';
import type { PublishedGroup } from '../configuration/published-configuration.js';

export type { AnswerMismatch };

/** Flags by answerKey (`code#sequence`); empty when the portal knows nothing verified of the resident. */
export function mismatchesOf(group: PublishedGroup, context: AnswerContext): Map<string, AnswerMismatch> {
  if (!context.profile) return new Map();
  return answerMismatches(storedFormState(rulesOf(group), context).items, context.stored);
}

/** A source as the staff PDF and the export name it (the words of the staff screens). */
export const SOURCE_NAMES: Record<PrefillSource, string> = {
  identity: 'マイナンバーカード',
  registry: '住民記録',
  public_account: '公金受取口座',
  mynaportal: 'マイナポータル',
  answer: '回答',
};

/**
 * The names of the flagged items in the order of `codes` (the procedure's), joined with 、: 生年月日、住所;
 * a later repetition with its number, as the export's headers name it: 子の名（2）.
 */
export function mismatchNames(
  flags: ReadonlyMap<string, AnswerMismatch>,
  codes: readonly string[],
  items: ReadonlyMap<string, Pick<StandardItem, 'name'>>,
): string {
  if (flags.size === 0) return '';
  const order = new Map(codes.map((code, i) => [code, i]));
  return [...flags.keys()]
    .map((key) => {
      const [code = key, sequence = '1'] = key.split('#');
      return { code, sequence: Number(sequence) };
    })
    .filter((f) => order.has(f.code))
    .sort((a, b) => order.get(a.code)! - order.get(b.code)! || a.sequence - b.sequence)
    .map((f) => {
      const name = items.get(f.code)?.name ?? f.code;
      return f.sequence > 1 ? `${name}（${f.sequence}）` : name;
    })
    .join('、');
}
