import type { StandardItem } from '@portal/contracts';
import {
  answerKey,
  fieldOf,
  keyOf,
  nameCharactersOnRecord,
  type FieldProblem,
  type FragmentValue,
  type StoredValue,
} from './answer-keys.js';
import {
  answersFromValues,
  isBlank,
  readItem,
  sameAnswer,
  type Profile,
  type RuleContext,
} from './answers.js';
import type { Answer } from './compare.js';
import type { CompiledConfiguration } from './compile.js';
import type { FormItemState, FormState } from './form-state.js';
import type { Verified } from './form-rules.js';
import { itemProblem, itemProblemText, type ItemCheck } from './item-validation.js';
import { groupOf } from './repeat.js';

/** What every decision about answers reads: the application's choices, its stored answers and records. */
export interface AnswerContext {
  /** Codes of the chosen procedures. */
  procedureCodes: readonly string[];
  /** The concierge options the resident chose. */
  optionIds: readonly number[];
  stored: readonly StoredValue[];
  /** What the resident's records say (card, registry, personal portal; decision 0012). */
  profile: Profile | null;
  ctx: RuleContext;
}

/** A resident's page of answers: which items the page may send and must have answered. */
export interface ResidentPage {
  kind: 'resident';
  allowed: ReadonlySet<string>;
  /** Items the page asks that must be answered (unless hidden). */
  required: readonly string[];
  /** The form's last page: later repetitions must be answered too (the assistant asks only the first). */
  repeatsRequired?: boolean;
  /** Concierges whose "same as ..." button was pressed. */
  copied: readonly number[];
  /** While a remand names fields (decision 0023), the answers open to change (`answerKey`); null: all. */
  correctable: ReadonlySet<string> | null;
}

/** A staff member's edit of a document: only the items of its procedure (`editable`). */
export interface StaffEdit {
  kind: 'staff';
  editable: ReadonlySet<string>;
}

/** The change to write: values to store, answers to remove, and the answers as they will then be. */
export interface AnswerDecision {
  errors: FieldProblem[];
  save: StoredValue[];
  /** Stored answers to delete (never one that `save` writes). */
  remove: { standard_item_code: string; sequence: number }[];
  /** Each changed answer before and after (a staff edit's history). */
  changes: { code: string; sequence: number; before: Answer | null; after: Answer | null }[];
  after: StoredValue[];
}

const refused = (errors: FieldProblem[]): AnswerDecision => ({
  errors,
  save: [],
  remove: [],
  changes: [],
  after: [],
});

/** The rules' state of the chosen procedures' form on some answers. */
export function formStateOf(
  rules: CompiledConfiguration,
  context: AnswerContext,
  values: readonly FragmentValue[] = context.stored,
  profile: Profile | null = context.profile,
): FormState {
  return rules.formState(
    context.procedureCodes,
    answersFromValues(context.optionIds, values),
    profile,
    context.ctx,
  );
}

/**
 * `compute` once per context and rules: contexts are never changed (a save makes a new one), and a kept
 * context lives across requests (decision 0046). What it answers is read only.
 */
function perContext<T>(compute: (rules: CompiledConfiguration, context: AnswerContext) => T) {
  const kept = new WeakMap<AnswerContext, { rules: CompiledConfiguration; value: T }>();
  return (rules: CompiledConfiguration, context: AnswerContext): T => {
    const found = kept.get(context);
    if (found?.rules === rules) return found.value;
    const value = compute(rules, context);
    kept.set(context, { rules, value });
    return value;
  };
}

/** `formStateOf` the stored answers, once per context: a save's answer and the next decision share it. */
export const storedFormState = perContext((rules, context) => formStateOf(rules, context));

/** The assistant's pages and questions as the stored answers show them (prefills applied), once per context. */
export const storedAssistantEvaluation = perContext((rules, context) => {
  const answers = answersFromValues(context.optionIds, context.stored);
  return rules.evaluateAssistant(
    { ...answers, items: rules.applyPrefill(answers, null, context.ctx) },
    context.ctx,
  );
});

/** How one item's answer is checked: a person's name also by its characters. */
function checkOf(rules: CompiledConfiguration, registered: ReadonlySet<string>) {
  return (code: string, required: boolean): ItemCheck => ({
    required,
    name: rules.nameItems.has(code) ? { registered } : undefined,
  });
}

/** A value's problem named at its field, or null. */
function problemAt(def: StandardItem, v: FragmentValue, check: ItemCheck): FieldProblem | null {
  const problem = itemProblem(def, v.value, check);
  return problem ? { field: fieldOf(v), message: `${def.name}: ${itemProblemText(problem)}` } : null;
}

/** Later repetitions only of a repeatable group's items, within the group's maximum (decision 0013). */
function repetitionProblems(rules: CompiledConfiguration, values: readonly FragmentValue[]): FieldProblem[] {
  const seen = new Set<string>();
  return values.flatMap((v) => {
    // Two values for one answer: which one the resident meant is unknown, so neither is taken.
    if (seen.has(keyOf(v))) return [{ field: fieldOf(v), message: 'given more than once' }];
    seen.add(keyOf(v));
    if (v.sequence === 1) return [];
    const g = groupOf(rules.repeatGroups, v.standard_item_code);
    if (!g) return [{ field: fieldOf(v), message: 'this item is asked once' }];
    return v.sequence > g.group.max
      ? [{ field: fieldOf(v), message: `at most ${g.group.max} of ${g.group.name}` }]
      : [];
  });
}

/**
 * Items the procedure requires to equal a verified source (locked prefill rules): a value that says the
 * same is stored as the source holds it (width and spacing included); a different one is refused.
 */
function checkLocked(items: readonly FormItemState[], values: readonly FragmentValue[]) {
  const locked = new Map<string, Verified>();
  for (const i of items)
    if ((i.sequence ?? 1) === 1 && i.verified?.locked && !i.hidden) locked.set(i.code, i.verified);
  const errors: FieldProblem[] = [];
  const out = values.map((v) => {
    const claim = v.sequence === 1 ? locked.get(v.standard_item_code) : undefined;
    if (!claim) return v;
    if (sameAnswer(v.value, claim.value)) return { ...v, value: claim.value };
    const from = claim.source === 'registry' ? 'the resident registry' : 'the My Number Card';
    errors.push({ field: v.standard_item_code, message: `must be as on ${from}: it cannot be changed here` });
    return v;
  });
  return { values: out, errors };
}

/**
 * Answers a remand that names fields leaves closed (decision 0023): a value of another field that differs
 * from the stored one is refused (the form may send its whole page unchanged). A field with no answer
 * stays open, so an item a correction newly asks for can always be answered.
 */
function uncorrectable(
  correctable: ReadonlySet<string>,
  storedAt: ReadonlyMap<string, Answer>,
  values: readonly FragmentValue[],
): FieldProblem[] {
  return values
    .filter((v) => !correctable.has(keyOf(v)) && !isBlank(storedAt.get(keyOf(v))))
    .filter((v) => !sameAnswer(v.value ?? null, storedAt.get(keyOf(v)) ?? null))
    .map((v) => ({
      field: fieldOf(v),
      message: 'was not sent back for correction: it cannot be changed now',
    }));
}

/**
 * The source a value to save came from: kept when the saved value is unchanged, else the source whose
 * value it equals (a prefill, or a source's value the resident typed again); null when typed.
 */
function sourceOf(
  value: FragmentValue,
  stored: ReadonlyMap<string, StoredValue>,
  before: ReadonlyMap<string, FormItemState>,
) {
  if (typeof value.value !== 'string') return null;
  const was = stored.get(keyOf(value));
  if (was && was.value === value.value) return was.source;
  const item = before.get(keyOf(value));
  if (item?.prefill === value.value) return item.prefillSource ?? null;
  if (item?.offer?.value === value.value) return item.offer.source;
  return null;
}

/** Whether a value to save is the stored one exactly: the same value (not merely `sameAnswer`) and source. */
function sameStored(was: StoredValue | undefined, value: StoredValue): boolean {
  return was !== undefined && was.source === value.source && sameValue(was.value, value.value);
}

/** The stored answers once the decision is written. */
function applied(
  stored: readonly StoredValue[],
  save: readonly StoredValue[],
  remove: readonly { standard_item_code: string; sequence: number }[],
) {
  if (save.length === 0 && remove.length === 0) return [...stored];
  const out = new Map(stored.map((v) => [keyOf(v), v]));
  for (const r of remove) out.delete(keyOf(r));
  for (const v of save) out.set(keyOf(v), v);
  return [...out.values()];
}

/** The answers a page's save would leave (copies and prefills applied) and the form state on them. */
function pageState(
  rules: CompiledConfiguration,
  context: AnswerContext,
  values: readonly FragmentValue[],
  copied: readonly number[],
) {
  const merged = answersFromValues(context.optionIds, [...context.stored, ...values]);
  let current: Record<string, Answer> = { ...merged.items };
  for (const id of copied) current = rules.applyCopy(id, current);
  current = rules.applyPrefill({ optionIds: merged.optionIds, items: current }, null, context.ctx);
  const state = rules.formState(
    context.procedureCodes,
    { optionIds: merged.optionIds, items: current, repeats: merged.repeats },
    null,
    context.ctx,
  );
  const hidden = new Set(state.items.filter((i) => i.hidden && (i.sequence ?? 1) === 1).map((i) => i.code));
  const hiddenRepeated = new Set(
    state.items.filter((i) => i.hidden && (i.sequence ?? 1) > 1).map((i) => answerKey(i.code, i.sequence)),
  );
  // Values the rules derived (copies, option prefills) are stored like typed ones, option prefills with their source.
  const optionPrefilled = new Set(
    state.items.filter((i) => i.prefillSource === 'answer' && (i.sequence ?? 1) === 1).map((i) => i.code),
  );
  const derivedAll: StoredValue[] = Object.entries(current)
    .filter(([code, value]) => merged.items[code] !== value)
    .map(([code, value]) => ({
      standard_item_code: code,
      sequence: 1,
      value: (value ?? null) as StoredValue['value'],
      source: optionPrefilled.has(code) ? 'answer' : null,
    }));
  return { merged, current, state, hidden, hiddenRepeated, derivedAll };
}

/** The stored answers and their form state's items by answer key, once per context. */
const storedIndex = perContext((rules, context) => {
  const before = storedFormState(rules, context);
  const beforeAt = new Map<string, FormItemState>();
  for (const i of before.items) {
    const key = answerKey(i.code, i.sequence);
    if (!beforeAt.has(key)) beforeAt.set(key, i);
  }
  return {
    storedBy: new Map(context.stored.map((v) => [keyOf(v), v])),
    storedAt: new Map(context.stored.map((v) => [keyOf(v), v.value])),
    before,
    beforeAt,
  };
});

/** `pageState` of the stored answers alone, once per context. */
const savedPageState = perContext((rules, context) => pageState(rules, context, [], []));

/** Whether a value sent is the stored one exactly (then the page changes nothing it is merged into). */
function sameValue(was: Answer | undefined, value: FragmentValue['value']): boolean {
  if (was === undefined) return false;
  return was === value || JSON.stringify(was) === JSON.stringify(value);
}

/** A resident's save of one page (assistant or form): see {@link decideAnswers}. */
function decideResidentPage(
  rules: CompiledConfiguration,
  context: AnswerContext,
  page: ResidentPage,
  incoming: readonly FragmentValue[],
): AnswerDecision {
  const items = rules.items;
  const unknown = incoming.filter((v) => !page.allowed.has(v.standard_item_code));
  if (unknown.length > 0)
    return refused(unknown.map((v) => ({ field: fieldOf(v), message: 'not part of this form' })));
  const beyond = repetitionProblems(rules, incoming);
  if (beyond.length > 0) return refused(beyond);
  const noCopy = page.copied.find((id) => !rules.copyable.has(id));
  if (noCopy !== undefined)
    return refused([{ field: 'copied_concierge_ids', message: `concierge ${noCopy} has nothing to copy` }]);

  const { stored } = context;
  const { storedBy, storedAt, before, beforeAt } = storedIndex(rules, context);
  const locked = checkLocked(before.items, incoming);
  const values = locked.values;
  const correctable = page.correctable;
  const closed = correctable ? uncorrectable(correctable, storedAt, values) : [];
  // A page sent again as stored (back and next) decides on the stored answers' state, kept per context.
  const asStored =
    page.copied.length === 0 && values.every((v) => sameValue(storedAt.get(keyOf(v)), v.value));
  const { merged, current, state, hidden, hiddenRepeated, derivedAll } = asStored
    ? savedPageState(rules, context)
    : pageState(rules, context, values, page.copied);
  const derived = derivedAll.filter((d) => page.allowed.has(d.standard_item_code));
  const derivedCodes = new Set(derived.map((d) => d.standard_item_code));
  const toSave = [
    ...values
      .filter((v) => v.sequence !== 1 || !derivedCodes.has(v.standard_item_code))
      .map((v) => ({ ...v, source: sourceOf(v, storedBy, beforeAt) })),
    ...derived,
  ]
    .filter((v) => (v.sequence === 1 ? !hidden.has(v.standard_item_code) : !hiddenRepeated.has(keyOf(v))))
    // Closed fields keep their stored answers, derived ones included.
    .filter((v) => !correctable || correctable.has(keyOf(v)) || isBlank(storedAt.get(keyOf(v))));

  const check = checkOf(rules, nameCharactersOnRecord(context.profile));
  const errors: FieldProblem[] = [...locked.errors, ...closed];
  for (const v of toSave) {
    const def = items.get(v.standard_item_code);
    const problem = def && problemAt(def, v, check(v.standard_item_code, false));
    if (problem) errors.push(problem);
  }
  for (const code of page.required) {
    const def = items.get(code);
    if (!def) continue;
    if (!hidden.has(code) && itemProblem(def, current[code], { required: def.required })?.key === 'required')
      errors.push({ field: code, message: `${def.name}: required` });
    // Each later repetition the form asks must be answered too.
    for (const repeated of page.repeatsRequired ? state.items : []) {
      const sequence = repeated.sequence ?? 1;
      if (repeated.code !== code || sequence === 1 || repeated.hidden) continue;
      const value = readItem(merged.repeats?.[sequence] ?? {}, code);
      if (itemProblem(def, value, { required: def.required })?.key === 'required')
        errors.push({
          field: fieldOf({ standard_item_code: code, sequence }),
          message: `${def.name}: required`,
        });
    }
  }
  if (errors.length > 0) return refused(errors);
  const kept = toSave.filter((v) => v.sequence === 1 || !isBlank(v.value));
  const saved = new Set(kept.map(keyOf));
  // A page is sent whole: an answer sent again as stored (value and source) is not written again.
  const save = kept.filter((v) => !sameStored(storedBy.get(keyOf(v)), v));
  // Hidden items are never stored (every repetition of an item hidden once goes); a repetition's blank or
  // hidden answers are removed, so a removed child leaves nothing behind.
  const remove = [
    ...stored.filter((v) => hidden.has(v.standard_item_code) || hiddenRepeated.has(keyOf(v))),
    ...toSave.filter((v) => v.sequence > 1 && isBlank(v.value)),
  ]
    .filter((v) => !saved.has(keyOf(v)))
    .map((v) => ({ standard_item_code: v.standard_item_code, sequence: v.sequence }));
  return { errors: [], save, remove, changes: [], after: applied(stored, save, remove) };
}

/** A staff edit of a document's answers: see {@link decideAnswers}. */
function decideStaffEdit(
  rules: CompiledConfiguration,
  context: AnswerContext,
  edit: StaffEdit,
  incoming: readonly FragmentValue[],
): AnswerDecision {
  const items = rules.items;
  const errors: FieldProblem[] = [];
  for (const v of incoming) {
    if (!items.has(v.standard_item_code) || !edit.editable.has(v.standard_item_code))
      errors.push({ field: fieldOf(v), message: 'not an item of this document' });
  }
  const known = incoming.filter(
    (v) => items.has(v.standard_item_code) && edit.editable.has(v.standard_item_code),
  );
  errors.push(...repetitionProblems(rules, known));
  if (errors.length > 0) return refused(errors);

  const { stored } = context;
  const state = formStateOf(rules, context, [...stored, ...incoming], null);
  const stateAt = new Map(state.items.map((i) => [answerKey(i.code, i.sequence), i]));
  const check = checkOf(rules, nameCharactersOnRecord(context.profile));
  for (const v of incoming) {
    const def = items.get(v.standard_item_code)!;
    const item = stateAt.get(keyOf(v));
    if (item?.hidden) {
      errors.push({ field: fieldOf(v), message: `${def.name}: hidden by the other answers` });
      continue;
    }
    const required = v.sequence === 1 && (item?.required ?? def.required);
    const problem = problemAt(def, v, check(v.standard_item_code, required));
    if (problem) errors.push(problem);
  }
  if (errors.length > 0) return refused(errors);

  const before = new Map(stored.map((v) => [keyOf(v), v]));
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const changed = incoming.filter((v) => !same(before.get(keyOf(v))?.value, v.value));
  // Items this edit hides lose their stored values (what was hidden before stays as it was).
  const hiddenBefore = new Set(
    formStateOf(rules, context, stored, null)
      .items.filter((i) => i.hidden)
      .map((i) => answerKey(i.code, i.sequence)),
  );
  const hiddenNow = new Set(
    state.items
      .filter((i) => i.hidden && !hiddenBefore.has(answerKey(i.code, i.sequence)))
      .map((i) => answerKey(i.code, i.sequence)),
  );
  const gone = stored.filter((v) => hiddenNow.has(keyOf(v)));
  // A later child's blanked value is deleted, as the applicant form does (decision 0013).
  const blanked = changed.filter((v) => v.sequence > 1 && isBlank(v.value));
  const remove = [...gone, ...blanked].map((v) => ({
    standard_item_code: v.standard_item_code,
    sequence: v.sequence,
  }));
  // Staff's value is typed, not a source's: it keeps no source.
  const save = changed.filter((v) => !blanked.includes(v)).map((v) => ({ ...v, source: null }));
  const changes = [
    ...changed.map((v) => ({
      code: v.standard_item_code,
      sequence: v.sequence,
      before: before.get(keyOf(v))?.value ?? null,
      after: v.value,
    })),
    ...gone
      .filter((v) => v.value !== null)
      .map((v) => ({ code: v.standard_item_code, sequence: v.sequence, before: v.value, after: null })),
  ];
  return { errors: [], save, remove, changes, after: applied(stored, save, remove) };
}

/**
 * The one decision about answers to save, for every path that writes them: the resident's assistant and
 * form pages (`ResidentPage`) and a staff edit (`StaffEdit`). It checks each value against its standard
 * item (type, length, pattern, choices, and a person name's characters), repetitions, locked values,
 * fields a remand left closed, copies, option prefills and hidden items, and returns the errors at their
 * fields or what to store and remove. Pure: the caller reads `context` once and writes the result once.
 */
export function decideAnswers(
  rules: CompiledConfiguration,
  context: AnswerContext,
  page: ResidentPage | StaffEdit,
  incoming: readonly FragmentValue[],
): AnswerDecision {
  return page.kind === 'staff'
    ? decideStaffEdit(rules, context, page, incoming)
    : decideResidentPage(rules, context, page, incoming);
}

/**
 * What stops the answers of an application being submitted: every shown item of the chosen procedures
 * checked as a save checks it, required ones included (the submission's check).
 */
export function answerProblems(rules: CompiledConfiguration, context: AnswerContext): FieldProblem[] {
  const items = rules.items;
  const answers = answersFromValues(context.optionIds, context.stored);
  const check = checkOf(rules, nameCharactersOnRecord(context.profile));
  const out: FieldProblem[] = [];
  for (const s of formStateOf(rules, context, context.stored, null).items) {
    const def = items.get(s.code);
    if (!def || s.hidden) continue;
    const sequence = s.sequence ?? 1;
    const value = sequence === 1 ? answers.items[s.code] : answers.repeats?.[sequence]?.[s.code];
    const problem = problemAt(
      def,
      { standard_item_code: s.code, sequence, value: (value ?? null) as FragmentValue['value'] },
      check(s.code, s.required),
    );
    if (problem) out.push(problem);
  }
  return out;
}
