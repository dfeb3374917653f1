import type { Concierge, ConciergeCategory, ConciergeOption, ConciergeSubCategory } from '@portal/contracts';
import { assertContext, isBlank, readItem, type Answers, type RuleContext } from './answers.js';
import { AnswerError } from './errors.js';
import { answerText, answersText, because, quote, subjects, type Explanation } from './explain.js';
import { compileViewRules, holdAll, type CompiledViewRule } from './view-rules.js';

/**
 * The concierge flow: which sections (sub categories) and questions (concierges) are shown, given the
 * chosen options and item answers.
 *
 * - A sub category is shown when its view rules hold.
 * - Inside a shown sub category a concierge is *reachable* when it is `is_first`, when no option of its
 *   sub category leads to it (free-standing), or when it is the destination of a chosen option of a
 *   reachable, shown concierge of its sub category. A destination in another sub category therefore
 *   never changes reachability (its target is free-standing or first in its own sub category).
 * - A concierge is shown when it is reachable and its view rules hold.
 * - QT concierges are single choice: two chosen options of one QT concierge is an {@link AnswerError}
 *   (`multiple_choice`); an option id that belongs to no concierge of the configuration is one too
 *   (`unknown_option`). Chosen options of hidden concierges are not errors: they are listed in
 *   `ignoredOptionIds` (the server does not store them).
 * - A chosen option of a shown concierge whose destination is scoped out scopes the flow out; every such
 *   option's `scopedout_message` is collected, in order of the questions (blank messages are skipped).
 * - Candidate procedures are the `concierge_procedure_codes` of the shown concierges that are answered (a
 *   chosen option for QT, any non-blank item of its `standard_item_code` for FO) and whose chosen option
 *   does not scope out, in procedure sequence order. They are computed per concierge as well when the
 *   flow is scoped out: callers check `scopedOut` first.
 * - Formula rules read `answers.items` as given. Values that chosen options imply (prefill forms, e.g.
 *   the pension type of a civil servant) count only once the caller has applied them: evaluate with the
 *   items returned by `applyPrefill`, as the server stores them.
 */
export interface ConciergeState {
  id: number;
  shown: boolean;
  reason: string;
  answered: boolean;
}

export interface SubCategoryState {
  id: number;
  shown: boolean;
  reason: string;
  concierges: ConciergeState[];
}

export interface CategoryEvaluation {
  subCategories: SubCategoryState[];
  scopedOut: boolean;
  scopedOutMessages: string[];
  /** English of each scoped-out message, parallel to `scopedOutMessages` ('' when it has none). */
  scopedOutMessagesEn: string[];
  ignoredOptionIds: number[];
  procedureCodes: string[];
  explanations: Explanation[];
}

export interface FlowOption {
  readonly option: ConciergeOption;
  readonly owner: FlowConcierge;
  /** The concierge of the same sub category this option leads to (undefined when none or scoped out). */
  readonly next: FlowConcierge | undefined;
  readonly scopedOut: boolean;
  readonly message: string | null;
  /** English of the message ('' when none). */
  readonly messageEn: string;
  /** `"はい" to "お子さんは生まれましたか？"`. */
  readonly label: string;
}

export interface FlowConcierge {
  readonly index: number;
  readonly concierge: Concierge;
  readonly sub: FlowSub;
  readonly category: FlowCategory;
  readonly rules: readonly CompiledViewRule[];
  /** How it is reachable without an answer: first of its section, free-standing, or only by destination. */
  readonly root: 'first' | 'free' | null;
  readonly options: readonly FlowOption[];
  readonly question: string;
  readonly unreachedReason: string;
}

export interface FlowSub {
  readonly sub: ConciergeSubCategory;
  readonly rules: readonly CompiledViewRule[];
  /** In sequence order. */
  readonly concierges: readonly FlowConcierge[];
  readonly roots: readonly FlowConcierge[];
  readonly firstPhrase: string;
  readonly hiddenChildReason: string;
}

export interface FlowCategory {
  readonly index: number;
  readonly category: ConciergeCategory;
  /** In sequence order. */
  readonly subs: readonly FlowSub[];
}

/** Concierge categories compiled once: lookups by id and precomputed texts. */
export interface ConciergeFlow {
  readonly categories: readonly FlowCategory[];
  readonly options: ReadonlyMap<number, FlowOption>;
  readonly concierges: ReadonlyMap<number, FlowConcierge>;
  readonly size: number;
  /** Order of procedure codes in results (procedure sequence, or first appearance). */
  readonly procedureRank: ReadonlyMap<string, number>;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const bySequence = <T extends { sequence: number }>(list: readonly T[]) =>
  [...list].sort((a, b) => a.sequence - b.sequence);

const questionOf = (c: Concierge) => (c.question.trim() !== '' ? c.question : c.name);

/**
 * Compiles categories (the filter category first, then the assistant categories). Option descriptions
 * are resolved across all of them. `procedureOrder` lists procedure codes in sequence order; codes not in
 * it follow in order of first appearance. Assumes a checked configuration, but never crashes on a
 * dangling reference (a destination to a missing concierge leads nowhere).
 */
export function buildFlow(
  categories: readonly ConciergeCategory[],
  procedureOrder: readonly string[] = [],
): ConciergeFlow {
  const optionLabels = new Map<number, string>();
  const questionOfOption = new Map<number, string>();
  for (const category of categories) {
    for (const sub of category.concierge_sub_category) {
      for (const c of sub.concierges) {
        for (const o of c.concierge_options) {
          optionLabels.set(o.id, answerText(o.value, questionOf(c)));
          questionOfOption.set(o.id, questionOf(c));
        }
      }
    }
  }
  const describe = (id: number) => optionLabels.get(id);

  const options = new Map<number, FlowOption>();
  const concierges = new Map<number, FlowConcierge>();
  const procedureRank = new Map<string, number>(procedureOrder.map((code, i) => [code, i]));
  let index = 0;
  const flowCategories = categories.map((category, categoryIndex) => {
    const flowCategory: Mutable<FlowCategory> = { index: categoryIndex, category, subs: [] };
    flowCategory.subs = bySequence(category.concierge_sub_category).map((sub, subIndex) => {
      const path = `categories[${categoryIndex}].concierge_sub_category[${subIndex}]`;
      const flowSub: Mutable<FlowSub> = {
        sub,
        rules: compileViewRules(sub.view_rules, describe, `${path}.view_rules`),
        concierges: [],
        roots: [],
        firstPhrase: `it is the first question of ${quote(sub.name)}`,
        hiddenChildReason: `hidden because its section ${quote(sub.name)} is hidden`,
      };
      const inSub = new Set(sub.concierges.map((c) => c.id));
      const incoming = new Map<number, ConciergeOption[]>();
      for (const c of sub.concierges) {
        for (const o of c.concierge_options) {
          const to = o.concierge_destination;
          if (!to || to.is_scopedout || to.concierge_id === null || !inSub.has(to.concierge_id)) continue;
          incoming.set(to.concierge_id, [...(incoming.get(to.concierge_id) ?? []), o]);
        }
      }
      flowSub.concierges = bySequence(sub.concierges).map((concierge, i) => {
        const question = questionOf(concierge);
        const from = incoming.get(concierge.id) ?? [];
        const node: Mutable<FlowConcierge> = {
          index: index++,
          concierge,
          sub: flowSub,
          category: flowCategory,
          rules: compileViewRules(concierge.view_rules, describe, `${path}.concierges[${i}].view_rules`),
          root: concierge.is_first ? 'first' : from.length === 0 ? 'free' : null,
          options: [],
          question,
          unreachedReason: `hidden because it is asked only after you answer ${incomingText(from, questionOfOption)}`,
        };
        concierges.set(concierge.id, node);
        for (const code of concierge.concierge_procedure_codes) {
          if (!procedureRank.has(code.procedure_code))
            procedureRank.set(code.procedure_code, procedureRank.size);
        }
        return node;
      });
      flowSub.roots = flowSub.concierges.filter((c) => c.root !== null);
      return flowSub;
    });
    return flowCategory;
  });

  for (const node of concierges.values()) {
    (node as Mutable<FlowConcierge>).options = bySequence(node.concierge.concierge_options).map((option) => {
      const to = option.concierge_destination;
      const scopedOut = to?.is_scopedout === true;
      const target = !scopedOut && to?.concierge_id != null ? concierges.get(to.concierge_id) : undefined;
      const flowOption: FlowOption = {
        option,
        owner: node,
        next: target && target.sub === node.sub ? target : undefined,
        scopedOut,
        message: scopedOut ? (to?.scopedout_message ?? null) : null,
        messageEn: scopedOut ? (to?.en?.scopedout_message ?? '') : '',
        label: answerText(option.value, node.question),
      };
      options.set(option.id, flowOption);
      return flowOption;
    });
  }
  return { categories: flowCategories, options, concierges, size: index, procedureRank };
}

/** `"父" or "母" to "…"`, grouped by question, joined with "or". */
function incomingText(
  from: readonly ConciergeOption[],
  questionOfOption: ReadonlyMap<number, string>,
): string {
  const byQuestion = new Map<string, string[]>();
  for (const o of from) {
    const question = questionOfOption.get(o.id) ?? '';
    byQuestion.set(question, [...(byQuestion.get(question) ?? []), o.value]);
  }
  return [...byQuestion].map(([question, values]) => answersText(values, question)).join(' or ');
}

/** Reads the chosen options, throwing {@link AnswerError} for unknown ids and double single choices. */
function chosenOptions(flow: ConciergeFlow, optionIds: readonly number[]) {
  const chosen = new Array<FlowOption | undefined>(flow.size);
  const selected = new Set<number>();
  const order: FlowOption[] = [];
  let unknown: number[] | undefined;
  let multiple: Set<number> | undefined;
  for (const id of optionIds) {
    if (selected.has(id)) continue;
    selected.add(id);
    const o = flow.options.get(id);
    if (!o) {
      (unknown ??= []).push(id);
      continue;
    }
    order.push(o);
    const previous = chosen[o.owner.index];
    if (!previous) chosen[o.owner.index] = o;
    else if (o.owner.concierge.type === 'QT') (multiple ??= new Set()).add(previous.option.id).add(id);
  }
  if (unknown) {
    throw new AnswerError(
      'unknown_option',
      unknown,
      [],
      `unknown concierge option id(s): ${unknown.join(', ')}`,
    );
  }
  if (multiple) {
    const ids = [...multiple];
    throw new AnswerError(
      'multiple_choice',
      ids,
      [],
      `only one option of a question can be chosen: ${ids.join(', ')}`,
    );
  }
  return { chosen, selected, order };
}

/**
 * Evaluates the categories of `scope` (compiled in `flow`). Options of other categories of the flow
 * (e.g. filter answers while evaluating the assistant) are read by `selected` rules but are neither
 * ignored nor errors here.
 */
export function evaluateFlow(
  flow: ConciergeFlow,
  scope: readonly FlowCategory[],
  answers: Answers,
  ctx: RuleContext,
): CategoryEvaluation {
  assertContext(ctx);
  const { chosen, selected, order } = chosenOptions(flow, answers.optionIds);
  const { items } = answers;
  const today = ctx.today;
  const shownFlags = new Uint8Array(flow.size);
  const reached = new Uint8Array(flow.size);
  const reachedBy = new Array<FlowOption | undefined>(flow.size);
  const reasons = new Array<string>(flow.size);
  const inScope = new Uint8Array(flow.categories.length);
  const result: CategoryEvaluation = {
    subCategories: [],
    scopedOut: false,
    scopedOutMessages: [],
    scopedOutMessagesEn: [],
    ignoredOptionIds: [],
    procedureCodes: [],
    explanations: [],
  };
  const { explanations } = result;
  const candidates = new Map<string, string[]>();
  const scoped: Explanation[] = [];
  const stack: FlowConcierge[] = [];

  for (const category of scope) {
    inScope[category.index] = 1;
    for (const sub of category.subs) {
      let phrases: string[] = [];
      const subShown = holdAll(sub.rules, selected, items, today, phrases);
      const subReason =
        sub.rules.length === 0 ? 'shown because it has no conditions' : because(subShown, phrases);
      explanations.push({ subject: subjects.subCategory(sub.sub.id), shown: subShown, reason: subReason });
      const states: ConciergeState[] = [];
      result.subCategories.push({ id: sub.sub.id, shown: subShown, reason: subReason, concierges: states });

      if (subShown) {
        for (const root of sub.roots) {
          reached[root.index] = 1;
          stack.push(root);
        }
        while (stack.length > 0) {
          const c = stack.pop() as FlowConcierge;
          phrases = [];
          const ok = holdAll(c.rules, selected, items, today, phrases);
          if (ok) {
            const via = reachedBy[c.index];
            const entry =
              c.root === 'first' ? sub.firstPhrase : via ? `you answered ${via.label}` : undefined;
            if (entry) phrases.unshift(entry);
            shownFlags[c.index] = 1;
            reasons[c.index] =
              phrases.length === 0 ? 'shown because it has no conditions' : because(true, phrases);
            const next = chosen[c.index]?.next;
            if (next && reached[next.index] === 0) {
              reached[next.index] = 1;
              reachedBy[next.index] = chosen[c.index];
              stack.push(next);
            }
          } else {
            reasons[c.index] = because(false, phrases);
          }
        }
      }

      for (const c of sub.concierges) {
        const shown = shownFlags[c.index] === 1;
        const reason = !subShown
          ? sub.hiddenChildReason
          : reached[c.index] === 1
            ? (reasons[c.index] as string)
            : c.unreachedReason;
        const option = chosen[c.index];
        const answered =
          c.concierge.type === 'QT'
            ? option !== undefined
            : c.concierge.standard_item_code.some((code) => !isBlank(readItem(items, code)));
        states.push({ id: c.concierge.id, shown, reason, answered });
        explanations.push({ subject: subjects.concierge(c.concierge.id), shown, reason });
        if (!shown || !answered) continue;
        if (option?.scopedOut) {
          result.scopedOut = true;
          if (option.message !== null && option.message.trim() !== '') {
            result.scopedOutMessages.push(option.message);
            result.scopedOutMessagesEn.push(option.messageEn);
          }
          scoped.push({
            subject: subjects.option(option.option.id),
            shown: false,
            reason: `the online route ends because you answered ${option.label}${option.message ? `: ${option.message}` : ''}`,
          });
          continue;
        }
        const why = option ? `you answered ${option.label}` : `you filled in ${quote(c.question)}`;
        for (const { procedure_code } of c.concierge.concierge_procedure_codes) {
          const list = candidates.get(procedure_code);
          if (!list) candidates.set(procedure_code, [why]);
          else if (!list.includes(why)) list.push(why);
        }
      }
    }
  }

  explanations.push(...scoped);
  for (const o of order) {
    if (inScope[o.owner.category.index] === 1 && shownFlags[o.owner.index] === 0) {
      result.ignoredOptionIds.push(o.option.id);
      explanations.push({
        subject: subjects.option(o.option.id),
        shown: false,
        reason: `ignored because the question ${quote(o.owner.question)} is not shown`,
      });
    }
  }
  const rank = flow.procedureRank;
  result.procedureCodes = [...candidates.keys()].sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
  for (const code of result.procedureCodes) {
    explanations.push({
      subject: subjects.procedure(code),
      shown: true,
      reason: `candidate because ${(candidates.get(code) as string[]).join(' and ')}`,
    });
  }
  return result;
}
