import type {
  IconType,
  MaterialTemplateList,
  ProcedureGroupConfiguration,
  ReferenceData,
} from '@portal/contracts';
import type { z } from 'zod';
import { standardItemOfRow } from '../configuration/procedure-group.repository.js';
import type { ReflectionService } from './reflection.service.js';

/** Built-in labels of the editor's choice lists (the values are the contract's enums). */
const iconTypes: { value: IconType; label: string }[] = [
  { value: 'BI', label: '出生' },
  { value: 'PR', label: '妊娠' },
  { value: 'CH', label: '子育て' },
  { value: 'SC', label: '学校・教育' },
  { value: 'MA', label: '結婚' },
  { value: 'MV', label: '引っ越し' },
  { value: 'HO', label: '住まい' },
  { value: 'WO', label: '仕事' },
  { value: 'TX', label: '税金' },
  { value: 'MO', label: '手当・給付' },
  { value: 'HE', label: '健康・医療' },
  { value: 'CA', label: '介護' },
  { value: 'DI', label: '障害' },
  { value: 'DE', label: '死亡・おくやみ' },
  { value: 'WS', label: 'ごみ・リサイクル' },
  { value: 'CE', label: '証明書' },
  { value: 'PE', label: 'ペット' },
  { value: 'OT', label: 'その他' },
];
const applicationTargets = [
  { value: 'applicant', label: '申請者本人' },
  { value: 'child', label: '子' },
  { value: 'spouse', label: '配偶者' },
  { value: 'household', label: '世帯' },
];
const externalTypes = [{ value: 'CO', label: '外部システム連携' }];
const imageTypes = [
  { value: 'birth', label: '出生' },
  { value: 'pregnancy', label: '妊娠' },
  { value: 'family', label: '家族' },
  { value: 'document', label: '書類' },
  { value: 'money', label: '手当・助成' },
];
const attachTypes = [
  { type: 'PH' as const, label: '写真' },
  { type: 'OR' as const, label: '原本' },
  { type: 'SG' as const, label: '署名' },
];

const subCategories = (g: ProcedureGroupConfiguration) =>
  [g.concierge_set.filter_concierge_category, ...g.concierge_set.assistant_concierge_category].flatMap(
    (c) => c.concierge_sub_category,
  );

/**
 * Reference data and material templates for the editor, read from staging (where drafts are edited):
 * the labels above, plus the procedures, standard items and image types staging's configuration uses.
 */
export function createMastertoolCatalog(reflection: ReflectionService) {
  const { repository, groups, municipality } = reflection.staging;

  async function groupsOf(municipalityId: number | null): Promise<ProcedureGroupConfiguration[]> {
    const all = municipalityId === null ? await allGroups() : await repository.groups(municipalityId);
    const read = await Promise.all(all.map((g) => groups.read(g.id)));
    return read.filter((g): g is ProcedureGroupConfiguration => g !== null);
  }
  async function allGroups() {
    const municipalities = await repository.municipalities();
    return (await Promise.all(municipalities.map((m) => repository.groups(m.id)))).flat();
  }

  return {
    async referenceData(code: string): Promise<z.input<typeof ReferenceData>> {
      const m = await municipality(code);
      const [configs, items, fragments, departments] = await Promise.all([
        groupsOf(m.id),
        repository.standardItems(),
        repository.fragmentNames(),
        repository.departments(m.id),
      ]);
      const usedImages = new Set(
        configs.flatMap((g) => subCategories(g).map((s) => s.image_type)).filter((v): v is string => !!v),
      );
      return {
        icon_types: iconTypes,
        application_targets: applicationTargets,
        external_types: externalTypes,
        procedure_codes: configs.flatMap((g) =>
          g.disclosure.procedures.map((p) => ({ value: p.code, label: p.name })),
        ),
        standard_item_fragments: items.map((i) => ({
          code: i.code,
          name: i.name,
          fragment: fragments.get(i.code) ?? '',
        })),
        concierge_sub_category_image_types: [
          ...imageTypes,
          ...[...usedImages]
            .filter((v) => !imageTypes.some((t) => t.value === v))
            .map((v) => ({ value: v, label: v })),
        ],
        procedure_attaches: attachTypes,
        departments: departments.map((d) => ({ value: d.code, label: d.name })),
        standard_items: items.map(standardItemOfRow),
      };
    },

    /**
     * Reusable pieces for a new procedure group, taken from every group staging has (any municipality):
     * groups (PRG), procedures (PRO), attaches (PRA), reports (REP), workflow templates (WOT), this
     * municipality's departments (DEP) and the standard items (SIF). Ids number the list.
     */
    async materialTemplates(code: string): Promise<z.input<typeof MaterialTemplateList>> {
      const m = await municipality(code);
      const [configs, departments, items] = await Promise.all([
        groupsOf(null),
        repository.departments(m.id),
        repository.standardItems(),
      ]);
      type Template = z.input<typeof MaterialTemplateList>['material_templates'][number];
      const out: Template[] = [];
      const add = (type: Template['type'], name: string, values: Partial<Template['values']> = {}) => {
        const sequence = out.filter((t) => t.type === type).length;
        out.push({
          id: out.length + 1,
          type,
          sequence,
          name,
          values: {
            name,
            sequence,
            icon_type: null,
            application_target: null,
            external_type: null,
            procedure_codes: [],
            use_municipality_applications: false,
            ...values,
          },
        });
      };
      for (const g of configs) {
        add('PRG', g.name, {
          icon_type: g.icon_type,
          procedure_codes: g.disclosure.procedures.map((p) => p.code),
        });
      }
      for (const g of configs) {
        for (const p of g.disclosure.procedures) {
          add('PRO', p.name, {
            application_target: {
              standard_item_codes: p.procedure_fragments.map((f) => f.standard_item_code),
            },
            procedure_codes: [p.code],
          });
        }
      }
      for (const g of configs) {
        const codeOf = new Map(g.disclosure.procedures.map((p) => [p.id, p.code]));
        for (const a of g.disclosure.procedure_attaches) {
          add('PRA', a.name, {
            application_target: { standard_item_codes: [a.standard_item_code] },
            procedure_codes: [codeOf.get(a.procedure_id) ?? ''].filter(Boolean),
          });
        }
        for (const r of g.reports) {
          add('REP', r.name, {
            application_target: { standard_item_codes: r.standard_item_codes },
            procedure_codes: [r.procedure_code],
          });
        }
        for (const w of g.workflow_templates) add('WOT', w.name);
      }
      for (const d of departments) add('DEP', d.name);
      for (const i of items) add('SIF', i.name, { application_target: { standard_item_codes: [i.code] } });
      return { material_templates: out };
    },
  };
}
export type MastertoolCatalog = ReturnType<typeof createMastertoolCatalog>;
