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
