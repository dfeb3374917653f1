// Writing a configuration document into the normalized tables, shared by creation and replacement.
import { sql } from 'drizzle-orm';
import type { ProcedureGroupConfiguration, StandardItem } from '@portal/contracts';
import * as t from '../../db/schema/index.js';
import type { Exec } from './procedure-group.rows.js';

/** Tables whose identity columns receive explicit ids from configuration documents. */
const identityTables = [
  'procedure_groups',
  'procedure_disclosures',
  'workflow_templates',
  'procedures',
  'procedure_fragments',
  'procedure_attaches',
  'report_templates',
  'concierge_sets',
  'concierge_categories',
  'concierge_sub_categories',
  'concierges',
  'concierge_options',
] as const;

/** Puts the items in the shared library by code (an item of the same code is updated in place). */
export async function upsertStandardItems(tx: Exec, items: StandardItem[]) {
  for (const item of items) {
    const row = {
      code: item.code,
      name: item.name,
      type: item.type,
      required: item.required,
      minLength: item.min_length,
      maxLength: item.max_length,
      pattern: item.pattern,
      choices: item.choices,
      readingOf: item.reading_of,
      suffix: item.suffix,
      remarks: item.remarks,
      en: item.en ?? null,
    };
    await tx
      .insert(t.standardItems)
      .values(row)
      .onConflictDoUpdate({ target: t.standardItems.code, set: row });
  }
}

/**
 * Inserts a group's rows. With `upsert`, the rows other tables refer to (the group, its procedures and
 * workflow templates) are updated in place by id; everything else must have been cleared first.
 */
export async function insertGroup(
  tx: Exec,
  municipalityId: number,
  g: ProcedureGroupConfiguration,
  upsert = false,
) {
  const d = g.disclosure;
  const groupRow = {
    id: g.id,
    municipalityId,
    name: g.name,
    sequence: g.sequence,
    iconType: g.icon_type,
    description: g.description,
    en: g.en ?? null,
    standardItemCodes: g.standard_items.map((i) => i.code),
    residentTexts: g.resident_texts && Object.keys(g.resident_texts).length > 0 ? g.resident_texts : null,
  };
  if (upsert) {
    await tx
      .insert(t.procedureGroups)
      .values(groupRow)
      .onConflictDoUpdate({ target: t.procedureGroups.id, set: { ...groupRow, updatedAt: sql`now()` } });
  } else await tx.insert(t.procedureGroups).values(groupRow);
  await tx.insert(t.procedureDisclosures).values({
    id: d.id,
    procedureGroupId: g.id,
    jpki: d.identifications.jpki,
    basicFourInformation: d.identifications.basic_four_information,
    useBasicFourInformation: d.use_basic_four_information,
    useMynaportal: d.use_mynaportal,
    startDate: d.start_date,
    endDate: d.end_date,
    isPublish: d.is_publish,
  });
  for (const w of g.workflow_templates) {
    const row = { id: w.id, municipalityId, procedureGroupId: g.id, name: w.name, steps: w.steps };
    const insert = tx.insert(t.workflowTemplates).values(row);
    await (upsert ? insert.onConflictDoUpdate({ target: t.workflowTemplates.id, set: row }) : insert);
  }
  for (const p of d.procedures) {
    const row = {
      id: p.id,
      municipalityId,
      procedureGroupId: g.id,
      code: p.code,
      name: p.name,
      sequence: p.sequence,
      remarks: p.remarks,
      isConfirmed: p.is_confirmed,
      printedCopies: p.printed_copies,
      checkMessages: p.check_messages,
      proceduralRules: p.procedural_rules,
      workflowTemplateId: p.workflow_template_id,
      isSignatureDigitalCertificate: p.is_signature_digital_certificate,
      departmentCode: p.department_code,
      processingDays: p.processing_days ?? null,
      retentionYears: p.retention_years ?? null,
      en: p.en ?? null,
    };
    const insert = tx.insert(t.procedures).values(row);
    await (upsert ? insert.onConflictDoUpdate({ target: t.procedures.id, set: row }) : insert);
    for (const [i, f] of p.procedure_fragments.entries()) {
      await tx.insert(t.procedureFragments).values({
        id: f.id,
        procedureId: p.id,
        name: f.name,
        standardItemCode: f.standard_item_code,
        sequence: i,
        en: f.en ?? null,
      });
    }
  }
  for (const a of d.procedure_attaches) {
    await tx.insert(t.procedureAttaches).values({
      id: a.id,
      procedureId: a.procedure_id,
      name: a.name,
      standardItemCode: a.standard_item_code,
      type: a.type,
      en: a.en ?? null,
    });
  }
  const procedureIdByCode = new Map(d.procedures.map((p) => [p.code, p.id]));
  for (const r of g.reports) {
    const procedureId = procedureIdByCode.get(r.procedure_code);
    if (procedureId === undefined)
      throw new Error(`report ${r.id} names unknown procedure ${r.procedure_code}`);
    await tx.insert(t.reportTemplates).values({
      id: r.id,
      municipalityId,
      procedureId,
      name: r.name,
      standardItemCodes: r.standard_item_codes,
    });
  }
  const set = g.concierge_set;
  await tx.insert(t.conciergeSets).values({
    id: set.id,
    procedureGroupId: g.id,
    name: set.name,
    isConfirmed: set.is_confirmed,
    conciergeRule: set.concierge_rule,
  });
  for (const c of [set.filter_concierge_category, ...set.assistant_concierge_category]) {
    await tx.insert(t.conciergeCategories).values({
      id: c.id,
      conciergeSetId: set.id,
      name: c.name,
      title: c.title,
      type: c.type,
      sequence: c.sequence,
      en: c.en ?? null,
    });
    for (const s of c.concierge_sub_category) {
      await tx.insert(t.conciergeSubCategories).values({
        id: s.id,
        categoryId: c.id,
        breadcrumbs: s.breadcrumbs,
        name: s.name,
        sequence: s.sequence,
        imageType: s.image_type,
        viewRules: s.view_rules,
        en: s.en ?? null,
      });
      for (const q of s.concierges) {
        await tx.insert(t.concierges).values({
          id: q.id,
          subCategoryId: s.id,
          type: q.type,
          name: q.name,
          question: q.question,
          standardItemCodes: q.standard_item_code,
          sequence: q.sequence,
          viewRules: q.view_rules,
          isFirst: q.is_first,
          suffix: q.suffix,
          remarks: q.remarks,
          copyableLabel: q.copyable_label,
          copyableStandardItemCodes: q.copyable_standard_item_codes,
          isHorizontal: q.is_horizontal,
          requiresNameValidation: q.requires_name_validation,
          procedureCodes: q.concierge_procedure_codes,
          en: q.en ?? null,
        });
        for (const o of q.concierge_options) {
          await tx.insert(t.conciergeOptions).values({
            id: o.id,
            conciergeId: q.id,
            value: o.value,
            sequence: o.sequence,
            destinationConciergeId: o.concierge_destination?.concierge_id ?? null,
            isScopedout: o.concierge_destination?.is_scopedout ?? false,
            scopedoutMessage: o.concierge_destination?.scopedout_message ?? null,
            en: o.en ?? null,
            destinationEn: o.concierge_destination?.en ?? null,
          });
        }
      }
    }
  }
}

/** Explicit ids leave identity sequences behind; move each past the largest id. */
export async function syncSequences(tx: Exec) {
  for (const table of identityTables) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select coalesce(max(id), 0) from ${table}), 1))`,
      ),
    );
  }
}
