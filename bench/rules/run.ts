// Benchmark of the rules engine (packages/rules) against SurveyJS (survey-core) on a generated
// 300-question configuration. Not a test: run with `npx tsx bench/rules/run.ts` from the repository root.
// Options: BENCH_CHANGES (default 2000), BENCH_WARMUP (default 500), BENCH_SEED (default 20260401).
import type {
  Concierge,
  ConciergeSubCategory,
  ProcedureGroupConfiguration,
  StandardItem,
  ViewRule,
} from '@portal/contracts';
import { compileConfiguration, type Answer, type CompiledConfiguration } from '@portal/rules';
import { Model } from 'survey-core';

const CHANGES = Number(process.env.BENCH_CHANGES ?? 2000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const SEED = Number(process.env.BENCH_SEED ?? 20260401);
const SUBS = 10;
const PER_SUB = 30;
const VALUES = [1, 2, 3];

/** Deterministic PRNG (mulberry32), so runs compare the same workload. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

// ---------------------------------------------------------------------------------------------------------
// One generated flow, written twice: as our configuration and as a SurveyJS model
// ---------------------------------------------------------------------------------------------------------

/** A condition in both languages. */
interface Rule {
  ours: ViewRule;
  survey: string;
}
const OPS = { equal: '=', above: '>', below: '<' } as const;
const selectedRule = (question: number, value: number): Rule => ({
  ours: { pattern: 'selected', expected: String(optionId(question, value)), expression: '', symbol: '' },
  survey: `{q${question}} = ${value}`,
});
const formulaRule = (question: number, symbol: keyof typeof OPS, value: number): Rule => ({
  ours: { pattern: 'formula', expression: `q${question}`, symbol, expected: String(value) },
  survey: `{q${question}} ${OPS[symbol]} ${value}`,
});
const ageRule = (symbol: 'above' | 'below', years: number): Rule => ({
  ours: { pattern: 'formula', expression: 'age(birth_date)', symbol, expected: String(years) },
  survey: `age({birth_date}) ${OPS[symbol]} ${years}`,
});
const optionId = (question: number, value: number) => question * 10 + value;
const surveyIf = (conditions: string[]) =>
  conditions.length === 0 ? undefined : conditions.map((c) => `(${c})`).join(' and ');

interface GeneratedQuestion {
  id: number;
  sub: number;
  rules: Rule[];
  /** Reached only through option "1" of the previous question (a destination). */
  afterPrevious: boolean;
}

function generate() {
  const questions: GeneratedQuestion[] = [];
  const subRules: Rule[][] = [];
  let id = 1;
  for (let s = 0; s < SUBS; s++) {
    const rules: Rule[] = [];
    const earlier = questions.filter((q) => q.sub === s - 1 && q.id > 1);
    if (s > 0 && random() < 0.5) rules.push(selectedRule(pick(earlier).id, pick(VALUES)));
    if (s > 0 && random() < 0.2) rules.push(ageRule('below', 40 + Math.floor(random() * 30)));
    subRules.push(rules);
    for (let j = 0; j < PER_SUB; j++, id++) {
      const q: GeneratedQuestion = { id, sub: s, rules: [], afterPrevious: false };
      const before = questions.filter((p) => p.id > 1 && p.id < id);
      if (j > 0 && random() < 0.3 && id > 2) q.afterPrevious = true;
      if (j > 0 && before.length > 0 && random() < 0.25)
        q.rules.push(selectedRule(pick(before).id, pick(VALUES)));
      if (j > 0 && before.length > 0 && random() < 0.15) {
        q.rules.push(formulaRule(pick(before).id, pick(['equal', 'above', 'below'] as const), pick(VALUES)));
      }
      if (j > 0 && random() < 0.05)
        q.rules.push(ageRule(pick(['above', 'below'] as const), 20 + Math.floor(random() * 40)));
      questions.push(q);
    }
  }
  return { questions, subRules };
}

const { questions, subRules } = generate();
// Question 1 is the date of birth (an FO concierge) that age() reads; the others are QT questions.
const BIRTH = 1;

function ourConfiguration(): ProcedureGroupConfiguration {
  const concierge = (q: GeneratedQuestion, j: number): Concierge => ({
    id: q.id,
    type: q.id === BIRTH ? 'FO' : 'QT',
    name: `question ${q.id}`,
    question: `Question ${q.id}?`,
    standard_item_code: [q.id === BIRTH ? 'birth_date' : `q${q.id}`],
    sequence: j,
    view_rules: q.rules.map((r) => r.ours),
    is_first: j === 0,
    suffix: null,
    remarks: null,
    copyable_label: null,
    copyable_standard_item_codes: [],
    is_horizontal: false,
    requires_name_validation: [],
    concierge_procedure_codes: q.id === 2 ? [{ id: 1, procedure_code: 'bench_procedure' }] : [],
    concierge_options:
      q.id === BIRTH
        ? []
        : VALUES.map((v) => {
            const next = questions.find((n) => n.id === q.id + 1 && n.sub === q.sub && n.afterPrevious);
            const destination =
              v === 1 && next
                ? {
                    id: optionId(q.id, v),
                    concierge_id: next.id,
                    is_scopedout: false,
                    scopedout_message: null,
                  }
                : null;
            return {
              id: optionId(q.id, v),
              value: String(v),
              sequence: v,
              concierge_destination: destination,
            };
          }),
  });
  const subs: ConciergeSubCategory[] = subRules.map((rules, s) => ({
    id: s + 1,
    breadcrumbs: [`section ${s + 1}`],
    name: `section ${s + 1}`,
    sequence: s,
    image_type: null,
    view_rules: rules.map((r) => r.ours),
    concierges: questions.filter((q) => q.sub === s).map(concierge),
  }));
  const item = (code: string): StandardItem => ({
    code,
    name: code,
    type: code === 'birth_date' ? 'date' : 'radio',
    required: false,
    min_length: null,
    max_length: null,
    pattern: null,
    choices: code === 'birth_date' ? [] : VALUES.map((v) => ({ value: String(v), label: String(v) })),
    reading_of: null,
    suffix: null,
    remarks: null,
  });
  const codes = questions.map((q) => (q.id === BIRTH ? 'birth_date' : `q${q.id}`));
  return {
    id: 1,
    name: 'bench',
    sequence: 0,
    icon_type: 'OT',
    description: null,
    disclosure: {
      id: 1,
      procedure_group_id: 1,
      identifications: { jpki: true, basic_four_information: false },
      use_basic_four_information: false,
      use_mynaportal: false,
      start_date: '2024-01-01',
      end_date: '2099-12-31',
      is_publish: true,
      procedures: [
        {
          id: 1,
          code: 'bench_procedure',
          name: 'bench',
          sequence: 0,
          remarks: null,
          is_confirmed: true,
          printed_copies: 1,
          check_messages: [],
          procedural_rules: [],
          workflow_template_id: null,
          is_signature_digital_certificate: false,
          department_code: null,
          procedure_fragments: codes.map((c, i) => ({ id: i + 1, name: 'all', standard_item_code: c })),
        },
      ],
      procedure_attaches: [],
    },
    concierge_set: {
      id: 1,
      name: 'bench',
      is_confirmed: true,
      filter_concierge_category: {
        id: 1,
        name: 'filter',
        title: '',
        type: 'FI',
        sequence: 0,
        concierge_sub_category: subs,
      },
      assistant_concierge_category: [],
      concierge_rule: {
        form_rule: { copy_forms: [], hidden_rules: [], prefill_rules: [] },
        prefill_form_rule: {
          prefill_forms: questions
            .filter((q) => q.id !== BIRTH)
            .flatMap((q) =>
              VALUES.map((v) => ({
                source: String(optionId(q.id, v)),
                target: `q${q.id}`,
                expected: String(v),
              })),
            ),
        },
        procedure_rule: { hidden_rules: [] },
      },
    },
    standard_items: codes.map(item),
    workflow_templates: [],
    reports: [],
  };
}

function surveyJson() {
  return {
    clearInvisibleValues: 'onHiddenContainer',
    pages: [
      {
        name: 'all',
        elements: subRules.map((rules, s) => ({
          type: 'panel',
          name: `section${s + 1}`,
          visibleIf: surveyIf(rules.map((r) => r.survey)),
          elements: questions
            .filter((q) => q.sub === s)
            .map((q) => {
              // A destination: shown after option 1 of the previous question (cleared when that one hides).
              const previous = q.afterPrevious ? [`{q${q.id - 1}} = 1`] : [];
              const visibleIf = surveyIf([...previous, ...q.rules.map((r) => r.survey)]);
              return q.id === BIRTH
                ? { type: 'text', inputType: 'date', name: 'birth_date', visibleIf }
                : { type: 'radiogroup', name: `q${q.id}`, choices: VALUES, visibleIf };
            }),
        })),
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------
// The two engines behind one interface: apply one answer change, then read the visibility of every question
// ---------------------------------------------------------------------------------------------------------

type Change = { name: string; value: string | number };
const today = new Date().toISOString().slice(0, 10);
const ctx = { today };

interface Engine {
  change(c: Change): boolean[];
}

/**
 * Ours, as the portal uses it: the chosen option replaces the question's previous one, its prefill form
 * sets the item, and the options and items of questions that become hidden are dropped (the server
 * never stores them), re-evaluating until nothing more is dropped.
 */
function ourEngine(rules: CompiledConfiguration): Engine {
  const chosen = new Map<number, number>(); // question id → option id
  const items: Record<string, Answer> = {};
  const order = questions.map((q) => q.id);
  return {
    change({ name, value }) {
      if (name === 'birth_date') items.birth_date = String(value);
      else {
        const id = Number(name.slice(1));
        chosen.set(id, optionId(id, Number(value)));
        items[name] = String(value);
      }
      for (;;) {
        const result = rules.evaluateFilter({ optionIds: [...chosen.values()], items }, ctx);
        if (result.ignoredOptionIds.length === 0) {
          const shown = new Map<number, boolean>();
          for (const s of result.subCategories) for (const c of s.concierges) shown.set(c.id, c.shown);
          return order.map((id) => shown.get(id) === true);
        }
        for (const optionIdValue of result.ignoredOptionIds) {
          const question = Math.floor(optionIdValue / 10);
          chosen.delete(question);
          delete items[`q${question}`];
        }
      }
    },
  };
}

function surveyEngine(): Engine {
  const model = new Model(surveyJson());
  const all = questions.map((q) => model.getQuestionByName(q.id === BIRTH ? 'birth_date' : `q${q.id}`));
  return {
    change({ name, value }) {
      model.setValue(name, value);
      return all.map((q) => q.isVisible && q.isParentVisible);
    },
  };
}

/** A random walk of answer changes, each to a question visible at that moment. */
function workload(rules: CompiledConfiguration, count: number): Change[] {
  const engine = ourEngine(rules);
  let visible = engine.change({ name: 'birth_date', value: '1990-06-15' });
  const changes: Change[] = [{ name: 'birth_date', value: '1990-06-15' }];
  while (changes.length < count) {
    const candidates = questions.filter((_, i) => visible[i]);
    const q = pick(candidates);
    const change: Change =
      q.id === BIRTH
        ? {
            name: 'birth_date',
            value: `${1950 + Math.floor(random() * 75)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
          }
        : { name: `q${q.id}`, value: pick(VALUES) };
    changes.push(change);
    visible = engine.change(change);
  }
  return changes;
}

/** Replays the changes on a warmed-up engine type; returns ms per change and every visibility result. */
function time(make: () => Engine, changes: readonly Change[]): { ms: number; results: boolean[][] } {
  const warm = make();
  for (const c of changes.slice(0, WARMUP)) warm.change(c);
  const engine = make();
  const results: boolean[][] = [];
  const start = performance.now();
  for (const c of changes) results.push(engine.change(c));
  return { ms: (performance.now() - start) / changes.length, results };
}

const config = ourConfiguration();
const rules = compileConfiguration(config); // also checks the configuration
const changes = workload(rules, CHANGES);
const ours = time(() => ourEngine(rules), changes);
const survey = time(surveyEngine, changes);

// Both engines must agree on every question after every change, or the comparison means nothing.
const mismatches = ours.results.filter((a, n) => a.some((v, i) => v !== survey.results[n]?.[i])).length;
const visibleTotal = ours.results.reduce((sum, a) => sum + a.filter(Boolean).length, 0);
const viewRules =
  questions.reduce((n, q) => n + q.rules.length, 0) + subRules.reduce((n, r) => n + r.length, 0);
console.log(
  `configuration: ${questions.length} questions in ${SUBS} sub categories, ${viewRules} view rules, ` +
    `${questions.filter((q) => q.afterPrevious).length} destinations; ${changes.length} answer changes ` +
    `(warm-up ${WARMUP}), ${(visibleTotal / changes.length).toFixed(0)} questions visible on average`,
);
console.log(
  `agreement: ${changes.length - mismatches}/${changes.length} changes give the same visibility in both engines`,
);
if (mismatches > 0) process.exitCode = 1;

const ratio = survey.ms / ours.ms;
const goal = ratio >= 10 && ours.ms < 1;
console.log(
  `rules: ours ${ours.ms.toFixed(3)} ms/change, survey-core ${survey.ms.toFixed(3)} ms/change, ratio ${ratio.toFixed(0)}x ` +
    `(goal >= 10x, < 1 ms${goal ? ': met' : ': NOT met'})`,
);
