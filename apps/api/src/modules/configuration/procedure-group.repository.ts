import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { ProcedureGroupConfiguration, StandardItem } from '@portal/contracts';
import { parseExpression } from '@portal/rules';
import type { Db } from '../../db/client.js';
import * as t from '../../db/schema/index.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Exec = Db | Tx;

/** Advisory lock (with the group id) held by whoever writes a group's configuration or versions. */
export const PUBLISH_LOCK = 7290002;

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

/** A row's English column as the configuration carries it: absent when there is none (decision 0009). */
const withEn = <T>(en: T | null | undefined): { en?: T } => (en && Object.keys(en).length > 0 ? { en } : {});

/** A row of the standard_items table as the contract's item. */
export function standardItemOfRow(i: typeof t.standardItems.$inferSelect): StandardItem {
  return {
    code: i.code,
    name: i.name,
    type: i.type as StandardItem['type'],
    required: i.required,
    min_length: i.minLength,
    max_length: i.maxLength,
    pattern: i.pattern,
    choices: i.choices,
    reading_of: i.readingOf,
    suffix: i.suffix,
    remarks: i.remarks,
    ...withEn(i.en),
  };
}

/** Writes and reads a whole procedure group's configuration in the normalized tables. */
export function createProcedureGroupRepository(db: Db) {
  async function upsertStandardItems(tx: Exec, items: StandardItem[]) {
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
  async function insertGroup(
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
  async function syncSequences(tx: Exec) {
    for (const table of identityTables) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select coalesce(max(id), 0) from ${table}), 1))`,
        ),
      );
    }
  }

  /**
   * The named queries of a replacement (decision 0006), bound to its transaction: facts first, then the
   * rebuild. The service decides what is kept or refused; these only read and write.
   */
  function replacementQueries(tx: Exec) {
    return {
      /** The municipality owning the group, or null when it does not exist yet. */
      async ownerOf(groupId: number): Promise<number | null> {
        const rows = await tx
          .select({ municipalityId: t.procedureGroups.municipalityId })
          .from(t.procedureGroups)
          .where(eq(t.procedureGroups.id, groupId));
        return rows[0]?.municipalityId ?? null;
      },

      /** Ids the configuration names that belong to another procedure group. */
      async foreignIds(g: ProcedureGroupConfiguration) {
        const procedureIds = g.disclosure.procedures.map((p) => p.id);
        const templateIds = g.workflow_templates.map((w) => w.id);
        const procedures =
          procedureIds.length === 0
            ? []
            : await tx
                .select({ id: t.procedures.id })
                .from(t.procedures)
                .where(and(inArray(t.procedures.id, procedureIds), ne(t.procedures.procedureGroupId, g.id)));
        const templates =
          templateIds.length === 0
            ? []
            : await tx
                .select({ id: t.workflowTemplates.id })
                .from(t.workflowTemplates)
                .where(
                  and(
                    inArray(t.workflowTemplates.id, templateIds),
                    ne(t.workflowTemplates.procedureGroupId, g.id),
                  ),
                );
        return { procedures: procedures.map((r) => r.id), templates: templates.map((r) => r.id) };
      },

      /** The group's procedures as the tables hold them now. */
      proceduresOf: (groupId: number): Promise<{ id: number; code: string }[]> =>
        tx
          .select({ id: t.procedures.id, code: t.procedures.code })
          .from(t.procedures)
          .where(eq(t.procedures.procedureGroupId, groupId)),

      /** Those of the procedures that documents refer to. */
      async documentedProcedureIds(procedureIds: number[]): Promise<number[]> {
        if (procedureIds.length === 0) return [];
        const rows = await tx
          .selectDistinct({ id: t.documents.procedureId })
          .from(t.documents)
          .where(inArray(t.documents.procedureId, procedureIds));
        return rows.map((r) => r.id);
      },

      /** Procedures offered by the versions that applications in the given statuses started with. */
      async procedureIdsOfVersionsIn(groupId: number, statuses: readonly string[]): Promise<number[]> {
        const open = await tx
          .selectDistinct({ version: t.applications.configurationVersion })
          .from(t.applications)
          .where(
            and(eq(t.applications.procedureGroupId, groupId), inArray(t.applications.status, [...statuses])),
          );
        const versions =
          open.length === 0
            ? []
            : await tx
                .select({ snapshot: t.configurationVersions.snapshot })
                .from(t.configurationVersions)
                .where(
                  and(
                    eq(t.configurationVersions.procedureGroupId, groupId),
                    inArray(
                      t.configurationVersions.version,
                      open.map((o) => o.version),
                    ),
                  ),
                );
        return versions.flatMap((v) => v.snapshot.disclosure.procedures.map((p) => p.id));
      },

      /**
       * Makes the tables hold `g`: the group, its procedures and workflow templates upserted by id; its
       * disclosure, concierge set and the fragments, attaches and reports of `rebuilt` procedures
       * rebuilt; `removed` procedures deleted, and templates no procedure names any more.
       */
      async rebuild(
        municipalityId: number,
        g: ProcedureGroupConfiguration,
        procedures: { rebuilt: number[]; removed: number[] },
      ): Promise<void> {
        const { rebuilt, removed } = procedures;
        const templateIds = g.workflow_templates.map((w) => w.id);
        await tx.delete(t.conciergeSets).where(eq(t.conciergeSets.procedureGroupId, g.id));
        await tx.delete(t.procedureDisclosures).where(eq(t.procedureDisclosures.procedureGroupId, g.id));
        if (rebuilt.length > 0) {
          await tx.delete(t.procedureFragments).where(inArray(t.procedureFragments.procedureId, rebuilt));
          await tx.delete(t.procedureAttaches).where(inArray(t.procedureAttaches.procedureId, rebuilt));
          await tx.delete(t.reportTemplates).where(inArray(t.reportTemplates.procedureId, rebuilt));
        }
        if (removed.length > 0) await tx.delete(t.procedures).where(inArray(t.procedures.id, removed));
        await upsertStandardItems(tx, g.standard_items);
        await insertGroup(tx, municipalityId, g, true);
        // Templates the configuration dropped go too, unless a kept procedure still names one.
        await tx
          .delete(t.workflowTemplates)
          .where(
            and(
              eq(t.workflowTemplates.procedureGroupId, g.id),
              templateIds.length > 0 ? notInArray(t.workflowTemplates.id, templateIds) : undefined,
              sql`not exists (select 1 from procedures p where p.workflow_template_id = ${t.workflowTemplates.id})`,
            ),
          );
        await syncSequences(tx);
      },
    };
  }

  async function read(exec: Exec, groupId: number): Promise<ProcedureGroupConfiguration | null> {
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

  return {
    upsertStandardItems: (items: StandardItem[]) => upsertStandardItems(db, items),
    async exists(groupId: number): Promise<boolean> {
      const rows = await db
        .select({ id: t.procedureGroups.id })
        .from(t.procedureGroups)
        .where(eq(t.procedureGroups.id, groupId));
      return rows.length > 0;
    },
    /** Creates a group from a configuration document in one transaction (explicit ids kept). */
    async create(municipalityId: number, group: ProcedureGroupConfiguration): Promise<void> {
      await db.transaction(async (tx) => {
        await upsertStandardItems(tx, group.standard_items);
        await insertGroup(tx, municipalityId, group);
        await syncSequences(tx);
      });
    },
    read: (groupId: number) => read(db, groupId),
    /** Runs a replacement's named queries in one transaction (a savepoint when made on one). */
    replacement: <T>(work: (q: ReturnType<typeof replacementQueries>) => Promise<T>): Promise<T> =>
      db.transaction((tx) => work(replacementQueries(tx))),
    /**
     * Publishes the current configuration of a group as the next immutable version and makes it live (a
     * reflection row). `minVersion` lets staging number past versions production already has.
     */
    async publish(
      municipalityId: number,
      groupId: number,
      publishedBy: string,
      options: { minVersion?: number; at?: Date } = {},
    ): Promise<number> {
      return db.transaction(async (tx) => {
        // One publisher at a time per group, so versions never collide.
        await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK}, ${groupId})`);
        const snapshot = await read(tx, groupId);
        if (!snapshot) throw new Error(`procedure group ${groupId} not found`);
        const rows = await tx
          .select({ max: sql<number>`coalesce(max(${t.configurationVersions.version}), 0)::int` })
          .from(t.configurationVersions)
          .where(eq(t.configurationVersions.procedureGroupId, groupId));
        const version = Math.max((rows[0]?.max ?? 0) + 1, options.minVersion ?? 1);
        const at = options.at ?? new Date();
        await tx.insert(t.configurationVersions).values({
          municipalityId,
          procedureGroupId: groupId,
          version,
          snapshot,
          publishedBy,
          publishedAt: at,
        });
        await tx.insert(t.configurationReflections).values({
          municipalityId,
          procedureGroupId: groupId,
          version,
          reflectedBy: publishedBy,
          reflectedAt: at,
        });
        return version;
      });
    },
  };
}
export type ProcedureGroupRepository = ReturnType<typeof createProcedureGroupRepository>;
/** The named queries of one replacement, inside its transaction. */
export type ReplacementQueries = Parameters<Parameters<ProcedureGroupRepository['replacement']>[0]>[0];
