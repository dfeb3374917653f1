import type { RuleSymbol } from '@portal/contracts';

/**
 * Why the engine decided what it did (the contracts' `Explanation`). Reasons are plain English sentences
 * that quote the configuration's own texts (questions, option values, section names) and name items by
 * their standard item code, e.g. `shown because you answered "はい" to "お子さんは生まれましたか？"`.
 *
 * `subject` says what the decision is about, as `kind:id`: `sub_category:2`, `concierge:5`, `option:2`,
 * `item:spouse_last_name`, `procedure:child_allowance`. `shown` is the decision (shown / kept / allowed).
 */
export interface Explanation {
  subject: string;
  shown: boolean;
  reason: string;
}

export const subjects = {
  subCategory: (id: number) => `sub_category:${id}`,
  concierge: (id: number) => `concierge:${id}`,
  option: (id: number) => `option:${id}`,
  item: (code: string) => `item:${code}`,
  procedure: (code: string) => `procedure:${code}`,
};

/** `"value"`: configuration texts are quoted as they are. */
export const quote = (text: string) => `"${text}"`;

/** An answer to a question: `"はい" to "お子さんは生まれましたか？"`. */
export const answerText = (optionValue: string, question: string) =>
  `${quote(optionValue)} to ${quote(question)}`;

/** Several answers to one question: `"父" or "母" to "…"`. */
export const answersText = (optionValues: readonly string[], question: string) =>
  `${optionValues.map(quote).join(' or ')} to ${quote(question)}`;

/** Phrases of one comparison (`subject` is an item code or `age(code)`), precomputed once per rule. */
export interface ConditionTexts {
  /** When the comparison holds: `applicant_pension_type equals "mutual_aid"`. */
  held: string;
  /** When it does not: `applicant_pension_type does not equal "mutual_aid"`. */
  failed: string;
  /** When the item has no answer: `applicant_pension_type is not answered`. */
  blank: string;
}

export function conditionTexts(subject: string, symbol: RuleSymbol, expected: string): ConditionTexts {
  const blank = `${subject} is not answered`;
  switch (symbol) {
    case 'equal':
      return {
        held: `${subject} equals ${quote(expected)}`,
        failed: `${subject} does not equal ${quote(expected)}`,
        blank,
      };
    case 'above':
      return {
        held: `${subject} is above ${expected}`,
        failed: `${subject} is not above ${expected}`,
        blank,
      };
    case 'below':
      return {
        held: `${subject} is below ${expected}`,
        failed: `${subject} is not below ${expected}`,
        blank,
      };
    default:
      return { held: `${subject} is answered`, failed: blank, blank };
  }
}

/** A requirement as procedural-rule reasons state it: `applicant_pension_type = employee`. */
export function requirementText(code: string, symbol: RuleSymbol, expected: string): string {
  switch (symbol) {
    case 'equal':
      return `${code} = ${expected}`;
    case 'above':
      return `${code} above ${expected}`;
    case 'below':
      return `${code} below ${expected}`;
    default:
      return `${code} answered`;
  }
}

/** `shown because A and B` / `hidden because A`. */
export const because = (shown: boolean, phrases: readonly string[]) =>
  `${shown ? 'shown' : 'hidden'} because ${phrases.join(' and ')}`;
