import { z } from 'zod';
import { ConfigId, IsoDate } from './common.js';
import { EnglishText, english } from './english.js';

/** Comparison used by view rules, procedural rules and hidden rules; '' means "has any answer". */
export const RuleSymbol = z.enum(['above', 'equal', 'below', '']);
export type RuleSymbol = z.infer<typeof RuleSymbol>;

/** One condition of a procedural rule: the answer of `standard_item_code` compared with `expected`. */
export const ProceduralRuleCondition = z.object({
  symbol: RuleSymbol,
  expected: z.string(),
  standard_item_code: z.string().min(1),
});
/** Outer list OR, inner list AND: the procedure applies when any inner list holds entirely. */
export const ProceduralRules = z.array(z.array(ProceduralRuleCondition).min(1));
export type ProceduralRules = z.infer<typeof ProceduralRules>;

/** A standard item used by a procedure; `name` is the fragment (section) it is shown under. */
export const ProcedureFragment = z.object({
  id: ConfigId,
  name: z.string().min(1).max(200),
  standard_item_code: z.string().min(1),
  en: english({ name: EnglishText }),
});
export type ProcedureFragment = z.infer<typeof ProcedureFragment>;

export const Procedure = z.object({
  id: ConfigId,
  /** Stable code that concierge options and exports refer to, e.g. birth_notification. */
  code: z.string().regex(/^[a-z][a-z0-9_]{1,63}$/),
  name: z.string().min(1).max(200),
  sequence: z.number().int().min(0),
  remarks: z.string().nullable(),
  is_confirmed: z.boolean(),
  /** Paper copies the municipality needs of the rendered document (sample data: 1 or 2). */
  printed_copies: z.number().int().min(1).max(10),
  /** Sentences the resident must confirm before submitting. */
  check_messages: z.array(z.string().min(1).max(1000)),
  procedural_rules: ProceduralRules,
  workflow_template_id: ConfigId.nullable(),
  /** The procedure must be signed with the resident's digital certificate (JPKI). */
  is_signature_digital_certificate: z.boolean(),
  /** Department that receives this procedure's documents (a department code of the municipality). */
  department_code: z.string().nullable(),
  /**
   * Processing time limit in Japan days from receipt (or resubmission) to the deadline day (decision
   * 0019); absent or null: no deadline. Optional so stored configurations without it stay valid.
   */
  processing_days: z.number().int().min(1).max(365).nullable().optional(),
  /**
   * Years a finished document of this procedure is kept before it is disposed of (decision 0052);
   * absent or null: the deployment's default (RETENTION_YEARS_DEFAULT).
   */
  retention_years: z.number().int().min(1).max(100).nullable().optional(),
  procedure_fragments: z.array(ProcedureFragment),
  /** English of the name, remarks and check messages (parallel to `check_messages`; decision 0009). */
  en: english({ name: EnglishText, remarks: EnglishText, check_messages: z.array(EnglishText) }),
});
export type Procedure = z.infer<typeof Procedure>;

/** PH photo, OR original document, SG handwritten signature image. */
export const AttachType = z.enum(['PH', 'OR', 'SG']);
export type AttachType = z.infer<typeof AttachType>;

export const ProcedureAttach = z.object({
  id: ConfigId,
  procedure_id: ConfigId,
  name: z.string().min(1).max(200),
  standard_item_code: z.string().min(1),
  type: AttachType,
  en: english({ name: EnglishText }),
});
export type ProcedureAttach = z.infer<typeof ProcedureAttach>;

/** Which identification routes a procedure group allows. */
export const Identifications = z.object({
  jpki: z.boolean(),
  basic_four_information: z.boolean(),
});

/** What a procedure group discloses to residents: its procedures, attaches and identification routes. */
export const ProcedureDisclosure = z.object({
  id: ConfigId,
  procedure_group_id: ConfigId,
  identifications: Identifications,
  use_basic_four_information: z.boolean(),
  use_mynaportal: z.boolean(),
  start_date: IsoDate,
  end_date: IsoDate,
  is_publish: z.boolean(),
  procedures: z.array(Procedure),
  procedure_attaches: z.array(ProcedureAttach),
});
export type ProcedureDisclosure = z.infer<typeof ProcedureDisclosure>;

/**
 * A procedure group's icon (decision 0056): birth, pregnancy, child raising, school, marriage, moving, housing,
 * work, tax, allowances, health, care, disability, death, waste, certificates, pets, other. The first three
 * (BI, PR, OT) were the original ones; the order is the picker's, and a value is never renamed or removed.
 */
export const IconType = z.enum([
  'BI',
  'PR',
  'CH',
  'SC',
  'MA',
  'MV',
  'HO',
  'WO',
  'TX',
  'MO',
  'HE',
  'CA',
  'DI',
  'DE',
  'WS',
  'CE',
  'PE',
  'OT',
]);
export type IconType = z.infer<typeof IconType>;

/** A procedure group as the applicant home lists it. */
export const ProcedureGroupSummary = z.object({
  id: ConfigId,
  name: z.string(),
  sequence: z.number().int(),
  icon_type: IconType,
  description: z.string().nullable(),
  start_date: IsoDate,
  end_date: IsoDate,
  /** Published configuration version the applicant area serves. */
  version: z.number().int().min(1),
  en: english({ name: EnglishText, description: EnglishText }),
});
export type ProcedureGroupSummary = z.infer<typeof ProcedureGroupSummary>;
