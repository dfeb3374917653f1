import type {
  Concierge,
  ConciergeCategory,
  ConciergeSet,
  ProcedureGroupConfiguration,
} from '@portal/contracts';
import type { Answers, Profile, RuleContext } from './answers.js';
import type { Answer } from './compare.js';
import {
  compileConciergeCategory,
  compileConciergeSet,
  compileConfiguration,
  type CompiledConciergeSet,
  type CompiledConfiguration,
} from './compile.js';
import type { CategoryEvaluation } from './concierge-flow.js';
import type { FormState } from './form-state.js';
import type { ProcedureDecision } from './procedures.js';

/*
 * Convenience functions taking the contract types directly. Each compiles its configuration on first use
 * and keeps the compiled form per object (a WeakMap), so repeated calls with the same (immutable)
 * configuration object cost only the evaluation. They throw what the compiled functions throw:
 * RuleConfigurationError for a broken configuration, AnswerError for wrong answers.
 */

function cached<K extends object, V>(compile: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = compile(key);
      cache.set(key, value);
    }
    return value;
  };
}

/** The compiled form of a configuration, compiled once per configuration object. */
export const compiledConfiguration: (config: ProcedureGroupConfiguration) => CompiledConfiguration =
  cached(compileConfiguration);
/** The compiled form of a concierge set alone, compiled once per set object. */
export const compiledConciergeSet: (set: ConciergeSet) => CompiledConciergeSet = cached(compileConciergeSet);
const compiledCategory = cached(compileConciergeCategory);

/** The filter category (FI) of a set: shown questions, scoped out, ignored options, candidates. */
export function evaluateFilter(set: ConciergeSet, answers: Answers, ctx: RuleContext): CategoryEvaluation {
  return compiledConciergeSet(set).evaluateFilter(answers, ctx);
}

/** All assistant categories (AS) of a set as one result (filter options count as answers, not ignored). */
export function evaluateAssistant(set: ConciergeSet, answers: Answers, ctx: RuleContext): CategoryEvaluation {
  return compiledConciergeSet(set).evaluateAssistant(answers, ctx);
}

/**
 * One category. With `set`, options of the set's other categories are valid answers; without it the
 * category stands alone and any option outside it is an unknown option.
 */
export function evaluateCategory(
  category: ConciergeCategory,
  answers: Answers,
  ctx: RuleContext,
  set?: ConciergeSet,
): CategoryEvaluation {
  if (set) return compiledConciergeSet(set).evaluateCategory(category.id, answers, ctx);
  return compiledCategory(category).evaluateCategory(category.id, answers, ctx);
}

/** The form items of the chosen procedures: hidden, required, prefill, with reasons. */
export function formState(
  config: ProcedureGroupConfiguration,
  procedureCodes: readonly string[],
  answers: Answers,
  profile: Profile | null,
  ctx: RuleContext,
): FormState {
  return compiledConfiguration(config).formState(procedureCodes, answers, profile, ctx);
}

/**
 * The items after prefilling (a new record). With `ctx`, only options of shown concierges prefill;
 * without it every chosen option does (for stored answers, which never hold ignored options).
 */
export function applyPrefill(
  config: ProcedureGroupConfiguration,
  answers: Answers,
  profile: Profile | null,
  ctx?: RuleContext,
): Record<string, Answer> {
  return compiledConfiguration(config).applyPrefill(answers, profile, ctx);
}

/** The items after the "same as ..." copy of a concierge (by object or id); a new record. */
export function applyCopy(
  config: ProcedureGroupConfiguration,
  concierge: Concierge | number,
  items: Answers['items'],
): Record<string, Answer> {
  return compiledConfiguration(config).applyCopy(concierge, items);
}

/** Which candidates the resident may choose, in procedure sequence order, each with its reason. */
export function allowedProcedures(
  config: ProcedureGroupConfiguration,
  candidateCodes: readonly string[],
  answers: Answers,
): ProcedureDecision[] {
  return compiledConfiguration(config).allowedProcedures(candidateCodes, answers);
}

/** The items without those the hidden rules hide (what the server stores). */
export function dropHidden(
  config: ProcedureGroupConfiguration,
  items: Answers['items'],
): Record<string, Answer> {
  return compiledConfiguration(config).dropHidden(items);
}
