import { z } from 'zod';
import { ConfigId, IsoDateTime } from './common.js';
import { EnglishText, english } from './english.js';
import { ConciergeSet } from './concierge.js';
import { IconType, ProcedureDisclosure } from './procedure.js';
import { ResidentTexts } from './resident-texts.js';
import { StandardItem } from './standard-item.js';

/** Steps a document passes through in the back office; each step names who may act. */
export const WorkflowTemplate = z.object({
  id: ConfigId,
  name: z.string().min(1).max(200),
  steps: z
    .array(
      z.object({
        sequence: z.number().int().min(1),
        name: z.string().min(1).max(200),
        /** Department whose staff act on this step; null means any department of the document. */
        department_code: z.string().nullable(),
      }),
    )
    .min(1),
});
export type WorkflowTemplate = z.infer<typeof WorkflowTemplate>;

/** A report staff can print for a document (a named selection of standard items). */
export const ReportTemplate = z.object({
  id: ConfigId,
  procedure_code: z.string(),
  name: z.string().min(1).max(200),
  standard_item_codes: z.array(z.string()),
});
export type ReportTemplate = z.infer<typeof ReportTemplate>;

/**
 * A whole procedure group's configuration: what the master tool edits and what a reflection publishes
 * as one immutable, numbered version.
 */
export const ProcedureGroupConfiguration = z.object({
  id: ConfigId,
  name: z.string().min(1).max(200),
  sequence: z.number().int().min(0),
  icon_type: IconType,
  description: z.string().nullable(),
  disclosure: ProcedureDisclosure,
  concierge_set: ConciergeSet,
  standard_items: z.array(StandardItem),
  workflow_templates: z.array(WorkflowTemplate),
  reports: z.array(ReportTemplate),
  /** English of the group's name and description, shown to residents (decision 0009). */
  en: english({ name: EnglishText, description: EnglishText }),
  /** The group's own texts on 申請の流れ and the completion page; absent: the defaults (decision 0028). */
  resident_texts: ResidentTexts.optional(),
});
export type ProcedureGroupConfiguration = z.infer<typeof ProcedureGroupConfiguration>;

/** One published version of a procedure group in one environment. */
export const ConfigurationVersion = z.object({
  procedure_group_id: ConfigId,
  version: z.number().int().min(1),
  published_at: IsoDateTime,
});
