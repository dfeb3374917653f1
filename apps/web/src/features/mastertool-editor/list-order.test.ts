import { describe, expect, it } from 'vitest';
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import { moveEntry, newAssistantCategory, newSubCategory, removeEntry } from './list-order';

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
