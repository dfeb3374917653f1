import { asc, eq, inArray } from 'drizzle-orm';
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { parseExpression } from '@portal/rules';
import * as t from '../../db/schema/index.js';
import { standardItemOfRow, withEn, type Exec } from './procedure-group.rows.js';

/** A whole procedure group's configuration as the normalized tables hold it; null when there is none. */
export async function readProcedureGroup(
  exec: Exec,
  groupId: number,
): Promise<ProcedureGroupConfiguration | null> {
  const group = (await exec.select().from(t.procedureGroups).where(eq(t.procedureGroups.id, groupId)))[0];
  if (!group) return null;
  const disclosure = (
    await exec
      .select()
      .from(t.procedureDisclosures)
      .where(eq(t.procedureDisclosures.procedureGroupId, groupId))
  )[0];
  const set = (
    await exec.select().from(t.conciergeSets).where(eq(t.conciergeSets.procedureGroupId, groupId))
  )[0];
  if (!disclosure || !set) throw new Error(`procedure group ${groupId} is incomplete`);
  const procs = await exec
    .select()
    .from(t.procedures)
    .where(eq(t.procedures.procedureGroupId, groupId))
    .orderBy(asc(t.procedures.sequence), asc(t.procedures.id));
  const procIds = procs.map((p) => p.id);
  const none = [-1];
  const fragments = await exec
    .select()
    .from(t.procedureFragments)
    .where(inArray(t.procedureFragments.procedureId, procIds.length ? procIds : none))
    .orderBy(asc(t.procedureFragments.sequence), asc(t.procedureFragments.id));
  const attaches = await exec
    .select()
    .from(t.procedureAttaches)
    .where(inArray(t.procedureAttaches.procedureId, procIds.length ? procIds : none))
    .orderBy(asc(t.procedureAttaches.id));
  const templates = await exec
    .select()
    .from(t.workflowTemplates)
    .where(eq(t.workflowTemplates.procedureGroupId, groupId))
    .orderBy(asc(t.workflowTemplates.id));
  const reports = await exec
    .select()
    .from(t.reportTemplates)
    .where(inArray(t.reportTemplates.procedureId, procIds.length ? procIds : none))
    .orderBy(asc(t.reportTemplates.id));
  const categories = await exec
    .select()
    .from(t.conciergeCategories)
    .where(eq(t.conciergeCategories.conciergeSetId, set.id))
    .orderBy(asc(t.conciergeCategories.sequence), asc(t.conciergeCategories.id));
  const catIds = categories.map((c) => c.id);
  const subs = await exec
    .select()
    .from(t.conciergeSubCategories)
    .where(inArray(t.conciergeSubCategories.categoryId, catIds.length ? catIds : none))
    .orderBy(asc(t.conciergeSubCategories.sequence), asc(t.conciergeSubCategories.id));
  const subIds = subs.map((s) => s.id);
  const qs = await exec
    .select()
    .from(t.concierges)
    .where(inArray(t.concierges.subCategoryId, subIds.length ? subIds : none))
    .orderBy(asc(t.concierges.sequence), asc(t.concierges.id));
  const qIds = qs.map((q) => q.id);
  const options = await exec
    .select()
    .from(t.conciergeOptions)
    .where(inArray(t.conciergeOptions.conciergeId, qIds.length ? qIds : none))
    .orderBy(asc(t.conciergeOptions.sequence), asc(t.conciergeOptions.id));

  const codeById = new Map(procs.map((p) => [p.id, p.code]));
  // The items put in the group and every item the configuration names (what is read back passes the
  // checks it was saved with).
  const rule = set.conciergeRule;
  const formulas = [...subs, ...qs].flatMap((x) =>
    x.viewRules.filter((r) => r.pattern === 'formula').map((r) => parseExpression(r.expression)?.code),
  );
  const hiddenSources = [...rule.form_rule.hidden_rules, ...rule.procedure_rule.hidden_rules].flatMap((h) =>
    h.conditions.flat().map((c) => c.source),
  );
  const usedCodes = new Set<string>(
    [
      ...group.standardItemCodes,
      ...fragments.map((f) => f.standardItemCode),
      ...qs.flatMap((q) => [
        ...q.standardItemCodes,
        ...q.copyableStandardItemCodes,
        ...q.requiresNameValidation,
      ]),
      ...procs.flatMap((p) => p.proceduralRules.flat().map((c) => c.standard_item_code)),
      ...reports.flatMap((r) => r.standardItemCodes),
      ...rule.form_rule.copy_forms.flatMap((c) => [c.source, c.target]),
      ...rule.form_rule.hidden_rules.map((h) => h.target),
      ...rule.form_rule.prefill_rules.map((p) => p.target),
      ...rule.prefill_form_rule.prefill_forms.map((p) => p.target),
      ...hiddenSources,
      ...formulas,
    ].filter((code): code is string => typeof code === 'string' && code !== ''),
  );
  const items = usedCodes.size
    ? await exec
        .select()
        .from(t.standardItems)
        .where(inArray(t.standardItems.code, [...usedCodes]))
        .orderBy(asc(t.standardItems.code))
    : [];

  const category = (c: (typeof categories)[number]) => ({
    id: c.id,
    name: c.name,
    title: c.title,
    type: c.type as 'FI' | 'AS',
    sequence: c.sequence,
    ...withEn(c.en),
    concierge_sub_category: subs
      .filter((s) => s.categoryId === c.id)
      .map((s) => ({
        id: s.id,
        breadcrumbs: s.breadcrumbs,
        name: s.name,
        sequence: s.sequence,
        image_type: s.imageType,
        view_rules: s.viewRules,
        ...withEn(s.en),
        concierges: qs
          .filter((q) => q.subCategoryId === s.id)
          .map((q) => ({
            id: q.id,
            type: q.type as 'QT' | 'FO',
            name: q.name,
            question: q.question,
            standard_item_code: q.standardItemCodes,
            sequence: q.sequence,
            view_rules: q.viewRules,
            is_first: q.isFirst,
            suffix: q.suffix,
            remarks: q.remarks,
            copyable_label: q.copyableLabel,
            copyable_standard_item_codes: q.copyableStandardItemCodes,
            is_horizontal: q.isHorizontal,
            requires_name_validation: q.requiresNameValidation,
            concierge_procedure_codes: q.procedureCodes,
            ...withEn(q.en),
            concierge_options: options
              .filter((o) => o.conciergeId === q.id)
              .map((o) => ({
                id: o.id,
                value: o.value,
                sequence: o.sequence,
                ...withEn(o.en),
                concierge_destination:
                  o.destinationConciergeId === null && !o.isScopedout
                    ? null
                    : {
                        id: o.id,
                        concierge_id: o.destinationConciergeId,
                        is_scopedout: o.isScopedout,
                        scopedout_message: o.scopedoutMessage,
                        ...withEn(o.destinationEn),
                      },
              })),
          })),
      })),
  });
  const filter = categories.find((c) => c.type === 'FI');
  if (!filter) throw new Error(`procedure group ${groupId} has no filter category`);

  return {
    id: group.id,
    name: group.name,
    sequence: group.sequence,
    icon_type: group.iconType as ProcedureGroupConfiguration['icon_type'],
    description: group.description,
    ...withEn(group.en),
    // Omitted when null, as `en` is: snapshots of groups without their own texts stay as they were.
    ...(group.residentTexts ? { resident_texts: group.residentTexts } : {}),
    disclosure: {
      id: disclosure.id,
      procedure_group_id: groupId,
      identifications: { jpki: disclosure.jpki, basic_four_information: disclosure.basicFourInformation },
      use_basic_four_information: disclosure.useBasicFourInformation,
      use_mynaportal: disclosure.useMynaportal,
      start_date: disclosure.startDate,
      end_date: disclosure.endDate,
      is_publish: disclosure.isPublish,
      procedures: procs.map((p) => ({
        id: p.id,
        code: p.code,
        name: p.name,
        sequence: p.sequence,
        remarks: p.remarks,
        is_confirmed: p.isConfirmed,
        printed_copies: p.printedCopies,
        check_messages: p.checkMessages,
        procedural_rules: p.proceduralRules,
        workflow_template_id: p.workflowTemplateId,
        is_signature_digital_certificate: p.isSignatureDigitalCertificate,
        department_code: p.departmentCode,
        // Omitted when null, as `en` is: snapshots of procedures without a deadline stay as they were.
        ...(p.processingDays !== null ? { processing_days: p.processingDays } : {}),
        ...(p.retentionYears !== null ? { retention_years: p.retentionYears } : {}),
        procedure_fragments: fragments
          .filter((f) => f.procedureId === p.id)
          .map((f) => ({
            id: f.id,
            name: f.name,
            standard_item_code: f.standardItemCode,
            ...withEn(f.en),
          })),
        ...withEn(p.en),
      })),
      procedure_attaches: attaches.map((a) => ({
        id: a.id,
        procedure_id: a.procedureId,
        name: a.name,
        standard_item_code: a.standardItemCode,
        type: a.type as 'PH' | 'OR' | 'SG',
        ...withEn(a.en),
      })),
    },
    concierge_set: {
      id: set.id,
      name: set.name,
      is_confirmed: set.isConfirmed,
      filter_concierge_category: category(filter),
      assistant_concierge_category: categories.filter((c) => c.type === 'AS').map(category),
      concierge_rule: set.conciergeRule,
    },
    standard_items: items.map(standardItemOfRow),
    workflow_templates: templates.map((w) => ({ id: w.id, name: w.name, steps: w.steps })),
    reports: reports.map((r) => ({
      id: r.id,
      procedure_code: codeById.get(r.procedureId) ?? '',
      name: r.name,
      standard_item_codes: r.standardItemCodes,
    })),
  };
}
