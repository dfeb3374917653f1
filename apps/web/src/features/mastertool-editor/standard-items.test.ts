import type { StandardItem } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { describe, expect, it } from 'vitest';
import {
  addFromLibrary,
  itemPathOf,
  newItem,
  notInGroup,
  renameItem,
  setCode,
  setType,
  usesOf,
} from './standard-items';
import { validateDraft } from './validation';

const item = (code: string, patch: Partial<StandardItem> = {}): StandardItem => ({
  code,
  name: code,
  type: 'text',
  required: false,
  min_length: null,
  max_length: null,
  pattern: null,
  choices: [],
  reading_of: null,
  suffix: null,
  remarks: null,
  ...patch,
});

describe('the standard items of a group', () => {
  it('creates a new item with a code no item of the group or the library has, valid as it is', () => {
    const config = demoProcedureGroup();
    config.standard_items.push(item('item_001'));
    const fresh = newItem(config, '新しい項目', [item('item_002')]);
    expect(fresh.code).toBe('item_003');
    config.standard_items.push(fresh);
    expect(validateDraft(config)).toEqual([]);
  });

  it('moves a code still as proposed to the new name, with its references, and keeps a typed one', () => {
    const config = demoProcedureGroup();
    const library = [item('moving_in_date')];
    config.standard_items.push(newItem(config, '新しい項目', library));
    const i = config.standard_items.length - 1;
    const proposed = config.standard_items[i]!.code;
    config.disclosure.procedures[0]!.procedure_fragments.push({
      ...config.disclosure.procedures[0]!.procedure_fragments[0]!,
      id: 9999,
      standard_item_code: proposed,
    });
    renameItem(config, library, i, { name: '転入日' });
    expect(config.standard_items[i]!.code).toBe(proposed);
    renameItem(config, library, i, { english: 'Moving-in date' });
    // The library has moving_in_date: the next free one, and the fragment follows.
    expect(config.standard_items[i]!.code).toBe('moving_in_date_2');
    expect(config.disclosure.procedures[0]!.procedure_fragments.at(-1)!.standard_item_code).toBe(
      'moving_in_date_2',
    );
    setCode(config, i, 'arrival_day');
    renameItem(config, library, i, { english: 'Arrival' });
    expect(config.standard_items[i]!.code).toBe('arrival_day');
  });

  it('offers the library items the group lacks, and adds a copy with the item it reads', () => {
    const config = demoProcedureGroup();
    const have = config.standard_items[0]!;
    const library = [
      have,
      item('moving_in_date', { type: 'date' }),
      item('new_name'),
      item('new_name_kana', { type: 'kana', reading_of: 'new_name' }),
    ];
    expect(notInGroup(library, config).map((i) => i.code)).toEqual([
      'moving_in_date',
      'new_name',
      'new_name_kana',
    ]);
    addFromLibrary(config, library, 'new_name_kana');
    expect(config.standard_items.slice(-2).map((i) => i.code)).toEqual(['new_name_kana', 'new_name']);
    config.standard_items.at(-1)!.name = 'changed';
    expect(library[2]!.name).toBe('new_name');
    addFromLibrary(config, library, have.code);
    addFromLibrary(config, library, 'unknown');
    expect(config.standard_items.filter((i) => i.code === have.code)).toHaveLength(1);
  });

  it('drops what a new type cannot use', () => {
    const choice = item('c', { type: 'select', choices: [{ value: '1', label: 'はい' }] });
    setType(choice, 'date');
    expect(choice).toMatchObject({ type: 'date', choices: [], min_length: null, pattern: null });
    const text = item('t', { min_length: 1, max_length: 5, pattern: '[0-9]+' });
    setType(text, 'kana');
    expect(text).toMatchObject({ min_length: 1, max_length: 5, pattern: '[0-9]+' });
    setType(text, 'radio');
    expect(text).toMatchObject({ min_length: null, max_length: null, pattern: null, reading_of: null });
  });

  it('renames a code everywhere the group uses it, so the draft stays valid', () => {
    const config = demoProcedureGroup();
    const code = config.disclosure.procedures[0]!.procedure_fragments[0]!.standard_item_code;
    const index = config.standard_items.findIndex((i) => i.code === code);
    const before = usesOf(config, code);
    expect(before.procedures.length).toBeGreaterThan(0);
    setCode(config, index, 'renamed_item');
    expect(usesOf(config, 'renamed_item')).toEqual(before);
    expect(usesOf(config, code)).toEqual({ procedures: [], questions: [] });
    expect(validateDraft(config).filter((p) => p.code !== 'unknown_claim')).toEqual(
      validateDraft(demoProcedureGroup()).filter((p) => p.code !== 'unknown_claim'),
    );
  });

  it('renames the item in rules: prefills, repeatable groups, copies and view formulas', () => {
    const config = demoProcedureGroup();
    const rule = config.concierge_set.concierge_rule;
    const prefilled = rule.form_rule.prefill_rules[0]!.target;
    const grouped = rule.form_rule.repeatable_groups![0]!.standard_item_codes[0]!;
    const question =
      config.concierge_set.assistant_concierge_category[0]!.concierge_sub_category[0]!.concierges[0]!;
    question.view_rules = [
      { pattern: 'formula', expression: `age(${prefilled})`, symbol: 'above', expected: '1' },
      { pattern: 'formula', expression: 'age(other_item)', symbol: 'above', expected: '1' },
    ];
    rule.form_rule.copy_forms = [{ source: prefilled, target: grouped }];
    setCode(
      config,
      config.standard_items.findIndex((i) => i.code === prefilled),
      'renamed_prefill',
    );
    setCode(
      config,
      config.standard_items.findIndex((i) => i.code === grouped),
      'renamed_grouped',
    );
    expect(rule.form_rule.prefill_rules[0]!.target).toBe('renamed_prefill');
    expect(rule.form_rule.repeatable_groups![0]!.standard_item_codes[0]).toBe('renamed_grouped');
    expect(rule.form_rule.copy_forms[0]).toMatchObject({
      source: 'renamed_prefill',
      target: 'renamed_grouped',
    });
    expect(question.view_rules.map((v) => v.expression)).toEqual(['age(renamed_prefill)', 'age(other_item)']);
  });

  it('renames the item in procedural rules and in a sub category’s view formula', () => {
    const config = demoProcedureGroup();
    const code = config.standard_items[0]!.code;
    const procedure = config.disclosure.procedures[0]!;
    procedure.procedural_rules = [[{ symbol: 'equal', expected: '1', standard_item_code: code }]];
    const sub = config.concierge_set.assistant_concierge_category[0]!.concierge_sub_category[0]!;
    sub.view_rules = [{ pattern: 'formula', expression: code, symbol: 'equal', expected: '1' }];
    setCode(config, 0, 'renamed_first');
    expect(procedure.procedural_rules[0]![0]!.standard_item_code).toBe('renamed_first');
    expect(sub.view_rules[0]!.expression).toBe('renamed_first');
    expect(validateDraft(config).filter((p) => p.code === 'unknown_item')).toEqual([]);
  });

  it('leaves references alone while the code is also another item’s', () => {
    const config = demoProcedureGroup();
    const [a, b] = config.standard_items.map((i) => i.code);
    const fragment = config.disclosure.procedures
      .flatMap((p) => p.procedure_fragments)
      .find((f) => f.standard_item_code === a);
    expect(fragment).toBeDefined();
    setCode(config, 0, b!);
    setCode(config, 0, 'other');
    expect(fragment!.standard_item_code).toBe(a);
    expect(config.standard_items.map((i) => i.code).slice(0, 2)).toEqual(['other', b]);
  });

  it('finds the item a path is inside', () => {
    expect(itemPathOf('standard_items[3].choices[0].label')).toBe('standard_items[3]');
    expect(itemPathOf('reports[0].name')).toBeNull();
  });
});
