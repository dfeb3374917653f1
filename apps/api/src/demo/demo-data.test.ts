import { describe, it, expect } from 'vitest';
import { Kana, PREFILL_CLAIMS, ProcedureGroupConfiguration, StandardItem } from '@portal/contracts';
import { registryClaims } from '../modules/registry/registry-claims.js';
import { registryEntryOf } from './seed.js';
import type { ConciergeSet, RuleSymbol, StandardItem as StandardItemType, ViewRule } from '@portal/contracts';
import { demoData, type DemoMunicipality, type DemoResident } from '@portal/demo';

type Group = ProcedureGroupConfiguration;

/** The fixed "today" of the resident age checks. */
const TODAY = '2026-11-21';

// ---------------------------------------------------------------------------------------------------------
// Helpers that walk the seed
// ---------------------------------------------------------------------------------------------------------

const { municipalities, residents } = demoData;
const groupEntries = municipalities.flatMap((municipality) =>
  municipality.procedure_groups.map((group) => ({ municipality, group })),
);
const allGroups = groupEntries.map((e) => e.group);
const municipality = (code: string) => municipalities.find((m) => m.code === code);

const categoriesOf = (set: ConciergeSet) => [
  set.filter_concierge_category,
  ...set.assistant_concierge_category,
];
const subCategoriesOf = (set: ConciergeSet) => categoriesOf(set).flatMap((c) => c.concierge_sub_category);
const conciergesOf = (set: ConciergeSet) => subCategoriesOf(set).flatMap((s) => s.concierges);
const assistantConciergesOf = (set: ConciergeSet) =>
  set.assistant_concierge_category.flatMap((c) => c.concierge_sub_category).flatMap((s) => s.concierges);
const optionsOf = (set: ConciergeSet) => conciergesOf(set).flatMap((c) => c.concierge_options);
const proceduresOf = (group: Group) => group.disclosure.procedures;

/** Every view rule of a set, with where it sits. */
function viewRulesOf(set: ConciergeSet): { where: string; rule: ViewRule }[] {
  return [
    ...subCategoriesOf(set).flatMap((s) =>
      s.view_rules.map((rule) => ({ where: `sub category ${s.id}`, rule })),
    ),
    ...conciergesOf(set).flatMap((c) => c.view_rules.map((rule) => ({ where: `concierge ${c.id}`, rule }))),
  ];
}

/** Values that occur more than once. */
function duplicates<T>(values: T[]): T[] {
  const seen = new Set<T>();
  const repeated = new Set<T>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return [...repeated];
}

/** The ids of every configuration kind in one group (the writer inserts them verbatim). */
function idsByKind(group: Group): Record<string, number[]> {
  const set = group.concierge_set;
  return {
    procedure_groups: [group.id],
    disclosures: [group.disclosure.id],
    procedures: proceduresOf(group).map((p) => p.id),
    procedure_fragments: proceduresOf(group).flatMap((p) => p.procedure_fragments.map((f) => f.id)),
    procedure_attaches: group.disclosure.procedure_attaches.map((a) => a.id),
    workflow_templates: group.workflow_templates.map((t) => t.id),
    reports: group.reports.map((r) => r.id),
    concierge_sets: [set.id],
    concierge_categories: categoriesOf(set).map((c) => c.id),
    concierge_sub_categories: subCategoriesOf(set).map((s) => s.id),
    concierges: conciergesOf(set).map((c) => c.id),
    concierge_options: optionsOf(set).map((o) => o.id),
    concierge_procedure_codes: conciergesOf(set).flatMap((c) => c.concierge_procedure_codes.map((p) => p.id)),
  };
}

/** `age(child_birth_date)` names the item child_birth_date; a plain expression is an item code itself. */
function itemCodeOfExpression(expression: string): { code: string; isAge: boolean } {
  const age = /^age\((.+)\)$/.exec(expression);
  return age?.[1] ? { code: age[1], isAge: true } : { code: expression, isAge: false };
}

type Condition = { where: string; code: string; symbol: RuleSymbol; expected: string };

/** Every comparison of an answer with an expected value: procedural, hidden and procedure rules. */
function conditionsOf(group: Group): Condition[] {
  const rule = group.concierge_set.concierge_rule;
  return [
    ...proceduresOf(group).flatMap((p) =>
      p.procedural_rules
        .flat()
        .map((c) => ({ where: `procedural rule of ${p.code}`, code: c.standard_item_code, ...c })),
    ),
    ...[...rule.form_rule.hidden_rules, ...rule.procedure_rule.hidden_rules].flatMap((h) =>
      h.conditions.flat().map((c) => ({ where: `hidden rule of ${h.target}`, code: c.source, ...c })),
    ),
  ];
}

/** Every place a group names a standard item, labelled so that a failure says where. */
function itemReferences(group: Group): { where: string; code: string }[] {
  const set = group.concierge_set;
  const rule = set.concierge_rule;
  const refs = (where: string, codes: string[]) => codes.map((code) => ({ where, code }));
  return [
    ...proceduresOf(group).flatMap((p) =>
      refs(
        `fragments of ${p.code}`,
        p.procedure_fragments.map((f) => f.standard_item_code),
      ),
    ),
    ...group.reports.flatMap((r) => refs(`report ${r.id}`, r.standard_item_codes)),
    ...conciergesOf(set).flatMap((c) => [
      ...refs(`items of concierge ${c.id}`, c.standard_item_code),
      ...refs(`copyable items of concierge ${c.id}`, c.copyable_standard_item_codes),
      ...refs(`name validation of concierge ${c.id}`, c.requires_name_validation),
    ]),
    ...viewRulesOf(set)
      .filter(({ rule: r }) => r.pattern === 'formula')
      .map(({ where, rule: r }) => ({
        where: `formula of ${where}`,
        code: itemCodeOfExpression(r.expression).code,
      })),
    ...conditionsOf(group).map(({ where, code }) => ({ where, code })),
    ...rule.form_rule.copy_forms.flatMap((c) => refs('copy form', [c.source, c.target])),
    ...rule.form_rule.hidden_rules.map((h) => ({ where: 'hidden rule target', code: h.target })),
    ...rule.form_rule.prefill_rules.map((p) => ({ where: 'prefill rule target', code: p.target })),
    ...rule.prefill_form_rule.prefill_forms.map((p) => ({ where: 'prefill form target', code: p.target })),
  ];
}

/** Whether `value` passes an item's lengths, pattern (anchors implied) and choices. */
function valueFitsItem(item: StandardItemType, value: string): boolean {
  const length = [...value].length;
  if (item.min_length !== null && length < item.min_length) return false;
  if (item.max_length !== null && length > item.max_length) return false;
  if (item.pattern !== null && !new RegExp(`^(?:${item.pattern})$`, 'u').test(value)) return false;
  return item.choices.length === 0 || item.choices.some((c) => c.value === value);
}

/** Whether an expected value can ever match: a choice for `equal` on choice items, a number for above/below. */
function expectedFits(item: StandardItemType, symbol: RuleSymbol, expected: string, isAge = false): boolean {
  if (symbol === '') return expected === '';
  if (symbol === 'above' || symbol === 'below') {
    return (isAge || item.type === 'number') && expected !== '' && Number.isFinite(Number(expected));
  }
  return isAge ? Number.isFinite(Number(expected)) : valueFitsItem(item, expected);
}

/** Full years between an ISO birth date and an ISO day. */
function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const isIsoDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));

// ---------------------------------------------------------------------------------------------------------
// Standard items
// ---------------------------------------------------------------------------------------------------------

describe('demo data: standard items', () => {
  it('parse against the contract and have unique codes', () => {
    for (const item of demoData.standard_items)
      expect(() => StandardItem.parse(item), item.code).not.toThrow();
    expect(duplicates(demoData.standard_items.map((i) => i.code))).toEqual([]);
  });

  it('are well formed for their type', () => {
    for (const item of demoData.standard_items) {
      const where = item.code;
      if (item.type === 'kana') {
        expect(item.reading_of, where).not.toBeNull();
        expect(catalog.get(item.reading_of ?? '')?.type, `${where} reads a text item`).toBe('text');
      } else {
        expect(item.reading_of, where).toBeNull();
      }
      const isChoice = ['select', 'radio', 'checkbox'].includes(item.type);
      expect(item.choices.length > 0, `${where} has choices only if it is a choice item`).toBe(isChoice);
      expect(duplicates(item.choices.map((c) => c.value)), where).toEqual([]);
      if (['kana', 'date', 'time', 'postal_code', 'phone'].includes(item.type)) {
        expect(item.pattern, where).not.toBeNull();
        expect(item.max_length, where).not.toBeNull();
      }
      if (item.pattern !== null) expect(() => new RegExp(item.pattern ?? '', 'u'), where).not.toThrow();
      if (item.min_length !== null && item.max_length !== null) {
        expect(item.min_length, where).toBeLessThanOrEqual(item.max_length);
      }
    }
  });

  it('carry the units of the birth certificate', () => {
    expect(catalog.get('birth_weight')?.suffix).toBe('g');
    expect(catalog.get('birth_height')?.suffix).toBe('cm');
  });

  it('appear in each group exactly as in the catalog', () => {
    for (const group of allGroups) {
      expect(duplicates(group.standard_items.map((i) => i.code)), group.name).toEqual([]);
      for (const item of group.standard_items) expect(item, group.name).toEqual(catalog.get(item.code));
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Configuration ids
// ---------------------------------------------------------------------------------------------------------

describe('demo data: configuration ids', () => {
  it('are unique per kind across the whole seed', () => {
    const perKind = new Map<string, number[]>();
    for (const group of allGroups) {
      for (const [kind, ids] of Object.entries(idsByKind(group)))
        perKind.set(kind, [...(perKind.get(kind) ?? []), ...ids]);
    }
    for (const [kind, ids] of perKind) expect(duplicates(ids), kind).toEqual([]);
  });

  it('stay in the range of their municipality (999999: 1–999, 999998: 1001–1999)', () => {
    const ranges: Record<string, [number, number]> = { '999999': [1, 999], '999998': [1001, 1999] };
    for (const { municipality: m, group } of groupEntries) {
      const [low, high] = ranges[m.code] ?? [0, 0];
      for (const [kind, ids] of Object.entries(idsByKind(group))) {
        for (const id of ids) expect(id >= low && id <= high, `${m.code} ${kind} ${id}`).toBe(true);
      }
    }
  });

  it('give each destination the id of its option', () => {
    for (const group of allGroups) {
      for (const option of optionsOf(group.concierge_set)) {
        if (option.concierge_destination) expect(option.concierge_destination.id, group.name).toBe(option.id);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Each procedure group on its own
// ---------------------------------------------------------------------------------------------------------

describe.each(groupEntries.map((entry) => [entry.group.name, entry] as const))(
  'procedure group %s',
  (_name, { municipality: m, group }) => {
    const set = group.concierge_set;
    const rule = set.concierge_rule;
    const items = new Map(group.standard_items.map((i) => [i.code, i]));
    const optionIds = new Set(optionsOf(set).map((o) => String(o.id)));
    const conciergeIds = new Set(conciergesOf(set).map((c) => c.id));
    const procedureCodes = new Set(proceduresOf(group).map((p) => p.code));
    const departmentCodes = new Set(m.departments.map((d) => d.code));

    it('parses against the contract', () => {
      expect(() => ProcedureGroupConfiguration.parse(group)).not.toThrow();
    });

    it('has a disclosure of its own, published until 2099-12-31', () => {
      expect(group.disclosure.procedure_group_id).toBe(group.id);
      expect(group.disclosure.is_publish).toBe(true);
      expect(group.disclosure.end_date).toBe('2099-12-31');
    });

    it('names only standard items of the group', () => {
      const missing = itemReferences(group).filter((ref) => !items.has(ref.code));
      expect(missing).toEqual([]);
    });

    it('compares answers with values the items can hold', () => {
      const formulas = viewRulesOf(set)
        .filter(({ rule: r }) => r.pattern === 'formula')
        .map(({ where, rule: r }) => ({ where, ...itemCodeOfExpression(r.expression), ...r }));
      for (const f of formulas) {
        const item = items.get(f.code);
        if (!item) continue; // reported by the reference check
        if (f.isAge) expect(item.type, `${f.where}: age() of a date`).toBe('date');
        expect(expectedFits(item, f.symbol, f.expected, f.isAge), f.where).toBe(true);
      }
      for (const c of conditionsOf(group)) {
        const item = items.get(c.code);
        if (item) expect(expectedFits(item, c.symbol, c.expected), `${c.where}: ${c.expected}`).toBe(true);
      }
      for (const p of rule.prefill_form_rule.prefill_forms) {
        const item = items.get(p.target);
        if (item)
          expect(valueFitsItem(item, p.expected), `prefill form ${p.source} → ${p.target}`).toBe(true);
      }
    });

    it('names only options of its own concierge set', () => {
      const selected = viewRulesOf(set).filter(({ rule: r }) => r.pattern === 'selected');
      for (const { where, rule: r } of selected) {
        expect(optionIds.has(r.expected), `${where} selects option ${r.expected}`).toBe(true);
        expect([r.expression, r.symbol], where).toEqual(['', '']);
      }
      for (const p of rule.prefill_form_rule.prefill_forms) {
        expect(optionIds.has(p.source), `prefill form source ${p.source}`).toBe(true);
      }
    });

    it('leads destinations to another concierge of the set, or out with a message', () => {
      for (const c of conciergesOf(set)) {
        for (const o of c.concierge_options) {
          const d = o.concierge_destination;
          if (!d) continue;
          if (d.is_scopedout) {
            expect(d.concierge_id, `option ${o.id}`).toBeNull();
            expect(d.scopedout_message?.length, `option ${o.id}`).toBeGreaterThan(0);
          } else {
            expect(d.scopedout_message, `option ${o.id}`).toBeNull();
            expect(conciergeIds.has(d.concierge_id ?? 0), `option ${o.id} → ${d.concierge_id}`).toBe(true);
            expect(d.concierge_id, `option ${o.id} leads elsewhere`).not.toBe(c.id);
          }
        }
      }
    });

    it('names only procedures of the group', () => {
      const named = [
        ...conciergesOf(set).flatMap((c) => c.concierge_procedure_codes.map((p) => p.procedure_code)),
        ...rule.procedure_rule.hidden_rules.map((h) => h.target),
        ...group.reports.map((r) => r.procedure_code),
      ];
      expect(named.filter((code) => !procedureCodes.has(code))).toEqual([]);
      expect(duplicates(proceduresOf(group).map((p) => p.code))).toEqual([]);
    });

    it('uses workflow templates, attaches and departments of its own', () => {
      const templateIds = new Set(group.workflow_templates.map((t) => t.id));
      const procedureIds = new Set(proceduresOf(group).map((p) => p.id));
      for (const p of proceduresOf(group)) {
        expect(templateIds.has(p.workflow_template_id ?? 0), `template of ${p.code}`).toBe(true);
        expect(departmentCodes.has(p.department_code ?? ''), `department of ${p.code}`).toBe(true);
      }
      for (const a of group.disclosure.procedure_attaches) {
        expect(procedureIds.has(a.procedure_id), `attach ${a.id}`).toBe(true);
        expect(a.standard_item_code, `attach ${a.id}`).toMatch(/^[a-z][a-z0-9_]{1,99}$/);
      }
      for (const t of group.workflow_templates) {
        expect(
          t.steps.map((s) => s.sequence),
          t.name,
        ).toEqual(t.steps.map((_, i) => i + 1));
        for (const s of t.steps) {
          if (s.department_code !== null) expect(departmentCodes.has(s.department_code), t.name).toBe(true);
        }
      }
    });

    it('uses each standard item once per procedure, and reports print items of their procedure', () => {
      for (const p of proceduresOf(group)) {
        expect(duplicates(p.procedure_fragments.map((f) => f.standard_item_code)), p.code).toEqual([]);
      }
      for (const r of group.reports) {
        const used = new Set(
          proceduresOf(group)
            .find((p) => p.code === r.procedure_code)
            ?.procedure_fragments.map((f) => f.standard_item_code),
        );
        expect(
          r.standard_item_codes.filter((code) => !used.has(code)),
          r.name,
        ).toEqual([]);
      }
    });

    it('starts every sub category with exactly one first concierge', () => {
      for (const s of subCategoriesOf(set)) {
        expect(s.concierges.filter((c) => c.is_first).length, `sub category ${s.id}`).toBe(1);
      }
    });

    it('gives questions options and forms items; filter questions fill no items', () => {
      for (const c of conciergesOf(set)) {
        if (c.type === 'QT')
          expect(c.concierge_options.length, `concierge ${c.id}`).toBeGreaterThanOrEqual(2);
        if (c.type === 'FO') {
          expect(c.concierge_options, `concierge ${c.id}`).toEqual([]);
          expect(c.standard_item_code.length, `concierge ${c.id}`).toBeGreaterThan(0);
        }
      }
      for (const c of set.filter_concierge_category.concierge_sub_category.flatMap((s) => s.concierges)) {
        expect([c.type, c.standard_item_code], `filter concierge ${c.id}`).toEqual(['QT', []]);
      }
    });

    it('backs every "same as" button with copy forms into the concierge items', () => {
      for (const c of conciergesOf(set)) {
        expect(c.copyable_label !== null, `concierge ${c.id}`).toBe(
          c.copyable_standard_item_codes.length > 0,
        );
        for (const source of c.copyable_standard_item_codes) {
          const copied = rule.form_rule.copy_forms.some(
            (f) => f.source === source && c.standard_item_code.includes(f.target),
          );
          expect(copied, `concierge ${c.id} copies ${source}`).toBe(true);
        }
      }
    });

    it('lets the resident answer every item its procedures use', () => {
      const answerable = new Set([
        ...assistantConciergesOf(set).flatMap((c) => c.standard_item_code),
        ...rule.form_rule.prefill_rules.map((p) => p.target),
        ...rule.prefill_form_rule.prefill_forms.map((p) => p.target),
      ]);
      const used = proceduresOf(group).flatMap((p) => p.procedure_fragments.map((f) => f.standard_item_code));
      expect([...new Set(used)].filter((code) => !answerable.has(code))).toEqual([]);
    });

    it('prefills from claims the sources give, with resident values the items accept', () => {
      const ofTown = residents.filter((r) => r.municipality_code === m.code);
      const entries = ofTown.map(registryEntryOf);
      for (const p of rule.form_rule.prefill_rules) {
        const item = items.get(p.target);
        expect(item, p.target).toBeDefined();
        let given = 0;
        for (const [i, r] of ofTown.entries()) {
          const claims: Record<string, string | null> = {
            ...Object.fromEntries(PREFILL_CLAIMS.profile.map((c) => [`profile.${c}`, r[c]])),
            ...registryClaims(entries[i]!, entries),
            // The personal portal sends what the card holds (mynaportal.plugin.ts selfInformation).
            ...Object.fromEntries(PREFILL_CLAIMS.mynaportal.map((c) => [`mynaportal.${c}`, r[c]])),
          };
          expect(Object.hasOwn(claims, p.source) || p.source.startsWith('public_account.'), p.source).toBe(
            true,
          );
          const value = claims[p.source];
          if (value === null || value === undefined) continue;
          given++;
          expect(valueFitsItem(item!, value), `${r.subject} ${p.source}`).toBe(true);
        }
        expect(given, `some resident of ${m.code} gives ${p.source}`).toBeGreaterThan(0);
      }
    });
  },
);

// ---------------------------------------------------------------------------------------------------------
// What the sample data must show
// ---------------------------------------------------------------------------------------------------------

describe('demo data: sample coverage', () => {
  const sets = allGroups.map((g) => g.concierge_set);

  it('scopes out at least one answer', () => {
    const scopedOut = sets.flatMap(optionsOf).filter((o) => o.concierge_destination?.is_scopedout);
    expect(scopedOut.length).toBeGreaterThan(0);
  });

  it('uses both view rule patterns, and age() in a formula', () => {
    const rules = sets.flatMap(viewRulesOf).map(({ rule }) => rule);
    expect(new Set(rules.map((r) => r.pattern))).toEqual(new Set(['selected', 'formula']));
    expect(rules.some((r) => itemCodeOfExpression(r.expression).isAge)).toBe(true);
  });

  it('uses all three attach types', () => {
    const types = allGroups.flatMap((g) => g.disclosure.procedure_attaches.map((a) => a.type));
    expect(new Set(types)).toEqual(new Set(['PH', 'OR', 'SG']));
  });

  it('has exactly one procedure signed with the digital certificate in 999999: the birth notification', () => {
    const signed = (municipality('999999')?.procedure_groups ?? [])
      .flatMap(proceduresOf)
      .filter((p) => p.is_signature_digital_certificate);
    expect(signed.map((p) => p.code)).toEqual(['birth_notification']);
  });

  it('prints 1 or 2 copies, both occurring', () => {
    const copies = new Set(allGroups.flatMap(proceduresOf).map((p) => p.printed_copies));
    expect(copies).toEqual(new Set([1, 2]));
  });

  it('gives every procedure a processing time limit, so the deadline column shows (decision 0019)', () => {
    const days = Object.fromEntries(allGroups.flatMap(proceduresOf).map((p) => [p.code, p.processing_days]));
    expect(days).toEqual({
      birth_notification: 14,
      child_allowance: 30,
      child_medical_subsidy: 30,
      pregnancy_notification: 7,
    });
  });

  it('has non-empty procedural rules somewhere', () => {
    expect(allGroups.flatMap(proceduresOf).some((p) => p.procedural_rules.length > 0)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Municipalities, staff, residents, operators
// ---------------------------------------------------------------------------------------------------------

describe('demo data: municipalities and staff', () => {
  it('has デモ市 and サンプル町, each with terms for browser and tablet', () => {
    expect(municipalities.map((m) => [m.code, m.name, m.name_en])).toEqual([
      ['999999', 'デモ市', 'Demo City'],
      ['999998', 'サンプル町', 'Sample Town'],
    ]);
    for (const m of municipalities) {
      expect(m.terms.map((t) => t.device).sort(), m.code).toEqual(['browser', 'tablet']);
      for (const t of m.terms) expect(isIsoDate(t.updated_at), `${m.code} ${t.device}`).toBe(true);
      expect(duplicates(m.departments.map((d) => d.code)), m.code).toEqual([]);
    }
  });

  /** "permission@department" of every account of a municipality. */
  const roles = (m: DemoMunicipality | undefined) =>
    (m?.staff ?? []).flatMap((s) => s.department_codes.map((d) => `${s.permission}@${d}`)).sort();

  it('has one account per permission and department in 999999, one administrator in 999998', () => {
    const permissions = ['administrator', 'clerk', 'viewer'];
    expect(roles(municipality('999999'))).toEqual(
      ['kodomo', 'shimin'].flatMap((d) => permissions.map((p) => `${p}@${d}`)).sort(),
    );
    expect(municipality('999998')?.staff.map((s) => s.permission)).toEqual(['administrator']);
  });

  it('gives staff existing departments, unique reserved-domain emails and katakana readings', () => {
    const emails = municipalities.flatMap((m) => m.staff.map((s) => s.email));
    expect(duplicates(emails)).toEqual([]);
    for (const m of municipalities) {
      const departments = new Set(m.departments.map((d) => d.code));
      for (const s of m.staff) {
        expect(s.email).toMatch(/^[a-z.]+@[a-z]+\.example\.jp$/);
        expect(s.department_codes.length, s.email).toBeGreaterThan(0);
        for (const d of s.department_codes) expect(departments.has(d), `${s.email} ${d}`).toBe(true);
        expect(Kana.safeParse(s.last_name_kana).success, s.email).toBe(true);
        expect(Kana.safeParse(s.first_name_kana).success, s.email).toBe(true);
      }
    }
  });
});

describe('demo data: residents and operators', () => {
  const isAdult = (r: DemoResident) => ageOn(r.birth_date, TODAY) >= 18;
  const inDemoCity = residents.filter((r) => r.municipality_code === '999999');

  it('are well formed', () => {
    const codes = new Set(municipalities.map((m) => m.code));
    expect(duplicates(residents.map((r) => r.subject))).toEqual([]);
    for (const r of residents) {
      expect(r.subject).toMatch(/^demo-resident-\d{4}$/);
      expect(codes.has(r.municipality_code), r.subject).toBe(true);
      expect(isIsoDate(r.birth_date), r.subject).toBe(true);
      expect(r.postal_code, r.subject).toMatch(/^\d{7}$/);
      expect(r.pin, r.subject).toMatch(/^\d{4}$/);
      expect(r.phone, r.subject).toMatch(/^0\d{9,10}$/);
      expect(Kana.safeParse(r.last_name_kana).success, r.subject).toBe(true);
      expect(Kana.safeParse(r.first_name_kana).success, r.subject).toBe(true);
    }
  });

  it('include adults of both sexes in 999999 and a couple sharing an address', () => {
    const adults = inDemoCity.filter(isAdult);
    expect(new Set(adults.map((r) => r.sex))).toEqual(new Set(['male', 'female']));
    const couple = adults.some((a) =>
      adults.some((b) => a.sex !== b.sex && a.address === b.address && a.postal_code === b.postal_code),
    );
    expect(couple).toBe(true);
  });

  it(`include a child under 15 on ${TODAY}`, () => {
    expect(residents.some((r) => ageOn(r.birth_date, TODAY) < 15)).toBe(true);
  });

  it('include a name with a kanji that needs the person-name check', () => {
    const rare = ['髙', '𠮷', '﨑', '德'];
    const names = residents.map((r) => r.last_name + r.first_name);
    expect(names.some((name) => rare.some((ch) => name.includes(ch)))).toBe(true);
  });

  it('include a resident of 999998', () => {
    expect(residents.some((r) => r.municipality_code === '999998')).toBe(true);
  });

  it('has the master-tool operator', () => {
    expect(demoData.operators).toEqual([{ login_id: 'operator', name: '運用担当' }]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// English (decision 0009): every resident-facing text of the demo configuration has an English text
// ---------------------------------------------------------------------------------------------------------

/** Japanese texts of a group that residents see and that have no English, with where they are. */
function textsWithoutEnglish(group: Group): string[] {
  const gaps: string[] = [];
  const has = (en: string | undefined) => en !== undefined && en.trim() !== '';
  /** Checks the fields of one entity against its `en`. */
  function check(
    where: string,
    entity: Record<string, unknown> & { en?: Record<string, unknown> | undefined },
    fields: string[],
  ) {
    for (const field of fields) {
      const ja = entity[field];
      const en = entity.en?.[field];
      if (Array.isArray(ja)) {
        ja.forEach((text, i) => {
          const translated = Array.isArray(en) ? (en[i] as string | undefined) : undefined;
          if (typeof text === 'string' && text.trim() !== '' && !has(translated))
            gaps.push(`${where} ${field}[${i}] "${text}"`);
        });
      } else if (typeof ja === 'string' && ja.trim() !== '' && !has(en as string | undefined)) {
        gaps.push(`${where} ${field} "${ja}"`);
      }
    }
  }
  check(`group ${group.id}`, group, ['name', 'description']);
  for (const p of proceduresOf(group)) {
    check(`procedure ${p.code}`, p, ['name', 'remarks', 'check_messages']);
    for (const f of p.procedure_fragments) check(`fragment ${f.id}`, f, ['name']);
  }
  for (const a of group.disclosure.procedure_attaches) check(`attach ${a.id}`, a, ['name']);
  for (const c of categoriesOf(group.concierge_set)) {
    check(`category ${c.id}`, c, ['name', 'title']);
    for (const s of c.concierge_sub_category) {
      check(`sub category ${s.id}`, s, ['name', 'breadcrumbs']);
      for (const q of s.concierges) {
        check(`concierge ${q.id}`, q, ['name', 'question', 'suffix', 'remarks', 'copyable_label']);
        for (const o of q.concierge_options) {
          check(`option ${o.id}`, o, ['value']);
          if (o.concierge_destination)
            check(`destination ${o.id}`, o.concierge_destination, ['scopedout_message']);
        }
      }
    }
  }
  for (const i of group.standard_items) {
    check(`item ${i.code}`, i, ['name', 'suffix', 'remarks']);
    for (const c of i.choices) check(`item ${i.code} choice ${c.value}`, c, ['label']);
  }
  return gaps;
}

describe('English of the demo configuration', () => {
  it.each(groupEntries.map((e) => [`${e.municipality.name} ${e.group.name}`, e.group] as const))(
    '%s has English for every resident-facing text',
    (_, group) => {
      expect(textsWithoutEnglish(group)).toEqual([]);
    },
  );

  it('has no Japanese in its English texts', () => {
    const japanese = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;
    const offending: string[] = [];
    const walk = (value: unknown, path: string, inEnglish: boolean) => {
      if (typeof value === 'string') {
        if (inEnglish && japanese.test(value)) offending.push(`${path}: ${value}`);
      } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`, inEnglish));
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, inEnglish || k === 'en');
    };
    for (const group of allGroups) walk(group, `group ${group.id}`, false);
    expect(offending).toEqual([]);
  });

  it('keeps parsing configurations stored before English existed', () => {
    const strip = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(strip)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .filter(([k]) => k !== 'en')
                .map(([k, v]) => [k, strip(v)]),
            )
          : value;
    for (const group of allGroups) {
      const parsed = ProcedureGroupConfiguration.parse(strip(group));
      expect(JSON.stringify(parsed)).not.toContain('"en"');
    }
  });
});
