import type { RepeatableGroup, StandardItemFragmentValue } from '@portal/contracts';
import { isBlank } from './answers.js';

/** One place of a stored document's answers: an item's repetition (decision 0013). */
export interface AnswerSlot {
  code: string;
  sequence: number;
  /** The repeatable group the item repeats with (null: an item asked once). */
  group: RepeatableGroup | null;
  /** The label says which repetition this is: the group was answered more than once (or stray data). */
  numbered: boolean;
}

type Stored = Pick<StandardItemFragmentValue, 'standard_item_code' | 'sequence' | 'value'>;

/** Repetitions of each group a document holds: the highest sequence with an answer of any of its items. */
export function repetitionCounts(
  groups: readonly RepeatableGroup[],
  values: readonly Stored[],
): Map<string, number> {
  const counts = new Map(groups.map((g) => [g.code, 1]));
  for (const v of values) {
    if (isBlank(v.value)) continue;
    const g = groups.find((x) => x.standard_item_codes.includes(v.standard_item_code));
    if (g && v.sequence > (counts.get(g.code) ?? 1)) counts.set(g.code, v.sequence);
  }
  return counts;
}

/**
 * The order one section's answers are read in (staff detail, printed form): each item's first answer in
 * item order; after the section's last item of a repeatable group, that group's later repetitions, each
 * repetition's items together (the second child's, then the third's). An item asked once that still has a
 * later sequence stored keeps it right after its first, so no stored answer goes unseen.
 */
export function answerSlots(
  codes: readonly string[],
  groups: readonly RepeatableGroup[],
  values: readonly Stored[],
): AnswerSlot[] {
  const counts = repetitionCounts(groups, values);
  const groupOfCode = (code: string) => groups.find((g) => g.standard_item_codes.includes(code)) ?? null;
  const slots: AnswerSlot[] = [];
  codes.forEach((code, i) => {
    const group = groupOfCode(code);
    if (!group) {
      const later = [
        ...new Set(
          values.filter((v) => v.standard_item_code === code && v.sequence > 1).map((v) => v.sequence),
        ),
      ].sort((a, b) => a - b);
      slots.push({ code, sequence: 1, group: null, numbered: later.length > 0 });
      for (const sequence of later) slots.push({ code, sequence, group: null, numbered: true });
      return;
    }
    const count = counts.get(group.code) ?? 1;
    slots.push({ code, sequence: 1, group, numbered: count > 1 });
    // Only at the group's last item in this section: the later repetitions of its items here.
    if (codes.slice(i + 1).some((c) => group.standard_item_codes.includes(c))) return;
    const own = codes.filter((c) => group.standard_item_codes.includes(c));
    for (let sequence = 2; sequence <= count; sequence++)
      for (const c of own) slots.push({ code: c, sequence, group, numbered: true });
  });
  return slots;
}
