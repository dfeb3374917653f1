// The rules tab's other lists as the master tool edits them: copy rules (「同上」), hidden rules of items
// and of procedures, and prefill forms (a chosen option fills an item). Conditions are "any of these
// groups, each holding when all its conditions hold" (the contract's OR of AND-lists). Every change is a
// new list, so the editors' handlers are one call each and the tests follow them without a browser.
import type { ConciergeRule, RuleSymbol } from '@portal/contracts';
import type { Language } from '../../lib/i18n';
import { localizedField } from '../../lib/i18n/localized';
import { categoriesOf, type Config } from './editor-state';

export type CopyForm = ConciergeRule['form_rule']['copy_forms'][number];
export type HiddenRule = ConciergeRule['form_rule']['hidden_rules'][number];
export type PrefillForm = ConciergeRule['prefill_form_rule']['prefill_forms'][number];
export type Condition = HiddenRule['conditions'][number][number];
/** Any of the groups holds (OR) when all conditions of that group hold (AND). */
export type Conditions = Condition[][];

const blank = (): Condition => ({ source: '', symbol: 'equal', expected: '' });

// --- Conditions ---------------------------------------------------------------------------------------

/** Adds a condition to group `j`; `j` past the last group starts a new group (「または」). */
export function addCondition(ors: Conditions, j: number): Conditions {
  if (j >= ors.length) return [...ors, [blank()]];
  return ors.map((and, m) => (m === j ? [...and, blank()] : and));
}

/** Removes condition `k` of group `j`; a group left empty goes (the contract has no empty group). */
export function removeCondition(ors: Conditions, j: number, k: number): Conditions {
  return ors.map((and, m) => (m === j ? and.filter((_, n) => n !== k) : and)).filter((and) => and.length > 0);
}

export function setCondition(ors: Conditions, j: number, k: number, patch: Partial<Condition>): Conditions {
  return ors.map((and, m) => (m === j ? and.map((c, n) => (n === k ? { ...c, ...patch } : c)) : and));
}

// --- Rows of a list -------------------------------------------------------------------------------------

/** A change of the row at `i`, made on the list of the moment (the RowList's `ListChange`). */
export const at = <T>(list: readonly T[], i: number, change: (row: T) => T): T[] =>
  list.map((r, j) => (j === i ? change(r) : r));

export const removeRow = <T>(list: readonly T[], i: number): T[] => list.filter((_, j) => j !== i);

/** Swaps row `i` with its neighbour `i + by` (nothing past either end). */
export function moveRow<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (i < 0 || j < 0 || i >= list.length || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j] as T, next[i] as T];
  return next;
}

/** A new copy rule: the operator picks both items; it copies always until a condition is added. */
export const addCopy = (list: readonly CopyForm[]): CopyForm[] => [...list, { source: '', target: '' }];

/** A copy rule's conditions: none (an empty list) drops the field, as in the contract's examples. */
export function setCopyConditions(rule: CopyForm, ors: Conditions): CopyForm {
  const { conditions: _old, ...rest } = rule;
  return ors.length === 0 ? rest : { ...rest, conditions: ors };
}

/** A new hidden rule comes with one condition to fill: a hidden rule without one is refused. */
export const addHidden = (list: readonly HiddenRule[]): HiddenRule[] => [
  ...list,
  { target: '', conditions: [[blank()]] },
];

/** A new prefill form: the option, the item and the value it fills. */
export const addPrefillForm = (list: readonly PrefillForm[]): PrefillForm[] => [
  ...list,
  { source: '', target: '', expected: '' },
];

// --- Shapes the typed editors can show --------------------------------------------------------------------

const SYMBOLS: readonly string[] = ['equal', 'above', 'below', ''] satisfies RuleSymbol[];
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: Record<string, unknown>, keys: readonly string[]) =>
  keys.every((k) => typeof v[k] === 'string');
const isCondition = (v: unknown) =>
  isRecord(v) && strings(v, ['source', 'expected']) && SYMBOLS.includes(v.symbol as string);
const isConditions = (v: unknown) =>
  Array.isArray(v) && v.every((and) => Array.isArray(and) && and.every(isCondition));

/**
 * Whether the rows edited in JSON can be shown by the typed editor (values may still be empty or name
 * nothing: the check says so at the field). Anything else stays in JSON until it is fixed there.
 */
export function fitsTyped(kind: 'copy' | 'hidden' | 'prefill' | 'prefillForm', value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  return value.every((row) => {
    if (!isRecord(row)) return false;
    if (kind === 'copy')
      return (
        strings(row, ['source', 'target']) && (row.conditions === undefined || isConditions(row.conditions))
      );
    if (kind === 'hidden') return strings(row, ['target']) && isConditions(row.conditions);
    if (kind === 'prefill')
      return (
        strings(row, ['source', 'target']) &&
        (row.conditions === undefined || isConditions(row.conditions)) &&
        [row.verify, row.locked].every((flag) => flag === undefined || typeof flag === 'boolean')
      );
    return strings(row, ['source', 'target', 'expected']);
  });
}

// --- What the pickers offer -------------------------------------------------------------------------------

/** A concierge option a prefill form may name: its id as the rule writes it, its question and its label. */
export interface OptionChoice {
  /** The option's id as text (`prefill_forms[].source`). */
  id: string;
  question: string;
  label: string;
}

/** Every option of the set's questions, question by question as the editor lists them, in `language`. */
export function optionChoices(config: Config, language: Language): OptionChoice[] {
  const bySequence = <T extends { sequence: number }>(list: readonly T[]) =>
    [...list].sort((a, b) => a.sequence - b.sequence);
  return categoriesOf(config).flatMap((category) =>
    bySequence(category.concierge_sub_category).flatMap((sub) =>
      bySequence(sub.concierges).flatMap((q) =>
        bySequence(q.concierge_options).map((o) => ({
          id: String(o.id),
          question: localizedField(q, 'name', language).text,
          label: localizedField(o, 'value', language).text,
        })),
      ),
    ),
  );
}
