import { z } from 'zod';
import { ConfigId } from './common.js';
import { EnglishText, english } from './english.js';
import { RuleSymbol } from './procedure.js';

/**
 * Shows a question or sub category. `selected`: shown when the option whose id is `expected` was chosen.
 * `formula`: shown when `expression` (a standard item code, or `age(code)` for a date) compared by
 * `symbol` with `expected` holds.
 */
export const ViewRule = z.object({
  pattern: z.enum(['selected', 'formula']),
  expected: z.string(),
  expression: z.string(),
  symbol: RuleSymbol,
});
export type ViewRule = z.infer<typeof ViewRule>;

/** Where an option leads: the next question, or out of the online route with a message. */
export const ConciergeDestination = z.object({
  id: ConfigId,
  concierge_id: ConfigId.nullable(),
  is_scopedout: z.boolean(),
  scopedout_message: z.string().nullable(),
  en: english({ scopedout_message: EnglishText }),
});
export type ConciergeDestination = z.infer<typeof ConciergeDestination>;

export const ConciergeOption = z.object({
  id: ConfigId,
  value: z.string().min(1).max(200),
  sequence: z.number().int().min(0),
  concierge_destination: ConciergeDestination.nullable(),
  en: english({ value: EnglishText }),
});
export type ConciergeOption = z.infer<typeof ConciergeOption>;

export const Concierge = z.object({
  id: ConfigId,
  /** QT a question with options; FO an inline form of standard items. */
  type: z.enum(['QT', 'FO']),
  name: z.string().min(1).max(200),
  question: z.string().max(2000),
  /** Items this concierge fills (empty for filter questions). */
  standard_item_code: z.array(z.string().min(1)),
  sequence: z.number().int().min(0),
  view_rules: z.array(ViewRule),
  is_first: z.boolean(),
  suffix: z.string().nullable(),
  remarks: z.string().nullable(),
  /** Label of the "same as ..." button that copies answers into this concierge's items. */
  copyable_label: z.string().nullable(),
  copyable_standard_item_codes: z.array(z.string()),
  is_horizontal: z.boolean(),
  /** Items whose value is a person name checked against certificate characters. */
  requires_name_validation: z.array(z.string()),
  /** Procedures an answer to this question makes applicable (options pick them through view rules). */
  concierge_procedure_codes: z.array(z.object({ id: ConfigId, procedure_code: z.string() })),
  concierge_options: z.array(ConciergeOption),
  en: english({
    name: EnglishText,
    question: EnglishText,
    suffix: EnglishText,
    remarks: EnglishText,
    copyable_label: EnglishText,
  }),
});
export type Concierge = z.infer<typeof Concierge>;

export const ConciergeSubCategory = z.object({
  id: ConfigId,
  breadcrumbs: z.array(z.string()),
  name: z.string().min(1).max(200),
  sequence: z.number().int().min(0),
  image_type: z.string().nullable(),
  view_rules: z.array(ViewRule),
  concierges: z.array(Concierge),
  /** English of the name and breadcrumbs (parallel to `breadcrumbs`). */
  en: english({ name: EnglishText, breadcrumbs: z.array(EnglishText) }),
});
export type ConciergeSubCategory = z.infer<typeof ConciergeSubCategory>;

/** FI filter (before an application exists) or AS assistant (after). */
export const ConciergeCategoryType = z.enum(['FI', 'AS']);

export const ConciergeCategory = z.object({
  id: ConfigId,
  name: z.string().min(1).max(200),
  title: z.string().max(200),
  type: ConciergeCategoryType,
  sequence: z.number().int().min(0),
  concierge_sub_category: z.array(ConciergeSubCategory),
  en: english({ name: EnglishText, title: EnglishText }),
});
export type ConciergeCategory = z.infer<typeof ConciergeCategory>;

/** A condition of a hidden rule: the answer of `source` (standard item code) compared with `expected`. */
export const RuleCondition = z.object({
  source: z.string().min(1),
  symbol: RuleSymbol,
  expected: z.string(),
});

/** Hides `target` (a standard item code, or a procedure code in procedure_rule) when any AND-list holds. */
export const HiddenRule = z.object({
  target: z.string().min(1),
  conditions: z.array(z.array(RuleCondition).min(1)).min(1),
});

/**
 * Copies the answer of standard item `source` into `target` when the resident asks ("same as above"),
 * only while one of the optional AND-lists of `conditions` holds (the father's block copies the notifier
 * only when the notifier is the father). A button is offered only where some copy of it applies.
 */
export const CopyForm = z.object({
  source: z.string().min(1),
  target: z.string().min(1),
  conditions: z.array(z.array(RuleCondition).min(1)).optional(),
});

/**
 * Where prefilled values come from (decision 0012), named by the prefix of a prefill rule's `source`:
 * `profile.` the identity provider's claims (the My Number Card), `registry.` the municipality's resident
 * registry, `public_account.` the resident's registered public funds account, `mynaportal.` the
 * self-information the resident let the personal portal send; `answer` is a value an option the resident
 * chose gives (prefill forms).
 */
export const PREFILL_SOURCES = ['identity', 'registry', 'public_account', 'mynaportal', 'answer'] as const;
export const PrefillSource = z.enum(PREFILL_SOURCES);
export type PrefillSource = z.infer<typeof PrefillSource>;

/** What every source says of a person: the card's four facts and their readings. */
const PERSON_CLAIMS = [
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'birth_date',
  'sex',
  'postal_code',
  'address',
] as const;

/** The claims each rule source offers (`registry.spouse_last_name`); what the master tool lists. */
export const PREFILL_CLAIMS = {
  profile: PERSON_CLAIMS,
  registry: [
    ...PERSON_CLAIMS,
    'phone',
    'household_head_name',
    'relationship_to_head',
    'newborn_relationship_to_head',
    'newborn_legitimacy',
    'spouse_exists',
    'spouse_last_name',
    'spouse_first_name',
    'spouse_birth_date',
    'registered_domicile',
    'registered_domicile_head',
  ],
  public_account: [
    'bank_code',
    'bank_name',
    'branch_code',
    'branch_name',
    'account_type',
    'account_number',
    'account_holder_name',
    'account_holder_kana',
  ],
  mynaportal: [...PERSON_CLAIMS, 'phone'],
} as const;

/** The source kind of a prefill rule's `source` (a name without a known prefix is an identity claim). */
export function prefillSourceOf(source: string): Exclude<PrefillSource, 'answer'> {
  if (source.startsWith('registry.')) return 'registry';
  if (source.startsWith('public_account.')) return 'public_account';
  if (source.startsWith('mynaportal.')) return 'mynaportal';
  return 'identity';
}

/**
 * Prefills `target` from a claim named by `source` (`profile.last_name`, `registry.spouse_first_name`,
 * `public_account.bank_code`) when the resident has not answered it, and only while one of the optional
 * AND-lists of `conditions` holds (e.g. the father's name from the card when the notifier is the father).
 */
export const PrefillRule = z.object({
  source: z.string().min(1),
  target: z.string().min(1),
  conditions: z.array(z.array(RuleCondition).min(1)).optional(),
  /**
   * The claim is the verified fact this item asks (the applicant's own name, birth date, address): an
   * answer that differs is flagged before submission. A derived value (a child's surname) is not.
   */
  verify: z.boolean().optional(),
  /**
   * The procedure requires the answer to equal the verified claim (implies `verify`): while the source
   * holds a value, the item is shown read-only with the reason, and a different value is refused.
   */
  locked: z.boolean().optional(),
  /**
   * The claim is carried over to another person's item (a newborn takes the notifying parent's surname):
   * it prefills, but the value is shown and recorded as coming from the answers (`answer`), never as read
   * from the source, and it is never verified (`verify` and `locked` are ignored). Decision 0043.
   */
  derived: z.boolean().optional(),
});
export type PrefillRule = z.infer<typeof PrefillRule>;

/** When concierge option `source` (its id) is chosen, `target` is prefilled with the value `expected`. */
export const PrefillForm = z.object({
  source: z.string().min(1),
  target: z.string().min(1),
  expected: z.string(),
});

/**
 * Items answered once per child, per person... (decision 0013): the form asks the block `min` to `max`
 * times, the resident adds and removes repetitions, and each answer is stored with its `sequence`
 * (1, 2, ...). `min_rules` raise the minimum while their conditions hold (多胎: at least two children).
 * Rules read the first repetition; hidden and prefill rules are evaluated again for each repetition, with
 * that repetition's answers in place of the group's items.
 */
export const RepeatableGroup = z
  .object({
    code: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/),
    /** What one repetition is, for 「1人目の子」「子を追加する」: e.g. 子. */
    name: z.string().min(1).max(50),
    standard_item_codes: z.array(z.string().min(1)).min(1).max(100),
    min: z.number().int().min(1).max(20),
    max: z.number().int().min(1).max(20),
    min_rules: z
      .array(
        z.object({
          min: z.number().int().min(1).max(20),
          conditions: z.array(z.array(RuleCondition).min(1)).min(1),
        }),
      )
      .optional(),
    en: english({ name: EnglishText }),
  })
  .refine((g) => g.min <= g.max, { message: 'min must not exceed max', path: ['min'] });
export type RepeatableGroup = z.infer<typeof RepeatableGroup>;

export const ConciergeRule = z.object({
  form_rule: z.object({
    copy_forms: z.array(CopyForm),
    hidden_rules: z.array(HiddenRule),
    prefill_rules: z.array(PrefillRule),
    /** Absent in configurations made before decision 0013: no item repeats. */
    repeatable_groups: z.array(RepeatableGroup).optional(),
  }),
  prefill_form_rule: z.object({ prefill_forms: z.array(PrefillForm) }),
  procedure_rule: z.object({ hidden_rules: z.array(HiddenRule) }),
});
export type ConciergeRule = z.infer<typeof ConciergeRule>;

/** The guided question flows of one procedure group. */
export const ConciergeSet = z.object({
  id: ConfigId,
  name: z.string().min(1).max(200),
  is_confirmed: z.boolean(),
  filter_concierge_category: ConciergeCategory.refine((c) => c.type === 'FI', 'filter category must be FI'),
  assistant_concierge_category: z.array(
    ConciergeCategory.refine((c) => c.type === 'AS', 'assistant category must be AS'),
  ),
  concierge_rule: ConciergeRule,
});
export type ConciergeSet = z.infer<typeof ConciergeSet>;
