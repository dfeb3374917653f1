import { z } from 'zod';
import { FlowStep } from './states.js';

/** Where residents give up (decision 0053): how many applications reached a step or an assistant page. */
export const FunnelEntry = z.object({
  /** A flow step, or `question:<sub category id>` for an assistant page. */
  key: z.string(),
  kind: z.enum(['step', 'question']),
  /** The flow step (kind step); its words are the screen's. */
  step: FlowStep.nullable(),
  /** The assistant page's name in that version (kind question). */
  name: z.string().nullable(),
  en: z.object({ name: z.string() }).optional(),
  reached: z.number().int().min(0),
});
export type FunnelEntry = z.infer<typeof FunnelEntry>;

/** One published version's funnel: its steps and pages in the resident's order. */
export const FunnelVersion = z.object({
  configuration_version: z.number().int(),
  entries: z.array(FunnelEntry),
});
export type FunnelVersion = z.infer<typeof FunnelVersion>;

/** A group's funnel, every published version residents have reached, newest first. */
export const GroupFunnel = z.object({
  procedure_group_id: z.number().int(),
  versions: z.array(FunnelVersion),
});
export type GroupFunnel = z.infer<typeof GroupFunnel>;

/** The steps counted per procedure: those after the resident chose procedures (decision 0053, addendum). */
export const PROCEDURE_FUNNEL_STEPS = [
  'identification',
  'form',
  'attachments',
  'signature',
  'complete',
] as const;
export const ProcedureFunnelStep = z.enum(PROCEDURE_FUNNEL_STEPS);
export type ProcedureFunnelStep = z.infer<typeof ProcedureFunnelStep>;

/** One procedure's funnel for staff administrators: applications that had it chosen, per step. */
export const ProcedureFunnel = z.object({
  procedure_id: z.number().int(),
  /** The procedure's name (its code is for experts only). */
  name: z.string(),
  code: z.string(),
  en: z.object({ name: z.string() }).optional(),
  procedure_group_id: z.number().int(),
  procedure_group_name: z.string(),
  procedure_group_en: z.object({ name: z.string() }).optional(),
  /** The counted steps in the resident's order, summed over the published versions. */
  steps: z.array(z.object({ step: ProcedureFunnelStep, reached: z.number().int().min(0) })),
});
export type ProcedureFunnel = z.infer<typeof ProcedureFunnel>;

/** A municipality's procedures, each with its funnel. */
export const ProcedureFunnelList = z.object({ procedures: z.array(ProcedureFunnel) });
export type ProcedureFunnelList = z.infer<typeof ProcedureFunnelList>;
