// A procedure's parts as the editor shows them: fragments as named sections of items (the configuration
// keeps one row per item, the section's name on each), check messages with their English, and the
// procedural rules (OR of AND-lists). Every change is a new list, so the tests follow it without a browser.
import type { Procedure, ProceduralRules, ProcedureFragment } from '@portal/contracts';
import { categoriesOf, nextId, setEnglish, type Config } from './editor-state';

/** One section of a procedure's form: a heading and the items under it, in order. */
export interface FragmentSection {
  name: string;
  /** The heading's English ('' for none). */
  en: string;
  codes: string[];
}

/** The sections of a procedure's fragments, in the order their first item comes. */
export function toSections(fragments: readonly ProcedureFragment[]): FragmentSection[] {
  const sections: FragmentSection[] = [];
  for (const f of fragments) {
    let section = sections.find((s) => s.name === f.name);
    if (!section) {
      section = { name: f.name, en: '', codes: [] };
      sections.push(section);
    }
    if (section.en === '' && f.en?.name) section.en = f.en.name;
    section.codes.push(f.standard_item_code);
  }
  return sections;
}

/**
 * The fragments of sections: one per item, keeping the id an item had (new ones get ids no fragment of
 * the group has, `usedIds`). A section with no item has no row (it is not saved).
 */
export function toFragments(
  sections: readonly FragmentSection[],
  previous: readonly ProcedureFragment[],
  usedIds: Iterable<number>,
): ProcedureFragment[] {
  let fresh = nextId([...usedIds, ...previous.map((f) => f.id)]);
  const idOf = new Map(previous.map((f) => [f.standard_item_code, f.id]));
  return sections.flatMap((s) =>
    s.codes.map((code) => {
      const fragment: ProcedureFragment = {
        id: idOf.get(code) ?? fresh++,
        name: s.name,
        standard_item_code: code,
      };
      if (s.en.trim() !== '') fragment.en = { name: s.en };
      return fragment;
    }),
  );
}

/** Names that more than one section has (they would become one section once saved). */
export function repeatedNames(sections: readonly FragmentSection[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const s of sections) (seen.has(s.name) ? repeated : seen).add(s.name);
  return repeated;
}

/** For each fragment row of the configuration, the index of the section it belongs to. */
export function sectionOfRow(sections: readonly FragmentSection[]): number[] {
  return sections.flatMap((s, k) => s.codes.map(() => k));
}

/** Moves entry `i` of a list one place up (-1) or down (1); nothing at either end. */
export function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  const next = [...list];
  if (j < 0 || j >= list.length) return next;
  [next[i], next[j]] = [next[j] as T, next[i] as T];
  return next;
}

export const without = <T>(list: readonly T[], i: number): T[] => list.filter((_, j) => j !== i);

/** One sentence the resident confirms, with its English ('' for none). */
export interface CheckMessage {
  ja: string;
  en: string;
}

export const checkMessagesOf = (p: Procedure): CheckMessage[] =>
  p.check_messages.map((ja, i) => ({ ja, en: p.en?.check_messages?.[i] ?? '' }));

/** Sets the check messages and their English (parallel lists; no English at all leaves none). */
export function setCheckMessages(p: Procedure, messages: readonly CheckMessage[]): void {
  p.check_messages = messages.map((m) => m.ja);
  setEnglish(
    p,
    'check_messages',
    messages.map((m) => m.en),
  );
}

type Condition = ProceduralRules[number][number];
type Rules = readonly Condition[][];

/** A new condition: an item to pick, answered in any way. */
const blankCondition = (): Condition => ({ standard_item_code: '', symbol: '', expected: '' });

/** Adds an alternative ("or") holding one condition to fill in. */
export const addAlternative = (rules: Rules): ProceduralRules => [...rules, [blankCondition()]];

export const addRuleCondition = (rules: Rules, j: number): ProceduralRules =>
  rules.map((and, m) => (m === j ? [...and, blankCondition()] : and));

/** Removes a condition; an alternative left with none goes too (an empty one would always hold). */
export const removeRuleCondition = (rules: Rules, j: number, k: number): ProceduralRules =>
  rules.map((and, m) => (m === j ? without(and, k) : and)).filter((and) => and.length > 0);

export const setRuleCondition = (
  rules: Rules,
  j: number,
  k: number,
  patch: Partial<Condition>,
): ProceduralRules =>
  rules.map((and, m) => (m === j ? and.map((c, n) => (n === k ? { ...c, ...patch } : c)) : and));

/**
 * Gives procedure `index` a new code and renames what referred to its old one (questions, reports, the
 * rules hiding procedures), unless another procedure of the group still has the old code.
 */
export function setProcedureCode(config: Config, index: number, code: string): void {
  const procedure = config.disclosure.procedures[index];
  if (!procedure) return;
  const from = procedure.code;
  procedure.code = code;
  if (from === '' || from === code || config.disclosure.procedures.some((p) => p.code === from)) return;
  const swap = (c: string) => (c === from ? code : c);
  for (const r of config.reports) r.procedure_code = swap(r.procedure_code);
  for (const h of config.concierge_set.concierge_rule.procedure_rule.hidden_rules) h.target = swap(h.target);
  for (const q of categoriesOf(config).flatMap((c) => c.concierge_sub_category.flatMap((s) => s.concierges)))
    for (const p of q.concierge_procedure_codes) p.procedure_code = swap(p.procedure_code);
}

/**
 * The fragments a new procedure starts with: one section (`name`, `english`) of the items the group fills
 * from the resident's card or registry (its prefill rules' targets, in the rules' order, which in a new
 * group follows the card: 氏, 名, … 住所), so a procedure asks who applies from the start; a new group
 * prefills all of its items, so its first procedure leaves no required item unasked. Empty when the
 * group prefills nothing.
 */
export function startingFragments(config: Config, name: string, english: string): ProcedureFragment[] {
  const items = new Set(config.standard_items.map((i) => i.code));
  const codes = [
    ...new Set(config.concierge_set.concierge_rule.form_rule.prefill_rules.map((r) => r.target)),
  ].filter((code) => items.has(code));
  const first = nextId(config.disclosure.procedures.flatMap((p) => p.procedure_fragments.map((f) => f.id)));
  return codes.map((code, k) => ({ id: first + k, name, standard_item_code: code, en: { name: english } }));
}
