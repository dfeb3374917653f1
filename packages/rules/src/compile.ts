import type {
  Concierge,
  ConciergeCategory,
  ConciergeSet,
  ProcedureGroupConfiguration,
  StandardItem,
} from '@portal/contracts';
import type { Answers, Profile, RuleContext } from './answers.js';
import { checkConciergeCategory, checkConciergeSet, checkConfiguration } from './check.js';
import type { Answer } from './compare.js';
import { buildFlow, evaluateFlow, type CategoryEvaluation, type ConciergeFlow } from './concierge-flow.js';
import { AnswerError, RuleConfigurationError } from './errors.js';
import { buildFormState, type FormState } from './form-state.js';
import {
  answeredRepetitions,
  compileRepeatGroups,
  repeatMin,
  repetitionItems,
  type CompiledRepeatGroup,
} from './repeat.js';
import {
  compileHiddenRules,
  compilePrefillRules,
  copyItems,
  hiddenState,
  prefillItems,
  type PrefillForm,
} from './form-rules.js';
import {
  compileProcedure,
  decideProcedure,
  type CompiledProcedure,
  type ProcedureDecision,
} from './procedures.js';

/**
 * The concierge flows of a set, compiled once (maps by id, compiled view rules, precomputed texts).
 * Compiled objects assume the configuration does not change afterwards: published configuration
 * versions are immutable; compile again after editing one.
 */
export interface CompiledConciergeSet {
  readonly flow: ConciergeFlow;
  /** The filter category (FI). */
  evaluateFilter(answers: Answers, ctx: RuleContext): CategoryEvaluation;
  /** All assistant categories (AS), in sequence order, as one result. */
  evaluateAssistant(answers: Answers, ctx: RuleContext): CategoryEvaluation;
  /** One category of the set, by object or id (a RangeError for an id not in the set). */
  evaluateCategory(
    category: ConciergeCategory | number,
    answers: Answers,
    ctx: RuleContext,
  ): CategoryEvaluation;
  /** Every category at once (filter, then assistant): `ignoredOptionIds` covers all chosen options. */
  evaluateAll(answers: Answers, ctx: RuleContext): CategoryEvaluation;
}

/** A whole procedure group configuration compiled once; see the module functions for the semantics. */
export interface CompiledConfiguration extends CompiledConciergeSet {
  readonly config: ProcedureGroupConfiguration;
  /** The repeatable groups (decision 0013), compiled. */
  readonly repeatGroups: readonly CompiledRepeatGroup[];
  /** Items checked as person names: those some concierge lists in `requires_name_validation`. */
  readonly nameItems: ReadonlySet<string>;
  /** The standard items by code. */
  readonly items: ReadonlyMap<string, StandardItem>;
  /** Assistant concierges with a "same as ..." copy (their ids). */
  readonly copyable: ReadonlySet<number>;
  formState(
    procedureCodes: readonly string[],
    answers: Answers,
    profile: Profile | null,
    ctx: RuleContext,
  ): FormState;
  applyPrefill(answers: Answers, profile: Profile | null, ctx?: RuleContext): Record<string, Answer>;
  applyCopy(concierge: Concierge | number, items: Answers['items']): Record<string, Answer>;
  allowedProcedures(candidateCodes: readonly string[], answers: Answers): ProcedureDecision[];
  /** The items without those the hidden rules hide (what the server stores). */
  dropHidden(items: Answers['items']): Record<string, Answer>;
}

function compileFlowFunctions(flow: ConciergeFlow, filterFirst: boolean): CompiledConciergeSet {
  const [first, ...rest] = flow.categories;
  const filter = filterFirst && first ? [first] : [];
  const assistants = [...(filterFirst ? rest : flow.categories)].sort(
    (a, b) => a.category.sequence - b.category.sequence,
  );
  const all = [...filter, ...assistants];
  return {
    flow,
    evaluateFilter: (answers, ctx) => evaluateFlow(flow, filter, answers, ctx),
    evaluateAssistant: (answers, ctx) => evaluateFlow(flow, assistants, answers, ctx),
    evaluateAll: (answers, ctx) => evaluateFlow(flow, all, answers, ctx),
    evaluateCategory(category, answers, ctx) {
      const id = typeof category === 'number' ? category : category.id;
      const found = flow.categories.find((c) => c.category.id === id);
      if (!found) throw new RangeError(`concierge category ${id} is not in this configuration`);
      return evaluateFlow(flow, [found], answers, ctx);
    },
  };
}

const categoriesOf = (set: ConciergeSet) => [
  set.filter_concierge_category,
  ...set.assistant_concierge_category,
];

/**
 * Compiles a concierge set alone. Checks what can be checked without the standard item catalog and
 * procedures (options, destinations, formulas, ids) and throws {@link RuleConfigurationError} when broken.
 * Procedure codes come out in order of first appearance.
 */
export function compileConciergeSet(set: ConciergeSet): CompiledConciergeSet {
  const issues = checkConciergeSet(set);
  if (issues.length > 0) throw new RuleConfigurationError(issues);
  return compileFlowFunctions(buildFlow(categoriesOf(set)), true);
}

/**
 * Compiles a whole configuration once, after {@link checkConfiguration}: a configuration with any broken
 * reference (e.g. a rule naming a missing standard item) throws {@link RuleConfigurationError} listing
 * every issue, instead of evaluating to something wrong.
 */
export function compileConfiguration(config: ProcedureGroupConfiguration): CompiledConfiguration {
  const issues = checkConfiguration(config);
  if (issues.length > 0) throw new RuleConfigurationError(issues);
  const set = config.concierge_set;
  const procedureList = [...config.disclosure.procedures].sort((a, b) => a.sequence - b.sequence);
  const flow = buildFlow(
    categoriesOf(set),
    procedureList.map((p) => p.code),
  );
  const flowFunctions = compileFlowFunctions(flow, true);
  const catalog = new Map<string, StandardItem>(config.standard_items.map((i) => [i.code, i]));
  const hidden = compileHiddenRules(set.concierge_rule.form_rule.hidden_rules);
  const procedureHidden = compileHiddenRules(set.concierge_rule.procedure_rule.hidden_rules);
  const procedures = new Map<string, CompiledProcedure>(
    procedureList.map((p) => [p.code, compileProcedure(p, procedureHidden.get(p.code))]),
  );
  const prefillForms = new Map<number, PrefillForm[]>();
  for (const form of set.concierge_rule.prefill_form_rule.prefill_forms) {
    const id = Number(form.source);
    prefillForms.set(id, [...(prefillForms.get(id) ?? []), form]);
  }
  const { copy_forms: copyForms } = set.concierge_rule.form_rule;
  const prefillRules = compilePrefillRules(set.concierge_rule.form_rule.prefill_rules);
  const labelOf = (id: number) => flow.options.get(id)?.label ?? `option ${id}`;
  const repeatGroups = compileRepeatGroups(set.concierge_rule.form_rule.repeatable_groups);
  const nameItems = new Set(
    categoriesOf(set).flatMap((c) =>
      c.concierge_sub_category.flatMap((s) => s.concierges.flatMap((q) => q.requires_name_validation)),
    ),
  );

  /** Chosen options that count: of shown concierges with a context, else all (after an unknown-id check). */
  const effectiveOptions = (answers: Answers, ctx?: RuleContext): number[] => {
    if (ctx) {
      const ignored = new Set(flowFunctions.evaluateAll(answers, ctx).ignoredOptionIds);
      return [...new Set(answers.optionIds)].filter((id) => !ignored.has(id));
    }
    const unknown = answers.optionIds.filter((id) => !flow.options.has(id));
    if (unknown.length > 0)
      throw new AnswerError(
        'unknown_option',
        unknown,
        [],
        `unknown concierge option id(s): ${unknown.join(', ')}`,
      );
    return [...new Set(answers.optionIds)];
  };

  const chosenProcedures = (codes: readonly string[]): CompiledProcedure[] => {
    const unknown = codes.filter((c) => !procedures.has(c));
    if (unknown.length > 0)
      throw new AnswerError(
        'unknown_procedure',
        [],
        unknown,
        `unknown procedure code(s): ${unknown.join(', ')}`,
      );
    const wanted = new Set(codes);
    return [...procedures.values()].filter((p) => wanted.has(p.procedure.code));
  };

  const applyPrefill = (answers: Answers, profile: Profile | null, ctx?: RuleContext) =>
    prefillItems(prefillForms, prefillRules, answers.items, effectiveOptions(answers, ctx), profile, labelOf);

  const copyable = new Set(
    set.assistant_concierge_category
      .flatMap((c) => c.concierge_sub_category.flatMap((s) => s.concierges))
      .filter((q) => q.copyable_standard_item_codes.length > 0)
      .map((q) => q.id),
  );

  return {
    ...flowFunctions,
    config,
    repeatGroups,
    nameItems,
    items: catalog,
    copyable,
    applyPrefill: (answers, profile, ctx) => applyPrefill(answers, profile, ctx).items,

    applyCopy(concierge, items) {
      const found = flow.concierges.get(typeof concierge === 'number' ? concierge : concierge.id)?.concierge;
      if (!found) {
        const id = typeof concierge === 'number' ? concierge : concierge.id;
        throw new AnswerError('unknown_concierge', [id], [], `concierge ${id} is not in this configuration`);
      }
      return copyItems(copyForms, found, items);
    },

    allowedProcedures(candidateCodes, answers) {
      return chosenProcedures(candidateCodes).map((p) => decideProcedure(p, answers.items));
    },

    dropHidden(items) {
      const out: Record<string, Answer> = { ...items };
      for (const [target, hiding] of hidden) {
        if (hiddenState(hiding, items).hidden) delete out[target];
      }
      return out;
    },

    formState(procedureCodes, answers, profile, ctx) {
      const chosen = chosenProcedures(procedureCodes);
      const evaluation = flowFunctions.evaluateAll(answers, ctx);
      const ignored = new Set(evaluation.ignoredOptionIds);
      const effective = [...new Set(answers.optionIds)].filter((id) => !ignored.has(id));
      const { items, prefills, verified, offers } = prefillItems(
        prefillForms,
        prefillRules,
        answers.items,
        effective,
        profile,
        labelOf,
      );
      const codes = new Set<string>();
      for (const p of chosen)
        for (const f of p.procedure.procedure_fragments) codes.add(f.standard_item_code);
      const asked = new Set<string>();
      for (const sub of evaluation.subCategories) {
        if (!sub.shown) continue;
        for (const state of sub.concierges) {
          const c = flow.concierges.get(state.id)?.concierge;
          if (!state.shown || !c) continue;
          for (const code of c.standard_item_code) asked.add(code);
          if (c.type === 'FO') for (const code of c.standard_item_code) codes.add(code);
        }
      }
      const state = buildFormState(codes, catalog, hidden, items, prefills, verified, asked, offers);
      // Each repetition after the first: its own answers in place of the group's, evaluated again.
      for (const g of repeatGroups) {
        const groupCodes = [...codes].filter((c) => g.codes.has(c));
        if (groupCodes.length === 0) continue;
        const min = repeatMin(g, items);
        const count = Math.max(min, answeredRepetitions(g, answers.repeats));
        state.repeats.push({ code: g.group.code, count, min, max: g.group.max });
        for (let sequence = 2; sequence <= count; sequence++) {
          // Options answer for the first repetition (「女の子」 is the first child's sex), so only claims fill later ones.
          const own = prefillItems(
            new Map(),
            prefillRules,
            repetitionItems(g, answers.items, answers.repeats, sequence),
            effective,
            profile,
            labelOf,
          );
          const repeated = buildFormState(
            groupCodes,
            catalog,
            hidden,
            own.items,
            own.prefills,
            new Map(),
            new Set(),
            own.offers,
          );
          state.items.push(...repeated.items.map((item) => ({ ...item, sequence })));
        }
      }
      return state;
    },
  };
}

/** Compiles a single category evaluated on its own: options outside it are unknown there. */
export function compileConciergeCategory(category: ConciergeCategory): CompiledConciergeSet {
  const issues = checkConciergeCategory(category);
  if (issues.length > 0) throw new RuleConfigurationError(issues);
  return compileFlowFunctions(buildFlow([category]), false);
}
