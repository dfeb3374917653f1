import type { ViewRule } from '@portal/contracts';
import { assertContext, isBlank, readItem, wholeYears, type Answers, type RuleContext } from './answers.js';
import { compare, type Answer } from './compare.js';
import { RuleConfigurationError } from './errors.js';
import { because, conditionTexts, type ConditionTexts } from './explain.js';

/**
 * View rules show a sub category or a concierge. Semantics:
 *
 * - every rule of the list must hold (AND); an empty list shows;
 * - `selected`: holds when the option whose id is `Number(expected)` is among the chosen option ids (the
 *   raw answers: the caller drops options of hidden questions, see `ignoredOptionIds`);
 * - `formula`: `expression` is a standard item code, or `age(code)` = whole years from that date item to
 *   `context.today`; the value is compared with `expected` by {@link compare} (`symbol` '' = answered). An
 *   unanswered item, or a date item that is not an ISO date for `age()`, makes the rule false.
 */
export type CompiledViewRule =
  | { kind: 'selected'; optionId: number; held: string; failed: string }
  | {
      kind: 'formula';
      code: string;
      age: boolean;
      symbol: ViewRule['symbol'];
      expected: string;
      texts: ConditionTexts;
    };

/** Describes an option as an answer, e.g. `"はい" to "お子さんは生まれましたか？"`; undefined when unknown. */
export type OptionDescriber = (optionId: number) => string | undefined;

const ITEM_CODE = /^[a-z][a-z0-9_]*$/;
const AGE = /^age\(\s*([a-z][a-z0-9_]*)\s*\)$/;

/** The item a formula reads, or undefined when the expression is neither `code` nor `age(code)`. */
export function parseExpression(expression: string): { code: string; age: boolean } | undefined {
  const e = expression.trim();
  if (ITEM_CODE.test(e)) return { code: e, age: false };
  const m = AGE.exec(e);
  return m ? { code: m[1] as string, age: true } : undefined;
}

/** The option id a `selected` rule names, or undefined when `expected` is not a positive integer. */
export function selectedOptionId(rule: ViewRule): number | undefined {
  const id = Number(rule.expected);
  return rule.expected.trim() !== '' && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Compiles one rule, or returns a message saying why it cannot be evaluated. */
export function compileViewRule(rule: ViewRule, describe?: OptionDescriber): CompiledViewRule | string {
  if (rule.pattern === 'selected') {
    const optionId = selectedOptionId(rule);
    if (optionId === undefined)
      return `selected rule needs an option id, got ${JSON.stringify(rule.expected)}`;
    const text = describe?.(optionId) ?? `option ${optionId}`;
    return { kind: 'selected', optionId, held: `you answered ${text}`, failed: `you did not answer ${text}` };
  }
  const parsed = parseExpression(rule.expression);
  if (!parsed) return `formula ${JSON.stringify(rule.expression)} is neither an item code nor age(code)`;
  const subject = parsed.age ? `age(${parsed.code})` : parsed.code;
  return {
    kind: 'formula',
    ...parsed,
    symbol: rule.symbol,
    expected: rule.expected,
    texts: conditionTexts(subject, rule.symbol, rule.expected),
  };
}

/**
 * Compiles a rule list; throws {@link RuleConfigurationError} for a rule that cannot be evaluated
 * (`path` names the list in the issue).
 */
export function compileViewRules(
  rules: readonly ViewRule[],
  describe?: OptionDescriber,
  path = 'view_rules',
): CompiledViewRule[] {
  return rules.map((rule, i) => {
    const compiled = compileViewRule(rule, describe);
    if (typeof compiled === 'string') {
      throw new RuleConfigurationError([
        { code: 'invalid_expression', path: `${path}[${i}]`, message: compiled },
      ]);
    }
    return compiled;
  });
}

function formulaValue(
  rule: Extract<CompiledViewRule, { kind: 'formula' }>,
  items: Answers['items'],
  today: string,
): Answer {
  const answer = readItem(items, rule.code);
  if (!rule.age) return answer;
  if (typeof answer !== 'string') return undefined;
  const years = wholeYears(answer, today);
  return years === undefined ? undefined : String(years);
}

/**
 * Evaluates compiled rules (AND) and appends the phrases of the decision to `phrases`: every holding
 * condition when shown, every failing one when hidden. Returns whether they all hold.
 */
export function holdAll(
  rules: readonly CompiledViewRule[],
  selected: ReadonlySet<number>,
  items: Answers['items'],
  today: string,
  phrases: string[],
): boolean {
  const start = phrases.length;
  let all = true;
  for (const rule of rules) {
    let ok: boolean;
    let text: string;
    if (rule.kind === 'selected') {
      ok = selected.has(rule.optionId);
      text = ok ? rule.held : rule.failed;
    } else {
      const value = formulaValue(rule, items, today);
      ok = compare(rule.symbol, value, rule.expected);
      text = ok ? rule.texts.held : isBlank(value) ? rule.texts.blank : rule.texts.failed;
    }
    if (ok && !all) continue;
    if (!ok && all) {
      all = false;
      phrases.length = start; // from now on only failing conditions are reasons
    }
    phrases.push(text);
  }
  return all;
}

/**
 * Evaluates a view-rule list on its own (see {@link CompiledViewRule} for the semantics).
 * `describe` names options in the reason; without it they are named `option <id>`.
 * Throws {@link RuleConfigurationError} for a rule that cannot be evaluated.
 */
export function evaluateViewRules(
  rules: readonly ViewRule[],
  answers: Answers,
  ctx: RuleContext,
  describe?: OptionDescriber,
): { shown: boolean; reason: string } {
  assertContext(ctx);
  if (rules.length === 0) return { shown: true, reason: 'shown because it has no conditions' };
  const phrases: string[] = [];
  const shown = holdAll(
    compileViewRules(rules, describe),
    new Set(answers.optionIds),
    answers.items,
    ctx.today,
    phrases,
  );
  return { shown, reason: because(shown, phrases) };
}
