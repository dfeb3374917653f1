// Repeatable groups as the master tool edits them (decision 0013): which standard items a resident answers
// once per child, how many times, and the condition raising the minimum. Every change is a new list, so
// the editor's handlers are one call each and the tests follow them without a browser.
import type { RepeatableGroup } from '@portal/contracts';
import { setEnglish } from './editor-state';

/** A change of the group at `i`, made on the list of the moment. */
export type GroupChange = (groups: readonly RepeatableGroup[], i: number) => RepeatableGroup[];
type MinRule = NonNullable<RepeatableGroup['min_rules']>[number];
export type RuleCondition = MinRule['conditions'][number][number];

/** The contract's limits of min and max (a draft outside them is named by the check). */
export const REPEAT_LIMIT = 20;

const at = (
  groups: readonly RepeatableGroup[],
  i: number,
  change: (group: RepeatableGroup) => RepeatableGroup,
) => groups.map((g, j) => (j === i ? change(g) : g));

/** A new group at the end with one item to choose (saving refuses an empty code, name or item). */
export const addGroup = (groups: readonly RepeatableGroup[]): RepeatableGroup[] => [
  ...groups,
  { code: '', name: '', standard_item_codes: [''], min: 1, max: 5 },
];

export const removeGroup = (groups: readonly RepeatableGroup[], i: number): RepeatableGroup[] =>
  groups.filter((_, j) => j !== i);

/** Code, Japanese name, minimum or maximum of a group. */
export const setGroup = (
  groups: readonly RepeatableGroup[],
  i: number,
  patch: Partial<Pick<RepeatableGroup, 'code' | 'name' | 'min' | 'max'>>,
) => at(groups, i, (g) => ({ ...g, ...patch }));

/** The English name (empty removes it: residents then read the Japanese). */
export const setEnglishName = (groups: readonly RepeatableGroup[], i: number, name: string) =>
  at(groups, i, (g) => {
    const next = structuredClone(g);
    setEnglish(next, 'name', name);
    return next;
  });

export const addItem = (groups: readonly RepeatableGroup[], i: number) =>
  at(groups, i, (g) => ({ ...g, standard_item_codes: [...g.standard_item_codes, ''] }));

export const setItem = (groups: readonly RepeatableGroup[], i: number, j: number, code: string) =>
  at(groups, i, (g) => ({
    ...g,
    standard_item_codes: g.standard_item_codes.map((c, k) => (k === j ? code : c)),
  }));

export const removeItem = (groups: readonly RepeatableGroup[], i: number, j: number) =>
  at(groups, i, (g) => ({ ...g, standard_item_codes: g.standard_item_codes.filter((_, k) => k !== j) }));

/**
 * The minimum rule as the form edits it: one rule with one condition ("at least 2 while 単胎・多胎の別 is
 * 多胎"), null when there is none, 'json' when it needs more (several rules, AND or OR).
 */
export function simpleMinRule(
  group: RepeatableGroup,
): { min: number; condition: RuleCondition } | null | 'json' {
  const rules = group.min_rules ?? [];
  if (rules.length === 0) return null;
  const [rule] = rules;
  const condition = rule?.conditions[0]?.[0];
  if (rules.length > 1 || !rule || !condition || rule.conditions.length > 1 || rule.conditions[0]!.length > 1)
    return 'json';
  return { min: rule.min, condition };
}

/** A rule raising the minimum by one while a condition (to choose) holds. */
export const addMinRule = (groups: readonly RepeatableGroup[], i: number) =>
  at(groups, i, (g) => ({
    ...g,
    min_rules: [
      {
        min: Math.min(g.min + 1, REPEAT_LIMIT),
        conditions: [[{ source: '', symbol: 'equal', expected: '' }]],
      },
    ],
  }));

/** No rule: the minimum is always `min` (the field goes, as in configurations made before). */
export const removeMinRule = (groups: readonly RepeatableGroup[], i: number) =>
  at(groups, i, ({ min_rules: _old, ...g }) => g);

/** Changes the single rule's minimum or condition; a rule the form cannot show is left to JSON. */
function editSimple(group: RepeatableGroup, change: (rule: MinRule) => MinRule): RepeatableGroup {
  const rule = group.min_rules?.[0];
  if (simpleMinRule(group) === 'json' || !rule) return group;
  return { ...group, min_rules: [change(rule)] };
}

export const setMinRuleMin = (groups: readonly RepeatableGroup[], i: number, min: number) =>
  at(groups, i, (g) => editSimple(g, (rule) => ({ ...rule, min })));

export const setMinCondition = (
  groups: readonly RepeatableGroup[],
  i: number,
  patch: Partial<RuleCondition>,
) =>
  at(groups, i, (g) =>
    editSimple(g, (rule) => ({ ...rule, conditions: [[{ ...rule.conditions[0]![0]!, ...patch }]] })),
  );

/** All minimum rules as the JSON field holds them; an empty list removes them, anything else is kept. */
export const setMinRules = (groups: readonly RepeatableGroup[], i: number, rules: unknown) =>
  Array.isArray(rules) && rules.length === 0
    ? removeMinRule(groups, i)
    : at(groups, i, (g) => ({ ...g, min_rules: rules as MinRule[] }));
