import type { RepeatableGroup } from '@portal/contracts';
import { isBlank, readItem, type Answers } from './answers.js';
import type { Answer } from './compare.js';
import { compileHiddenRules, hiddenState, type CompiledHiding } from './form-rules.js';

/**
 * Repeatable groups (decision 0013): a block of items asked once per child. Semantics:
 *
 * - The first repetition is the plain answer of each item (sequence 1); repetitions 2, 3, ... are kept in
 *   `Answers.repeats` by sequence.
 * - The group is asked `count` times: the highest repetition with any non-blank answer, at least the
 *   minimum. The minimum is `min`, raised by each `min_rules` entry whose conditions (an OR of AND-lists
 *   on the first repetition's answers, like hidden rules) hold.
 * - A later repetition is evaluated with its own answers in place of the group's items and every other
 *   answer as it is, so hidden and prefill rules read "this child" and the shared answers (the notifier).
 */
export interface CompiledRepeatGroup {
  group: RepeatableGroup;
  codes: ReadonlySet<string>;
  minRules: readonly { min: number; when: CompiledHiding }[];
}

export function compileRepeatGroups(groups: readonly RepeatableGroup[] = []): CompiledRepeatGroup[] {
  return groups.map((group) => ({
    group,
    codes: new Set(group.standard_item_codes),
    minRules: (group.min_rules ?? []).map((rule) => ({
      min: rule.min,
      when: compileHiddenRules([{ target: group.code, conditions: rule.conditions }]).get(group.code) ?? [],
    })),
  }));
}

/** The minimum number of repetitions the answers ask for. */
export function repeatMin(g: CompiledRepeatGroup, items: Answers['items']): number {
  let min = g.group.min;
  for (const rule of g.minRules) if (hiddenState(rule.when, items).hidden) min = Math.max(min, rule.min);
  return min;
}

/** The highest sequence holding a non-blank answer of the group (1 when only the first does, or none). */
export function answeredRepetitions(g: CompiledRepeatGroup, repeats: Answers['repeats']): number {
  let highest = 1;
  for (const [key, items] of Object.entries(repeats ?? {})) {
    const sequence = Number(key);
    if (sequence <= highest) continue;
    if ([...g.codes].some((code) => !isBlank(readItem(items, code)))) highest = sequence;
  }
  return highest;
}

/** The answers as repetition `sequence` reads them: its own values in place of the group's items. */
export function repetitionItems(
  g: CompiledRepeatGroup,
  items: Answers['items'],
  repeats: Answers['repeats'],
  sequence: number,
): Record<string, Answer> {
  if (sequence === 1) return { ...items };
  const own = repeats?.[sequence] ?? {};
  const out: Record<string, Answer> = {};
  for (const [code, value] of Object.entries(items)) if (!g.codes.has(code)) out[code] = value;
  for (const code of g.codes) {
    const value = readItem(own, code);
    if (value !== undefined) out[code] = value;
  }
  return out;
}

/** The group an item repeats with, if any. */
export const groupOf = (groups: readonly CompiledRepeatGroup[], code: string) =>
  groups.find((g) => g.codes.has(code));
