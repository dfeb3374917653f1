// A procedure's parts as the editor changes them: fragments as sections (added, reordered, removed, items
// picked, ids kept), check messages with their English, procedural rules (or/and), a code renamed
// everywhere it is referred to; and what the code pickers offer.
import type { ProcedureFragment } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import { attachCodeOptions, procedureCodeOptions } from './code-options';
import { codeProblem } from './NewCodeDialog';
import {
  addAlternative,
  addRuleCondition,
  checkMessagesOf,
  moved,
  removeRuleCondition,
  repeatedNames,
  sectionOfRow,
  setCheckMessages,
  setProcedureCode,
  setRuleCondition,
  startingFragments,
  toFragments,
  toSections,
  without,
} from './procedure-parts';
import { validateDraft } from './validation';

const fragments: ProcedureFragment[] = [
  { id: 5, name: '子', standard_item_code: 'child_last_name', en: { name: 'Child' } },
  { id: 6, name: '子', standard_item_code: 'child_first_name' },
  { id: 7, name: '住所', standard_item_code: 'child_address' },
];

describe('fragment sections', () => {
  it('groups rows by their section name, in the order of their first item, with the English', () => {
    expect(toSections(fragments)).toEqual([
      { name: '子', en: 'Child', codes: ['child_last_name', 'child_first_name'] },
      { name: '住所', en: '', codes: ['child_address'] },
    ]);
    expect(sectionOfRow(toSections(fragments))).toEqual([0, 0, 1]);
  });

  it('reads back exactly what it was made from', () => {
    const demo = demoProcedureGroup();
    for (const p of demo.disclosure.procedures) {
      const back = toFragments(toSections(p.procedure_fragments), p.procedure_fragments, []);
      expect(back.map((f) => [f.id, f.name, f.standard_item_code, f.en?.name])).toEqual(
        p.procedure_fragments.map((f) => [f.id, f.name, f.standard_item_code, f.en?.name]),
      );
    }
  });

  it('adds a section with two picked items under fresh ids no fragment of the group has', () => {
    const sections = [
      ...toSections(fragments),
      { name: '転入', en: 'Moving in', codes: ['moving_in_date', 'previous_address'] },
    ];
    const next = toFragments(sections, fragments, [8, 20]);
    expect(next.slice(3)).toEqual([
      { id: 21, name: '転入', standard_item_code: 'moving_in_date', en: { name: 'Moving in' } },
      { id: 22, name: '転入', standard_item_code: 'previous_address', en: { name: 'Moving in' } },
    ]);
  });

  it('reorders sections and items, keeping each item its id; a section without items is not saved', () => {
    const sections = moved(toSections(fragments), 1, -1);
    sections[1]!.codes.reverse();
    sections.push({ name: '空', en: '', codes: [] });
    expect(toFragments(sections, fragments, []).map((f) => [f.id, f.name, f.standard_item_code])).toEqual([
      [7, '住所', 'child_address'],
      [6, '子', 'child_first_name'],
      [5, '子', 'child_last_name'],
    ]);
    expect(moved(sections, 0, -1)).toEqual(sections);
  });

  it('removes a section and its items', () => {
    const next = toFragments(without(toSections(fragments), 0), fragments, []);
    expect(next).toEqual([{ id: 7, name: '住所', standard_item_code: 'child_address' }]);
  });

  it('names the sections that share a name (they would merge on save)', () => {
    expect([...repeatedNames([...toSections(fragments), { name: '子', en: '', codes: [] }])]).toEqual(['子']);
    expect(repeatedNames(toSections(fragments)).size).toBe(0);
  });
});

describe('check messages', () => {
  it('pairs each sentence with its English and writes both lists back', () => {
    const p = structuredClone(demoProcedureGroup().disclosure.procedures[0]!);
    const messages = checkMessagesOf(p);
    expect(messages[0]!.en).toMatch(/^I understand/);
    const next = [...moved(messages, 0, 1), { ja: '転入の日を確認しました。', en: '' }];
    setCheckMessages(p, next);
    expect(p.check_messages).toEqual(next.map((m) => m.ja));
    expect(p.en?.check_messages).toEqual(next.map((m) => m.en));
  });

  it('leaves no English list when no sentence has English', () => {
    const p = structuredClone(demoProcedureGroup().disclosure.procedures[0]!);
    setCheckMessages(p, [{ ja: '確認しました。', en: '' }]);
    expect(p.check_messages).toEqual(['確認しました。']);
    expect(p.en?.check_messages).toBeUndefined();
    expect(p.en?.name).toBe('Birth notification');
  });
});

describe('procedural rules', () => {
  it('adds alternatives and conditions, sets them, and drops an alternative left with none', () => {
    let rules = addAlternative([]);
    expect(rules).toEqual([[{ standard_item_code: '', symbol: '', expected: '' }]]);
    rules = setRuleCondition(rules, 0, 0, {
      standard_item_code: 'child_custody',
      symbol: 'equal',
      expected: 'yes',
    });
    rules = addRuleCondition(rules, 0);
    rules = addAlternative(rules);
    expect(rules.map((and) => and.length)).toEqual([2, 1]);
    rules = removeRuleCondition(rules, 0, 1);
    expect(rules[0]).toEqual([{ standard_item_code: 'child_custody', symbol: 'equal', expected: 'yes' }]);
    rules = removeRuleCondition(rules, 1, 0);
    expect(rules).toHaveLength(1);
  });

  it('is checked by the draft check: an unpicked item is refused at its field', () => {
    const config = demoProcedureGroup();
    config.disclosure.procedures[0]!.procedural_rules = addAlternative([]);
    expect(validateDraft(config).map((p) => p.path)).toContain(
      'disclosure.procedures[0].procedural_rules[0][0].standard_item_code',
    );
  });
});

describe('procedure codes', () => {
  it('renames what referred to the old code (questions, reports, hiding rules)', () => {
    const config = demoProcedureGroup();
    setProcedureCode(config, 0, 'birth_notice');
    expect(config.disclosure.procedures[0]!.code).toBe('birth_notice');
    expect(config.reports.some((r) => r.procedure_code === 'birth_notification')).toBe(false);
    expect(config.reports.some((r) => r.procedure_code === 'birth_notice')).toBe(true);
    const asked = JSON.stringify(config.concierge_set);
    expect(asked).toContain('"procedure_code":"birth_notice"');
    expect(asked).not.toContain('"procedure_code":"birth_notification"');
    expect(validateDraft(config)).toEqual([]);
  });

  it('renames nothing while the code was empty (a new procedure)', () => {
    const config = demoProcedureGroup();
    const before = JSON.stringify(config.reports);
    config.disclosure.procedures[0]!.code = '';
    setProcedureCode(config, 0, 'moving_in');
    expect(JSON.stringify(config.reports)).toBe(before);
  });

  it('offers the reference codes once, the draft’s new ones flagged, codes in use elsewhere not pickable', () => {
    const config = demoProcedureGroup();
    config.disclosure.procedures[2]!.code = 'made_here';
    const reference = [
      { value: 'birth_notification', label: '出生届' },
      { value: 'child_allowance', label: '児童手当' },
      { value: 'birth_notification', label: '出生届（別グループ）' },
      { value: 'moving_in', label: '転入届' },
      { value: 'marriage', label: '婚姻届', elsewhere: true },
    ];
    const options = procedureCodeOptions(reference, config, 0, {
      used: (name) => `used by ${name}`,
      draftNew: 'new',
      elsewhere: 'another group',
    });
    expect(options.map((o) => [o.code, o.label, o.disabled ?? false, o.note ?? ''])).toEqual([
      ['birth_notification', '出生届', false, ''],
      ['child_allowance', '児童手当', true, `used by ${config.disclosure.procedures[1]!.name}`],
      ['moving_in', '転入届', false, ''],
      ['marriage', '婚姻届', true, 'another group'],
      [
        'made_here',
        config.disclosure.procedures[2]!.name,
        true,
        `used by ${config.disclosure.procedures[2]!.name}`,
      ],
    ]);
  });

  it('offers the templates’ attachment codes once and the draft’s own', () => {
    const config = demoProcedureGroup();
    config.disclosure.procedure_attaches[0]!.standard_item_code = 'attach_new_one';
    const options = attachCodeOptions(
      [
        { value: 'attach_bankbook', label: '通帳' },
        { value: 'attach_bankbook', label: '通帳（写し）' },
      ],
      config,
      'new',
    );
    expect(options[0]).toEqual({ code: 'attach_bankbook', label: '通帳' });
    expect(options.filter((o) => o.code === 'attach_bankbook')).toHaveLength(1);
    expect(options.find((o) => o.code === 'attach_new_one')?.note).toBe('new');
  });

  it('creates only a well-formed code that does not exist yet', () => {
    const taken = new Set(['birth_notification']);
    expect(codeProblem('moving_in', taken)).toBeNull();
    expect(codeProblem('birth_notification', taken)).toBe('taken');
    expect(codeProblem('Moving-In', taken)).toBe('invalid');
    expect(codeProblem('m', taken)).toBe('invalid');
    expect(codeProblem('', taken)).toBe('invalid');
  });
});

describe('the fragments a new procedure starts with', () => {
  it("asks the items the group prefills, in the rules' order, once each, with ids no fragment has", () => {
    const config = demoProcedureGroup();
    // A required item nothing asks is the operator's to place: it does not join the applicant's section.
    config.standard_items.push({ ...config.standard_items[0]!, code: 'unasked_item', required: true });
    const fragments = startingFragments(config, '申請者', 'Applicant');
    const codes = fragments.map((f) => f.standard_item_code);
    const inRuleOrder = config.concierge_set.concierge_rule.form_rule.prefill_rules.map((r) => r.target);
    expect(codes).toEqual(
      [...new Set(inRuleOrder)].filter((c) => config.standard_items.some((i) => i.code === c)),
    );
    expect(codes.length).toBeGreaterThan(0);
    expect(new Set(fragments.map((f) => f.name))).toEqual(new Set(['申請者']));
    expect(fragments[0]?.en).toEqual({ name: 'Applicant' });
    const used = config.disclosure.procedures.flatMap((p) => p.procedure_fragments.map((f) => f.id));
    for (const f of fragments) expect(used).not.toContain(f.id);
    expect(new Set(fragments.map((f) => f.id)).size).toBe(fragments.length);
  });

  it('is empty in a group that prefills nothing', () => {
    const config = demoProcedureGroup();
    config.concierge_set.concierge_rule.form_rule.prefill_rules = [];
    expect(startingFragments(config, '申請者', 'Applicant')).toEqual([]);
  });
});
