import { z } from 'zod';
import { ConfigId, IsoDateTime, MunicipalityCode } from './common.js';
import { AttachType, IconType } from './procedure.js';
import { ProcedureGroupConfiguration } from './configuration.js';
import { StandardItem } from './standard-item.js';

export const MasterToolMunicipality = z.object({ id: ConfigId, code: z.string(), name: z.string() });
export const MasterToolMunicipalityList = z.object({ municipalities: z.array(MasterToolMunicipality) });

/** The state of one environment for one reflection manager. */
export const ReflectionState = z.object({
  is_reflected: z.boolean(),
  last_reflection_at: IsoDateTime.nullable(),
  can_reflect: z.boolean(),
  /** Version live in this environment, null before the first reflection. */
  version: z.number().int().nullable(),
});

export const ReflectionManager = z.object({
  id: ConfigId,
  name: z.string(),
  sequence: z.number().int(),
  staging: ReflectionState,
  product: ReflectionState,
});
export type ReflectionManager = z.infer<typeof ReflectionManager>;

export const ReflectionManagerList = z.object({
  view_count: z.number().int().min(0),
  reflection_managers: z.array(ReflectionManager),
});

/**
 * Kinds of reusable configuration: SIF standard item fragment, SIA standard item attach, PRG procedure
 * group, OPA option attach, PRO procedure, REP report, PRA procedure attach, DEP department, WOT workflow
 * template, OPU option unit.
 */
export const MaterialTemplateType = z.enum([
  'SIF',
  'SIA',
  'PRG',
  'OPA',
  'PRO',
  'REP',
  'PRA',
  'DEP',
  'WOT',
  'OPU',
]);

/** CO: the procedure is handled by an external (cooperating) system. */
export const ExternalType = z.enum(['CO']).nullable();

export const MaterialTemplate = z.object({
  id: ConfigId,
  type: MaterialTemplateType,
  sequence: z.number().int(),
  name: z.string(),
  values: z.object({
    name: z.string(),
    sequence: z.number().int(),
    icon_type: IconType.nullable(),
    application_target: z.object({ standard_item_codes: z.array(z.string()) }).nullable(),
    external_type: ExternalType,
    procedure_codes: z.array(z.string()),
    use_municipality_applications: z.boolean(),
  }),
});
export const MaterialTemplateList = z.object({ material_templates: z.array(MaterialTemplate) });

const Labelled = z.object({ value: z.string(), label: z.string() });

export const ReferenceData = z.object({
  icon_types: z.array(Labelled),
  application_targets: z.array(Labelled),
  external_types: z.array(Labelled),
  procedure_codes: z.array(Labelled),
  standard_item_fragments: z.array(z.object({ code: z.string(), name: z.string(), fragment: z.string() })),
  concierge_sub_category_image_types: z.array(Labelled),
  procedure_attaches: z.array(z.object({ type: AttachType, label: z.string() })),
  /** The municipality's departments (staging's), for procedures and workflow steps. */
  departments: z.array(Labelled),
  /** The standard-item library: every item staging knows (the national seed and what groups saved). */
  standard_items: z.array(StandardItem),
});

/** The master tool's draft of one procedure group, with where it stands. */
export const ProcedureGroupDraft = z.object({
  reflection_manager_id: ConfigId,
  procedure_group: ProcedureGroupConfiguration,
  updated_at: IsoDateTime,
});

/** A name for a new procedure group (unique among the municipality's groups). */
const GroupName = z.string().trim().min(1).max(200);

/**
 * Creates a procedure group from nothing (decision 0024): a minimal skeleton that passes the
 * configuration checks, named by the operator, as a draft in this municipality.
 */
export const NewProcedureGroupRequest = z.object({
  name: GroupName,
  /** The icon residents see on the home page (BI birth, PR pregnancy, OT other). */
  icon_type: IconType,
});
export type NewProcedureGroupRequest = z.infer<typeof NewProcedureGroupRequest>;

/**
 * Copies a procedure group's draft (of any municipality) into this municipality as a new draft with
 * fresh ids; the standard items it uses come along (decision 0024).
 */
export const CopyProcedureGroupRequest = z.object({
  /** The municipality that has the group to copy. */
  source_code: MunicipalityCode,
  /** The reflection manager (procedure group) to copy. */
  source_reflection_manager_id: ConfigId,
  name: GroupName,
});
export type CopyProcedureGroupRequest = z.infer<typeof CopyProcedureGroupRequest>;

/** The two environments of a reflection manager, named as the spec names them (staging, product). */
export const ReflectionEnvironment = z.enum(['staging', 'product']);
export type ReflectionEnvironment = z.infer<typeof ReflectionEnvironment>;

/** One numbered, immutable version staging published from the draft. */
export const PublishedVersion = z.object({
  version: z.number().int().min(1),
  published_at: IsoDateTime,
  published_by: z.string().nullable(),
});

/** One reflection: from then on the environment served `version`. */
export const ReflectionHistoryEntry = z.object({
  version: z.number().int().min(1),
  reflected_at: IsoDateTime,
  reflected_by: z.string().nullable(),
});

/** Versions staging has (what production may take) and each environment's reflections, newest first. */
export const ReflectionHistory = z.object({
  reflection_manager_id: ConfigId,
  versions: z.array(PublishedVersion),
  staging: z.array(ReflectionHistoryEntry),
  product: z.array(ReflectionHistoryEntry),
});
export type ReflectionHistory = z.infer<typeof ReflectionHistory>;

/**
 * One difference between two configurations. `path` names the place readably: list entries by their id
 * (or code), e.g. `disclosure.procedures[id=2].name`; `before` is absent when added, `after` when removed.
 */
export const ConfigurationChange = z.object({
  path: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type ConfigurationChange = z.infer<typeof ConfigurationChange>;

/** What reflecting would change in an environment: the draft (or a staging version) against its live version. */
export const ReflectionDiff = z.object({
  reflection_manager_id: ConfigId,
  environment: ReflectionEnvironment,
  /** The version this environment serves now (null before the first reflection). */
  live_version: z.number().int().nullable(),
  /** What is compared with it: the draft (`version` null) or a numbered staging version. */
  compared: z.object({ draft: z.boolean(), version: z.number().int().nullable() }),
  changes: z.array(ConfigurationChange),
});
export type ReflectionDiff = z.infer<typeof ReflectionDiff>;
