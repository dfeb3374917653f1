// Prefill rules as the master tool edits them (decision 0012): which source fills which standard item,
// and while which conditions hold. Every change is a new list, so the editor's handlers are one call each
// and the tests can follow them without a browser.
import { PREFILL_CLAIMS, type PrefillRule, type RuleSymbol } from '@portal/contracts';
import type { mastertoolJa } from '../../lib/i18n/parts/mastertool.ja';

/** The listed sources, in the order the editor groups them: the card, the registry, the account. */
export type ClaimPrefix = keyof typeof PREFILL_CLAIMS;
export const CLAIM_PREFIXES = Object.keys(PREFILL_CLAIMS) as ClaimPrefix[];

// Every claim has a label in the texts (the English part has the same keys, checked by the i18n test).
type ClaimLabels = { [P in ClaimPrefix]: Record<(typeof PREFILL_CLAIMS)[P][number], string> };
const _everyClaimLabelled: ClaimLabels = {} as (typeof mastertoolJa)['mastertool']['prefill']['claims'];
void _everyClaimLabelled;

export type Condition = NonNullable<PrefillRule['conditions']>[number][number];

/** `registry.spouse_first_name` of a listed claim. */
export const sourceName = (prefix: ClaimPrefix, claim: string) => `${prefix}.${claim}`;

/** The listed claim a rule's source names, or null (a bare or other identity claim, a typo). */
export function listedClaim(source: string): { prefix: ClaimPrefix; claim: string } | null {
  for (const prefix of CLAIM_PREFIXES) {
    const claims: readonly string[] = PREFILL_CLAIMS[prefix];
    if (source.startsWith(`${prefix}.`) && claims.includes(source.slice(prefix.length + 1)))
      return { prefix, claim: source.slice(prefix.length + 1) };
  }
  return null;
}

/** A rule with its conditions replaced: an empty list (or none) drops the field. */
function withConditions(rule: PrefillRule, conditions: Condition[][] | undefined): PrefillRule {
  const { conditions: _old, ...rest } = rule;
  const none = conditions === undefined || (Array.isArray(conditions) && conditions.length === 0);
  return none ? rest : { ...rest, conditions };
}

const at = (rules: readonly PrefillRule[], i: number, change: (rule: PrefillRule) => PrefillRule) =>
  rules.map((r, j) => (j === i ? change(r) : r));

/** A new rule at the end: the operator chooses its item and source (saving refuses empty ones). */
export const addRule = (rules: readonly PrefillRule[]): PrefillRule[] => [
  ...rules,
  { source: '', target: '' },
];

export const removeRule = (rules: readonly PrefillRule[], i: number): PrefillRule[] =>
  rules.filter((_, j) => j !== i);

/** Swaps rule `i` with its neighbour `i + by` (order matters: the first rule that gives a value wins). */
export function moveRule(rules: readonly PrefillRule[], i: number, by: -1 | 1): PrefillRule[] {
  const j = i + by;
  const a = rules[i];
  const b = rules[j];
  if (!a || !b) return [...rules];
  const next = [...rules];
  next[i] = b;
  next[j] = a;
  return next;
}

export const setTarget = (rules: readonly PrefillRule[], i: number, target: string) =>
  at(rules, i, (r) => ({ ...r, target }));

export const setSource = (rules: readonly PrefillRule[], i: number, source: string) =>
  at(rules, i, (r) => ({ ...r, source }));

/** Marks a rule's claim as the verified fact of its item (a differing answer is flagged), or not. */
export const setVerify = (rules: readonly PrefillRule[], i: number, verify: boolean) =>
  at(rules, i, ({ verify: _old, ...r }) => (verify ? { ...r, verify: true } : r));

/** Makes the procedure require the claim (the item read-only, implies verified), or not. */
export const setLocked = (rules: readonly PrefillRule[], i: number, locked: boolean) =>
  at(rules, i, ({ locked: _old, ...r }) => (locked ? { ...r, locked: true } : r));

/**
 * Replaces all conditions of a rule (groups joined by または, each of conditions joined by かつ); an empty
 * list (or null) removes them.
 */
export const setAllConditions = (rules: readonly PrefillRule[], i: number, conditions: unknown) =>
  at(rules, i, (r) => withConditions(r, conditions === null ? undefined : (conditions as Condition[][])));

/** The words a summary is built from, in the page's language. */
export interface SummaryWords {
  /** A standard item by code (its name, or the code when the configuration has no such item). */
  item: (code: string) => string;
  /** An answer as the resident would read it (a choice's label), else the value itself. */
  value: (code: string, value: string) => string;
  /** One comparison, e.g. 「届出人の資格が「父」」. */
  comparison: (symbol: RuleSymbol, item: string, value: string) => string;
  and: string;
  or: string;
  when: (conditions: string) => string;
  always: string;
}

/** The conditions of a rule in words: 「届出人の資格が「父」のとき」, or that it always applies. */
export function conditionsSummary(rule: PrefillRule, words: SummaryWords): string {
  const lists = (rule.conditions ?? []).filter((list) => list.length > 0);
  if (lists.length === 0) return words.always;
  const text = lists
    .map((list) =>
      list
        .map((c) =>
          words.comparison(
            c.symbol,
            words.item(c.source),
            c.expected === '' ? '' : words.value(c.source, c.expected),
          ),
        )
        .join(words.and),
    )
    .join(words.or);
  return words.when(text);
}

/** A change of the rule at `i`, made on the list of the moment (a row renders only when its rule changes). */
export type RuleChange = (rules: readonly PrefillRule[], i: number) => PrefillRule[];
