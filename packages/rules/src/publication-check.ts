import type { ProcedureGroupConfiguration, ResidentStep } from '@portal/contracts';
import { checkConfiguration } from './check.js';
import type { RuleIssueCode } from './errors.js';
import { conciergeSetItemReferences, groupItemReferences, type ItemReference } from './item-references.js';
import { flowReach, procedureRoutes } from './targeting.js';

/**
 * The pre-reflection check (公開前チェック, decision 0047): what a draft that saves may still get wrong for
 * residents. Errors block reflecting to staging; warnings are shown and do not block.
 *
 * Errors:
 * - `procedure_unreachable`: no answer of a question that can be reached lists the procedure;
 * - `page_without_question`: an assistant page (sub category) with no question;
 * - `item_not_asked`: a required item of the group that no page asks (no procedure's form sections, no
 *   question), once the group has a procedure (before that there is no form to ask on);
 * - `attach_without_procedure`: an attachment slot of no procedure of the group;
 * - `rule_item_not_asked`: a rule (hidden, copy, prefill, view-rule formula, procedural, repeatable group)
 *   naming an item no page asks and no chosen option fills in (same condition as `item_not_asked`);
 * - `step_text_route`: a resident step text promising a signature or an identification route the group
 *   does not have (decision 0028);
 * - every broken reference `checkConfiguration` finds (a rule naming a missing item or option, ...),
 *   with its own code.
 * Warnings:
 * - `item_asked_twice`: two questions ask the same item;
 * - `option_unreachable`: an option of a question no answers can reach.
 */
export type PublicationProblemCode =
  | 'procedure_unreachable'
  | 'page_without_question'
  | 'item_not_asked'
  | 'attach_without_procedure'
  | 'rule_item_not_asked'
  | 'step_text_route'
  | 'item_asked_twice'
  | 'option_unreachable'
  | RuleIssueCode;

export interface PublicationProblem {
  code: PublicationProblemCode;
  severity: 'error' | 'warning';
  /** Where, as the configuration checks give it (`disclosure.procedures[0].name`). */
  path: string;
  /** What the message is about: a procedure, item, option or page name, a route (`signature`, `jpki`). */
  subject: string;
  /** The checker's own words (English), for logs and the API's error body. */
  message: string;
}

/** A step text's promise, and the words that make it (Japanese and English). */
const PROMISES = {
  signature: /署名|signature|\bsign\b/i,
  digital: /電子署名|電子証明書|公的個人認証|digital(?:ly)? sign|certificate/i,
  handwritten: /手書き|handwritten|hand-written|drawn/i,
  jpki: /マイナンバーカード|公的個人認証|jpki|my ?number card/i,
  basic_four_information: /基本4情報|基本４情報|basic (?:four|4)/i,
  mynaportal: /マイナポータル|mynaportal|myna ?portal/i,
} as const;
type Promised = keyof typeof PROMISES;

/** A sentence that says something is not needed or not offered promises nothing. */
const DENIES = /不要|必要ありません|必要はありません|ありません|できません|ません|not |no |none|n't/i;

/** The promises of one text, sentence by sentence. */
function promisesOf(text: string): Set<Promised> {
  const found = new Set<Promised>();
  for (const sentence of text.split(/[。．.!?！？\n]+/)) {
    if (sentence.trim() === '' || DENIES.test(sentence)) continue;
    for (const [name, words] of Object.entries(PROMISES) as [Promised, RegExp][])
      if (words.test(sentence)) found.add(name);
  }
  return found;
}

/** The routes a group really has: which signatures, which identification routes (way-ahead.ts's rule). */
function routesOf(config: ProcedureGroupConfiguration): Record<Promised, boolean> {
  const d = config.disclosure;
  const withProcedure = new Set(d.procedures.map((p) => p.id));
  const handwritten = d.procedure_attaches.some((a) => a.type === 'SG' && withProcedure.has(a.procedure_id));
  const digital = d.procedures.some((p) => p.is_signature_digital_certificate);
  return {
    signature: handwritten || digital,
    digital,
    handwritten,
    jpki: d.identifications.jpki,
    basic_four_information: d.identifications.basic_four_information && d.use_basic_four_information,
    mynaportal: d.use_mynaportal,
  };
}

/** Which texts may promise what: a signature anywhere, an identification route where identifying is told. */
const PROMISE_PLACES: Record<Promised, readonly string[]> = {
  signature: ['signature', 'steps_intro', 'completion_next'],
  digital: ['signature', 'steps_intro'],
  handwritten: ['signature', 'steps_intro'],
  jpki: ['identification'],
  basic_four_information: ['identification', 'steps_intro'],
  mynaportal: ['identification', 'steps_intro'],
};

function stepTextProblems(config: ProcedureGroupConfiguration): PublicationProblem[] {
  const texts = config.resident_texts;
  if (!texts) return [];
  const has = routesOf(config);
  const out: PublicationProblem[] = [];
  const places: [string, string, string | undefined][] = [];
  for (const [prefix, words] of [
    ['resident_texts', texts],
    ['resident_texts.en', texts.en],
  ] as const) {
    if (!words) continue;
    places.push(['steps_intro', `${prefix}.steps_intro`, words.steps_intro]);
    places.push(['completion_next', `${prefix}.completion_next`, words.completion_next]);
    for (const [step, text] of Object.entries(words.steps ?? {}) as [ResidentStep, string | undefined][])
      places.push([step, `${prefix}.steps.${step}`, text]);
  }
  for (const [place, path, text] of places) {
    if (!text || text.trim() === '') continue;
    const promised = promisesOf(text);
    // The most precise broken promise of a text is named once (電子署名 is a signature too).
    const broken = (Object.keys(PROMISES) as Promised[]).filter(
      (p) => promised.has(p) && !has[p] && PROMISE_PLACES[p].includes(place),
    );
    const named = broken.filter(
      (p) => p !== 'signature' || !broken.some((q) => q === 'digital' || q === 'handwritten'),
    );
    for (const route of named)
      out.push({
        code: 'step_text_route',
        severity: 'error',
        path,
        subject: route,
        message: `the text promises ${route.replace(/_/g, ' ')}, which this group does not have`,
      });
  }
  return out;
}

/** Every check of {@link PublicationProblem}; an empty list of errors means the draft may be reflected. */
export function publicationCheck(config: ProcedureGroupConfiguration): PublicationProblem[] {
  const out: PublicationProblem[] = [];
  const error = (code: PublicationProblemCode, path: string, subject: string, message: string) =>
    out.push({ code, severity: 'error', path, subject, message });
  const warning = (code: PublicationProblemCode, path: string, subject: string, message: string) =>
    out.push({ code, severity: 'warning', path, subject, message });
  const d = config.disclosure;
  const set = config.concierge_set;

  for (const issue of checkConfiguration(config))
    error(issue.code, issue.path, /"([^"]*)"/.exec(issue.message)?.[1] ?? '', issue.message);

  // Procedures no answer reaches.
  const routes = procedureRoutes(config);
  d.procedures.forEach((p, i) => {
    if (!(routes.get(p.code) ?? []).some((r) => r.reachable))
      error(
        'procedure_unreachable',
        `disclosure.procedures[${i}].name`,
        p.name,
        `no answer leads to procedure "${p.code}": no question that can be reached lists it`,
      );
  });

  // Assistant pages without a question.
  set.assistant_concierge_category.forEach((category, i) =>
    category.concierge_sub_category.forEach((sub, j) => {
      if (sub.concierges.length === 0)
        error(
          'page_without_question',
          `concierge_set.assistant_concierge_category[${i}].concierge_sub_category[${j}].name`,
          sub.name,
          `the page "${sub.name}" has no question`,
        );
    }),
  );

  // What pages ask: the procedures' form sections and the questions' items; what options fill in.
  const asked = new Set<string>();
  for (const p of d.procedures) for (const f of p.procedure_fragments) asked.add(f.standard_item_code);
  const questionRefs = conciergeSetItemReferences(set, 'concierge_set').filter((r) =>
    /\.standard_item_code\[\d+\]$/.test(r.path),
  );
  for (const r of questionRefs) asked.add(r.code);
  const filled = new Set(set.concierge_rule.prefill_form_rule.prefill_forms.map((f) => f.target));
  const known = new Set(config.standard_items.map((i) => i.code));
  const hasForm = d.procedures.length > 0;

  if (hasForm) {
    config.standard_items.forEach((item, i) => {
      if (item.required && !asked.has(item.code) && !filled.has(item.code))
        error(
          'item_not_asked',
          `standard_items[${i}].name`,
          item.name,
          `required item "${item.code}" is asked on no page (no procedure's form section, no question)`,
        );
    });
    const ruleRefs: ItemReference[] = [
      ...conciergeSetItemReferences(set, 'concierge_set').filter(
        (r) => r.formula || (r.path.includes('.concierge_rule.') && !r.path.includes('.prefill_forms[')),
      ),
      ...groupItemReferences(config).filter((r) => r.path.includes('.procedural_rules[')),
    ];
    for (const ref of ruleRefs) {
      // Unknown items are checkConfiguration's; here the item exists but residents are never asked it.
      if (!known.has(ref.code) || asked.has(ref.code) || filled.has(ref.code)) continue;
      error(
        'rule_item_not_asked',
        ref.path,
        ref.code,
        `${ref.what} names item "${ref.code}", which no page asks`,
      );
    }
  }

  // Attachment slots of no procedure.
  const procedureIds = new Set(d.procedures.map((p) => p.id));
  d.procedure_attaches.forEach((a, i) => {
    if (!procedureIds.has(a.procedure_id))
      error(
        'attach_without_procedure',
        `disclosure.procedure_attaches[${i}].procedure_id`,
        a.name,
        `attachment slot "${a.name}" belongs to no procedure of the group`,
      );
  });

  out.push(...stepTextProblems(config));

  // Warnings: an item two questions ask; options no answers reach.
  const askedBy = new Map<string, string>();
  for (const r of questionRefs) {
    const owner = r.path.replace(/\.standard_item_code\[\d+\]$/, '');
    const first = askedBy.get(r.code);
    if (first !== undefined && first !== owner)
      warning('item_asked_twice', r.path, r.code, `item "${r.code}" is asked by two questions (${r.what})`);
    else askedBy.set(r.code, owner);
  }
  const reach = flowReach(config);
  for (const [category, path] of [
    [set.filter_concierge_category, 'concierge_set.filter_concierge_category'],
    ...set.assistant_concierge_category.map(
      (c, i) => [c, `concierge_set.assistant_concierge_category[${i}]`] as const,
    ),
  ] as const)
    category.concierge_sub_category.forEach((sub, i) =>
      sub.concierges.forEach((c, j) =>
        c.concierge_options.forEach((o, k) => {
          if (!reach.options.has(o.id))
            warning(
              'option_unreachable',
              `${path}.concierge_sub_category[${i}].concierges[${j}].concierge_options[${k}].value`,
              o.value,
              `option "${o.value}" of "${c.name}" cannot be reached: its question is never shown`,
            );
        }),
      ),
    );
  return out;
}

/** The errors of {@link publicationCheck}: what blocks reflecting to staging. */
export const publicationErrors = (config: ProcedureGroupConfiguration) =>
  publicationCheck(config).filter((p) => p.severity === 'error');
