import {
  prefillSourceOf,
  type Concierge,
  type ConciergeRule,
  type PrefillSource,
  type RuleSymbol,
} from '@portal/contracts';
import { isBlank, readItem, type Answers, type Profile } from './answers.js';
import { compare, type Answer } from './compare.js';
import { conditionTexts, quote, type ConditionTexts } from './explain.js';

/**
 * Form rules (`concierge_rule.form_rule` and `prefill_form_rule`). Semantics:
 *
 * - Hidden rules: the target is hidden when any of its AND-lists of conditions holds, each condition
 *   being `compare(symbol, items[source], expected)`. Several rules for one target add their lists (OR).
 *   Conditions read the answers as given: a value of an item that is itself hidden still counts until the
 *   server has dropped it. Hidden items are never stored and never required. The same evaluation hides
 *   procedures for `procedure_rule.hidden_rules` (target = procedure code).
 * - Prefill forms: when option `Number(source)` is chosen (of a shown concierge), item `target` gets the
 *   value `expected`, replacing what was there (the option is the answer; choosing another option changes
 *   it). Later options (in answer order) win over earlier ones for the same target.
 * - Prefill rules: item `target` gets the claim `source` (`profile.last_name` an identity claim, as does a
 *   name without prefix; `registry.x` and `public_account.x` the claims kept under those names) only when
 *   the resident has not answered it, the claim is non-blank text and one of the rule's optional AND-lists
 *   of conditions holds on the answers (after option prefills). The first rule for a target wins. A rule
 *   marked `verify` (card or registry) also keeps its value beside any answer, to flag a difference.
 * - Copy forms: on request for a concierge ("same as ..." button), each copy form whose target is one of
 *   the concierge's items and whose source is one of its `copyable_standard_item_codes` copies the
 *   source's answer into the target, while the copy form's optional conditions hold. A blank source never
 *   overwrites the target. A button is offered only where a copy applies and would change a value.
 */
export type HiddenRule = ConciergeRule['form_rule']['hidden_rules'][number];
export type RuleCondition = HiddenRule['conditions'][number][number];
export type CopyForm = ConciergeRule['form_rule']['copy_forms'][number];
export type PrefillRule = ConciergeRule['form_rule']['prefill_rules'][number];
export type PrefillForm = ConciergeRule['prefill_form_rule']['prefill_forms'][number];

export interface CompiledCondition {
  source: string;
  symbol: RuleSymbol;
  expected: string;
  texts: ConditionTexts;
}

/** The OR of AND-lists that hide one target. */
export type CompiledHiding = readonly (readonly CompiledCondition[])[];

/** Groups hidden rules by target with their texts precomputed. */
export function compileHiddenRules(rules: readonly HiddenRule[]): Map<string, CompiledHiding> {
  const byTarget = new Map<string, CompiledCondition[][]>();
  for (const rule of rules) {
    const lists = rule.conditions.map((list) =>
      list.map((c) => ({ ...c, texts: conditionTexts(c.source, c.symbol, c.expected) })),
    );
    byTarget.set(rule.target, [...(byTarget.get(rule.target) ?? []), ...lists]);
  }
  return byTarget;
}

/**
 * Whether the target is hidden, with the reason: `hidden because applicant_pension_type equals "national"`
 * (the holding list), or `shown because ...` (the first failing condition of each list).
 */
export function hiddenState(
  hiding: CompiledHiding | undefined,
  items: Answers['items'],
): { hidden: boolean; reason: string } {
  if (!hiding || hiding.length === 0)
    return { hidden: false, reason: 'shown because no hidden rule applies to it' };
  const failing: string[] = [];
  for (const list of hiding) {
    let failed: string | undefined;
    for (const c of list) {
      const value = readItem(items, c.source);
      if (!compare(c.symbol, value, c.expected)) {
        failed = isBlank(value) ? c.texts.blank : c.texts.failed;
        break;
      }
    }
    if (failed === undefined)
      return { hidden: true, reason: `hidden because ${list.map((c) => c.texts.held).join(' and ')}` };
    if (!failing.includes(failed)) failing.push(failed);
  }
  return { hidden: false, reason: `shown because ${failing.join(' and ')}` };
}

/** Evaluates uncompiled hidden rules for one target (all rules whose `target` matches). */
export function evaluateHiddenRules(
  rules: readonly HiddenRule[],
  target: string,
  items: Answers['items'],
): { hidden: boolean; reason: string } {
  return hiddenState(compileHiddenRules(rules.filter((r) => r.target === target)).get(target), items);
}

/** A prefilled value, where it comes from and why. */
export interface Prefill {
  value: string;
  source: PrefillSource;
  reason: string;
}

/** A value a verified source (the card, the resident registry) holds for an item, answered or not. */
export interface Verified {
  value: string;
  source: PrefillSource;
  /** The procedure requires the answer to be this value (a `locked` rule). */
  locked?: boolean;
}

/**
 * Reads a claim named `registry.x` or `public_account.x` (kept under that full name), `profile.x` or
 * `x` (an identity claim): non-blank text only.
 */
export function claim(profile: Profile | null | undefined, source: string): string | undefined {
  if (!profile) return undefined;
  const name = Object.hasOwn(profile, source)
    ? source
    : source.startsWith('profile.')
      ? source.slice('profile.'.length)
      : source;
  if (!Object.hasOwn(profile, name)) return undefined;
  const value = profile[name];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A prefill rule with its conditions compiled (no conditions: always applies). */
export interface CompiledPrefillRule extends PrefillRule {
  when: CompiledHiding;
}

export const compilePrefillRules = (rules: readonly PrefillRule[]): CompiledPrefillRule[] =>
  rules.map((rule) => ({
    ...rule,
    when:
      compileHiddenRules([{ target: rule.target, conditions: rule.conditions ?? [] }]).get(rule.target) ?? [],
  }));

/** Whether a rule's conditions hold (the same OR of AND-lists as hidden rules); none always holds. */
const applies = (rule: CompiledPrefillRule, items: Answers['items']) =>
  rule.when.length === 0 || hiddenState(rule.when, items).hidden;

/**
 * Applies prefill forms for the `effectiveOptionIds` (options of shown concierges) and prefill rules
 * from `profile`. Returns the new items and, per prefilled item, the value, its source and the reason;
 * and, per item a verified source (card, registry) speaks for, that value even where an answer exists;
 * `offers` is what the first applicable rule's source holds per item, answered or not (to record sources).
 * `labelOf` names an option as an answer (`"父" to "…"`).
 */
export function prefillItems(
  prefillForms: ReadonlyMap<number, readonly PrefillForm[]>,
  prefillRules: readonly CompiledPrefillRule[],
  items: Answers['items'],
  effectiveOptionIds: readonly number[],
  profile: Profile | null | undefined,
  labelOf: (optionId: number) => string,
): {
  items: Record<string, Answer>;
  prefills: Map<string, Prefill>;
  verified: Map<string, Verified>;
  offers: Map<string, Verified>;
} {
  const out: Record<string, Answer> = { ...items };
  const prefills = new Map<string, Prefill>();
  const verified = new Map<string, Verified>();
  const offers = new Map<string, Verified>();
  for (const id of effectiveOptionIds) {
    for (const form of prefillForms.get(id) ?? []) {
      out[form.target] = form.expected;
      prefills.set(form.target, {
        value: form.expected,
        source: 'answer',
        reason: `prefilled with ${quote(form.expected)} because you answered ${labelOf(id)}`,
      });
    }
  }
  // Conditions read the answers before claims fill anything, so rules do not depend on their order.
  const before = { ...out };
  for (const rule of prefillRules) {
    if (!applies(rule, before)) continue;
    const value = claim(profile, rule.source);
    if (value === undefined) continue;
    // A claim carried to another person's item was not read for that person: it comes from the answers.
    const source = rule.derived ? 'answer' : prefillSourceOf(rule.source);
    if (!offers.has(rule.target)) offers.set(rule.target, { value, source });
    const verifies = !rule.derived && (rule.verify || rule.locked) && source !== 'public_account';
    if (verifies && !verified.has(rule.target)) {
      verified.set(rule.target, { value, source, ...(rule.locked ? { locked: true } : {}) });
    }
    if (!isBlank(readItem(out, rule.target))) continue;
    out[rule.target] = value;
    prefills.set(rule.target, { value, source, reason: `prefilled from ${rule.source}` });
  }
  return { items: out, prefills, verified, offers };
}

/** Copies the copyable answers into `concierge`'s items (see the semantics above); returns new items. */
/** Whether a copy form's optional conditions hold on the answers (none: always). */
export function copyApplies(form: CopyForm, items: Answers['items']): boolean {
  if (!form.conditions || form.conditions.length === 0) return true;
  const when = compileHiddenRules([{ target: form.target, conditions: form.conditions }]).get(form.target);
  return hiddenState(when, items).hidden;
}

/**
 * Whether a "same as ..." button is worth offering: some copy of it applies and would change a value (its
 * source is answered and its target differs). A block already filled alike, or for another person, has none.
 */
export function copyOffered(copyForms: readonly CopyForm[], items: Answers['items']): boolean {
  return copyForms.some((form) => {
    if (!copyApplies(form, items)) return false;
    const source = readItem(items, form.source);
    if (isBlank(source)) return false;
    return JSON.stringify(source) !== JSON.stringify(readItem(items, form.target) ?? null);
  });
}

export function copyItems(
  copyForms: readonly CopyForm[],
  concierge: Pick<Concierge, 'standard_item_code' | 'copyable_standard_item_codes'>,
  items: Answers['items'],
): Record<string, Answer> {
  const out: Record<string, Answer> = { ...items };
  const targets = new Set(concierge.standard_item_code);
  const sources = new Set(concierge.copyable_standard_item_codes);
  for (const form of copyForms) {
    if (!targets.has(form.target) || !sources.has(form.source) || !copyApplies(form, items)) continue;
    const value = readItem(items, form.source);
    if (isBlank(value)) continue;
    out[form.target] = Array.isArray(value) ? [...value] : value;
  }
  return out;
}
