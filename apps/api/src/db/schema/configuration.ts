import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type {
  ConciergeCategory,
  ConciergeDestination,
  ConciergeOption,
  ConciergeRule,
  ConciergeSubCategory,
  Concierge,
  Procedure,
  ProcedureAttach,
  ProcedureFragment,
  StandardItem,
  ProceduralRules,
  ViewRule,
  WorkflowTemplate,
  ProcedureGroupConfiguration,
  ResidentTexts,
} from '@portal/contracts';

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** English of a row's resident-facing texts (decision 0009); null when there is none. */
const en = <T>(name = 'en') => jsonb(name).$type<NonNullable<T>>();

export const municipalities = pgTable('municipalities', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  maintenanceMessage: text('maintenance_message'),
  createdAt: createdAt(),
});

/** Government-framework form fields; reference data shared by all municipalities. */
export const standardItems = pgTable('standard_items', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  required: boolean('required').notNull().default(false),
  minLength: integer('min_length'),
  maxLength: integer('max_length'),
  pattern: text('pattern'),
  choices: jsonb('choices').$type<{ value: string; label: string }[]>().notNull().default([]),
  readingOf: text('reading_of'),
  suffix: text('suffix'),
  remarks: text('remarks'),
  en: en<StandardItem['en']>(),
});

export const procedureGroups = pgTable(
  'procedure_groups',
  {
    id: id(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    name: text('name').notNull(),
    sequence: integer('sequence').notNull().default(0),
    iconType: text('icon_type').notNull(),
    description: text('description'),
    en: en<{ name?: string; description?: string }>(),
    /** Items the operator put in the group, used yet or not (decision 0027); a read adds those it uses. */
    standardItemCodes: jsonb('standard_item_codes').$type<string[]>().notNull().default([]),
    /** The group's own texts for residents (decision 0028); null: the built-in defaults. */
    residentTexts: jsonb('resident_texts').$type<ResidentTexts>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('procedure_groups_municipality_name').on(t.municipalityId, t.name)],
);

export const procedureDisclosures = pgTable('procedure_disclosures', {
  id: id(),
  procedureGroupId: integer('procedure_group_id')
    .notNull()
    .unique()
    .references(() => procedureGroups.id, { onDelete: 'cascade' }),
  jpki: boolean('jpki').notNull().default(true),
  basicFourInformation: boolean('basic_four_information').notNull().default(false),
  useBasicFourInformation: boolean('use_basic_four_information').notNull().default(false),
  useMynaportal: boolean('use_mynaportal').notNull().default(false),
  startDate: date('start_date').notNull(),
  endDate: date('end_date').notNull(),
  isPublish: boolean('is_publish').notNull().default(false),
});

export const workflowTemplates = pgTable('workflow_templates', {
  id: id(),
  municipalityId: integer('municipality_id')
    .notNull()
    .references(() => municipalities.id),
  procedureGroupId: integer('procedure_group_id')
    .notNull()
    .references(() => procedureGroups.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  steps: jsonb('steps').$type<WorkflowTemplate['steps']>().notNull(),
});

export const procedures = pgTable(
  'procedures',
  {
    id: id(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    procedureGroupId: integer('procedure_group_id')
      .notNull()
      .references(() => procedureGroups.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sequence: integer('sequence').notNull().default(0),
    remarks: text('remarks'),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    printedCopies: integer('printed_copies').notNull().default(1),
    checkMessages: jsonb('check_messages').$type<string[]>().notNull().default([]),
    proceduralRules: jsonb('procedural_rules').$type<ProceduralRules>().notNull().default([]),
    workflowTemplateId: integer('workflow_template_id').references(() => workflowTemplates.id),
    isSignatureDigitalCertificate: boolean('is_signature_digital_certificate').notNull().default(false),
    /** Department that receives the documents of this procedure. */
    departmentCode: text('department_code'),
    /** Processing time limit in days (decision 0019); null: no deadline. */
    processingDays: integer('processing_days'),
    /** Years a finished document is kept (decision 0052); null: RETENTION_YEARS_DEFAULT. */
    retentionYears: integer('retention_years'),
    en: en<Procedure['en']>(),
  },
  (t) => [
    unique('procedures_municipality_code').on(t.municipalityId, t.code),
    index('procedures_group').on(t.procedureGroupId),
  ],
);

export const procedureFragments = pgTable(
  'procedure_fragments',
  {
    id: id(),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    standardItemCode: text('standard_item_code')
      .notNull()
      .references(() => standardItems.code),
    sequence: integer('sequence').notNull().default(0),
    en: en<ProcedureFragment['en']>(),
  },
  (t) => [unique('procedure_fragments_item').on(t.procedureId, t.standardItemCode)],
);

export const procedureAttaches = pgTable('procedure_attaches', {
  id: id(),
  procedureId: integer('procedure_id')
    .notNull()
    .references(() => procedures.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  standardItemCode: text('standard_item_code').notNull(),
  type: text('type').notNull(),
  en: en<ProcedureAttach['en']>(),
});

export const conciergeSets = pgTable('concierge_sets', {
  id: id(),
  procedureGroupId: integer('procedure_group_id')
    .notNull()
    .unique()
    .references(() => procedureGroups.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  isConfirmed: boolean('is_confirmed').notNull().default(false),
  conciergeRule: jsonb('concierge_rule').$type<ConciergeRule>().notNull(),
});

export const conciergeCategories = pgTable('concierge_categories', {
  id: id(),
  conciergeSetId: integer('concierge_set_id')
    .notNull()
    .references(() => conciergeSets.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  title: text('title').notNull().default(''),
  type: text('type').notNull(),
  sequence: integer('sequence').notNull().default(0),
  en: en<ConciergeCategory['en']>(),
});

export const conciergeSubCategories = pgTable('concierge_sub_categories', {
  id: id(),
  categoryId: integer('category_id')
    .notNull()
    .references(() => conciergeCategories.id, { onDelete: 'cascade' }),
  breadcrumbs: jsonb('breadcrumbs').$type<string[]>().notNull().default([]),
  name: text('name').notNull(),
  sequence: integer('sequence').notNull().default(0),
  imageType: text('image_type'),
  viewRules: jsonb('view_rules').$type<ViewRule[]>().notNull().default([]),
  en: en<ConciergeSubCategory['en']>(),
});

export const concierges = pgTable('concierges', {
  id: id(),
  subCategoryId: integer('sub_category_id')
    .notNull()
    .references(() => conciergeSubCategories.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  name: text('name').notNull(),
  question: text('question').notNull().default(''),
  standardItemCodes: jsonb('standard_item_codes').$type<string[]>().notNull().default([]),
  sequence: integer('sequence').notNull().default(0),
  viewRules: jsonb('view_rules').$type<ViewRule[]>().notNull().default([]),
  isFirst: boolean('is_first').notNull().default(false),
  suffix: text('suffix'),
  remarks: text('remarks'),
  copyableLabel: text('copyable_label'),
  copyableStandardItemCodes: jsonb('copyable_standard_item_codes').$type<string[]>().notNull().default([]),
  isHorizontal: boolean('is_horizontal').notNull().default(false),
  requiresNameValidation: jsonb('requires_name_validation').$type<string[]>().notNull().default([]),
  procedureCodes: jsonb('procedure_codes')
    .$type<{ id: number; procedure_code: string }[]>()
    .notNull()
    .default([]),
  en: en<Concierge['en']>(),
});

export const conciergeOptions = pgTable('concierge_options', {
  id: id(),
  conciergeId: integer('concierge_id')
    .notNull()
    .references(() => concierges.id, { onDelete: 'cascade' }),
  value: text('value').notNull(),
  sequence: integer('sequence').notNull().default(0),
  destinationConciergeId: integer('destination_concierge_id'),
  isScopedout: boolean('is_scopedout').notNull().default(false),
  scopedoutMessage: text('scopedout_message'),
  en: en<ConciergeOption['en']>(),
  destinationEn: en<ConciergeDestination['en']>('destination_en'),
});

export const reportTemplates = pgTable('report_templates', {
  id: id(),
  municipalityId: integer('municipality_id')
    .notNull()
    .references(() => municipalities.id),
  procedureId: integer('procedure_id')
    .notNull()
    .references(() => procedures.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  standardItemCodes: jsonb('standard_item_codes').$type<string[]>().notNull().default([]),
});

export const termsOfService = pgTable(
  'terms_of_service',
  {
    id: id(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    device: text('device').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedAt: date('updated_at').notNull(),
  },
  (t) => [unique('terms_municipality_device').on(t.municipalityId, t.device)],
);

/** Immutable published snapshots: what applicants are served; applications keep the version they began on. */
export const configurationVersions = pgTable(
  'configuration_versions',
  {
    id: id(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    procedureGroupId: integer('procedure_group_id')
      .notNull()
      .references(() => procedureGroups.id),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<ProcedureGroupConfiguration>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: text('published_by'),
  },
  (t) => [unique('configuration_versions_group_version').on(t.procedureGroupId, t.version)],
);

/**
 * Reflections (decision 0006): from `reflected_at` on, the environment served `version` of the group.
 * The latest row is live, so a rollback is one more row naming an older version; the rows are the history.
 */
export const configurationReflections = pgTable(
  'configuration_reflections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    municipalityId: integer('municipality_id')
      .notNull()
      .references(() => municipalities.id),
    procedureGroupId: integer('procedure_group_id')
      .notNull()
      .references(() => procedureGroups.id),
    version: integer('version').notNull(),
    reflectedAt: timestamp('reflected_at', { withTimezone: true }).notNull().defaultNow(),
    /** The operator's login id ('seed' for the demo data). */
    reflectedBy: text('reflected_by'),
  },
  (t) => [index('configuration_reflections_group').on(t.procedureGroupId, t.id)],
);
