import { describe, expect, it } from 'vitest';
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { demoProcedureGroup } from '@portal/demo';
import { conciergeIds } from './editor-state';
import {
  moveEntry,
  newAssistantCategory,
  newQuestion,
  newSubCategory,
  removeEntry,
  setQuestionType,
} from './list-order';

const list = () => [
  { id: 'a', sequence: 0 },
  { id: 'b', sequence: 1 },
  { id: 'c', sequence: 5 },
];

describe('ordered lists of the concierge set', () => {
  it('moves an entry one place and renumbers every sequence in the new order', () => {
    const l = list();
    moveEntry(l, 2, -1);
    expect(l).toEqual([
      { id: 'a', sequence: 0 },
      { id: 'c', sequence: 1 },
      { id: 'b', sequence: 2 },
    ]);
    moveEntry(l, 0, 1, 1);
    expect(l.map((e) => [e.id, e.sequence])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
  });

  it('leaves the list alone at either end', () => {
    const l = list();
    moveEntry(l, 0, -1);
    moveEntry(l, 2, 1);
    expect(l).toEqual(list());
  });

  it('removes an entry and closes the gap', () => {
    const l = list();
    removeEntry(l, 0);
    expect(l).toEqual([
      { id: 'b', sequence: 0 },
      { id: 'c', sequence: 1 },
    ]);
  });

  it('makes new categories and sub categories with ids the group does not use', () => {
    const sub = (id: number) => ({
      id,
      breadcrumbs: [],
      name: 's',
      sequence: 0,
      image_type: null,
      view_rules: [],
      concierges: [],
    });
    const config = {
      concierge_set: {
        filter_concierge_category: {
          id: 3,
          name: 'f',
          title: '',
          type: 'FI',
          sequence: 0,
          concierge_sub_category: [sub(7)],
        },
        assistant_concierge_category: [
          { id: 4, name: 'a', title: '', type: 'AS', sequence: 1, concierge_sub_category: [sub(8)] },
        ],
      },
    } as unknown as ProcedureGroupConfiguration;
    expect(newSubCategory(config, '新しいサブカテゴリ', 1)).toMatchObject({ id: 9, sequence: 1 });
    const category = newAssistantCategory(config, '新しいカテゴリ', '新しいサブカテゴリ');
    expect(category).toMatchObject({ id: 5, type: 'AS', sequence: 2 });
    expect(category.concierge_sub_category.map((s) => s.id)).toEqual([9]);
  });
});

describe('a new question', () => {
  it('is a yes/no choice leading to every procedure, with ids no part of the group has', () => {
    const config = demoProcedureGroup();
    const before = conciergeIds(config);
    const sub = config.concierge_set.filter_concierge_category.concierge_sub_category[0]!;
    const q = newQuestion(config, sub, '新しい質問');
    expect(q.type).toBe('QT');
    expect(q.sequence).toBe(sub.concierges.length);
    expect(q.is_first).toBe(false);
    expect(q.concierge_options.map((o) => [o.value, o.en?.value, o.sequence])).toEqual([
      ['はい', 'Yes', 0],
      ['いいえ', 'No', 1],
    ]);
    expect(q.concierge_procedure_codes.map((p) => p.procedure_code)).toEqual(
      config.disclosure.procedures.map((p) => p.code),
    );
    expect(before.concierges).not.toContain(q.id);
    for (const o of q.concierge_options) expect(before.options).not.toContain(o.id);
    for (const p of q.concierge_procedure_codes) expect(before.procedureCodes).not.toContain(p.id);
    expect(new Set(q.concierge_procedure_codes.map((p) => p.id)).size).toBe(
      q.concierge_procedure_codes.length,
    );
  });

  it('is the first question of an empty page and leads nowhere in a group without procedures', () => {
    const config = demoProcedureGroup();
    config.disclosure.procedures = [];
    const q = newQuestion(
      config,
      { ...config.concierge_set.filter_concierge_category.concierge_sub_category[0]!, concierges: [] },
      'q',
    );
    expect(q.is_first).toBe(true);
    expect(q.sequence).toBe(0);
    expect(q.concierge_procedure_codes).toEqual([]);
  });
});

describe("a question's type", () => {
  const fresh = () => {
    const config = demoProcedureGroup();
    return newQuestion(
      config,
      config.concierge_set.filter_concierge_category.concierge_sub_category[0]!,
      'q',
    );
  };

  it('as an inline form drops the yes/no options the question was created with', () => {
    const q = fresh();
    setQuestionType(q, 'FO');
    expect(q.type).toBe('FO');
    expect(q.concierge_options).toEqual([]);
  });

  it('keeps options the operator wrote or pointed somewhere', () => {
    const written = fresh();
    written.concierge_options[1]!.value = 'いいえ（転出します）';
    setQuestionType(written, 'FO');
    expect(written.concierge_options).toHaveLength(2);
    const pointed = fresh();
    pointed.concierge_options[1]!.concierge_destination = {
      id: 1,
      is_scopedout: true,
      scopedout_message: '対象外です。',
      next_concierge_id: null,
    } as never;
    setQuestionType(pointed, 'FO');
    expect(pointed.concierge_options).toHaveLength(2);
    const back = fresh();
    setQuestionType(back, 'QT');
    expect(back.concierge_options).toHaveLength(2);
  });
});
