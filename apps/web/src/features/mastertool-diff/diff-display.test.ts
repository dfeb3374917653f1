import { describe, expect, it } from 'vitest';
import {
  countChanges,
  diffRows,
  diffSegments,
  diffSteps,
  formatValue,
  groupBySection,
  isReorder,
  lastField,
  orderLabels,
  valueNode,
} from './diff-display';

const config = {
  name: '出生・子育て',
  disclosure: { procedures: [{ id: 2, code: 'child_allowance', name: '児童手当' }] },
  concierge_set: {
    filter_concierge_category: {
      concierge_sub_category: [{ id: 2, name: 'お住まいについて', concierges: [{ id: 3, name: '住所地' }] }],
    },
  },
};

describe('diff display', () => {
  it('reads paths with keyed and indexed entries', () => {
    expect(diffSegments('disclosure.procedures[id=2].check_messages[0]')).toEqual([
      { field: 'disclosure' },
      { field: 'procedures' },
      { key: 'id', value: '2' },
      { field: 'check_messages' },
      { index: 0 },
    ]);
  });

  it('names entries from the configuration, and by key when it does not have them', () => {
    const path =
      'concierge_set.filter_concierge_category.concierge_sub_category[id=2].concierges[id=3].question';
    expect(diffSteps(path, config)).toEqual([
      { kind: 'field', name: 'concierge_set' },
      { kind: 'field', name: 'filter_concierge_category' },
      { kind: 'field', name: 'concierge_sub_category' },
      { kind: 'entry', label: 'お住まいについて' },
      { kind: 'field', name: 'concierges' },
      { kind: 'entry', label: '住所地' },
      { kind: 'field', name: 'question' },
    ]);
    expect(diffSteps('disclosure.procedures[id=9].name', config)[2]).toEqual({
      kind: 'entry',
      label: 'id 9',
    });
    expect(diffSteps('disclosure.procedures[code=x]', undefined)[2]).toEqual({
      kind: 'entry',
      label: 'code x',
    });
    expect(diffSteps('reports[1]', { reports: [] })[1]).toEqual({ kind: 'entry', label: '#2' });
  });

  it('shows values on one line, shortened', () => {
    expect(formatValue('はい')).toBe('はい');
    expect(formatValue(undefined)).toBe('');
    expect(formatValue(null)).toBe('null');
    expect(formatValue({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(formatValue('x'.repeat(10), 5)).toBe('xxxx…');
  });

  it('groups rows by section and counts kinds', () => {
    const changes = [
      { path: 'name', change: 'changed' as const, before: 'a', after: 'b' },
      {
        path: 'disclosure.procedures[id=2].name',
        change: 'changed' as const,
        before: '児童手当',
        after: '児童手当の認定',
      },
      { path: 'disclosure.procedures[id=4]', change: 'added' as const, after: { id: 4 } },
      { path: 'reports[id=1]', change: 'removed' as const, before: { id: 1 } },
    ];
    const rows = diffRows(changes, config);
    expect(rows[1]).toMatchObject({ section: 'disclosure', before: '児童手当', after: '児童手当の認定' });
    expect(rows[2]?.before).toBe('');
    expect(groupBySection(rows).map((g) => [g.section, g.rows.length])).toEqual([
      ['name', 1],
      ['disclosure', 2],
      ['reports', 1],
    ]);
    expect(countChanges(changes)).toEqual({ added: 1, removed: 1, changed: 2 });
  });
});

describe('values as trees in words', () => {
  const words = {
    field: (name: string) => `<${name}>`,
    value: (_field: string, v: string | number | boolean | null) =>
      v === null ? 'なし' : typeof v === 'boolean' ? (v ? 'はい' : 'いいえ') : String(v),
    entry: (n: number) => `#${n}`,
  };

  it('shows a new entry as named branches, without ids, order numbers or empty fields', () => {
    const node = valueNode(
      '変更後',
      'procedures',
      [
        {
          id: 4,
          sequence: 0,
          name: '転入届',
          remarks: null,
          check_messages: ['確認しました'],
          is_confirmed: false,
        },
      ],
      words,
    );
    expect(node).toEqual({
      label: '変更後',
      children: [
        {
          label: '転入届',
          children: [
            { label: '<name>', text: '転入届' },
            { label: '<check_messages>', text: '確認しました' },
            { label: '<is_confirmed>', text: 'いいえ' },
          ],
        },
      ],
    });
    expect(JSON.stringify(node)).not.toContain('"id"');
  });

  it('names entries of lists of lists by their place, and plain values in words', () => {
    expect(
      valueNode('x', 'procedural_rules', [[{ standard_item_code: 'a', symbol: '', expected: '' }]], words),
    ).toEqual({
      label: 'x',
      children: [
        {
          label: '#1',
          children: [{ label: '#1', children: [{ label: '<standard_item_code>', text: 'a' }] }],
        },
      ],
    });
    expect(valueNode('x', 'description', null, words)).toEqual({ label: 'x', text: 'なし' });
    expect(valueNode('x', 'workflow_templates', [], words)).toEqual({ label: 'x', text: 'なし' });
  });

  it('reads a reordering by the names of its entries', () => {
    const change = {
      path: 'disclosure.procedures',
      change: 'changed' as const,
      before: ['id=2'],
      after: ['id=2'],
    };
    expect(isReorder(change)).toBe(true);
    expect(orderLabels('disclosure.procedures', ['id=2', 'id=7'], config)).toEqual(['児童手当', 'id 7']);
    expect(lastField('disclosure.procedures[id=2].name')).toBe('name');
  });
});

describe('the names the diff gives fields', () => {
  it('has a Japanese and an English name for every field of the demo groups and a new group', async () => {
    const { demoProcedureGroups } = await import('@portal/demo');
    const { mastertoolMessages } = await import('../../lib/i18n/parts/mastertool');
    const keys = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object')
        for (const [k, inner] of Object.entries(v)) {
          keys.add(k);
          walk(inner);
        }
    };
    walk(demoProcedureGroups());
    const hidden = new Set(['id', 'sequence', 'procedure_group_id']);
    const en = await mastertoolMessages.en();
    for (const fields of [mastertoolMessages.ja.mastertool.fields, en.mastertool.fields]) {
      const missing = [...keys].filter((k) => !hidden.has(k) && !(k in fields));
      expect(missing).toEqual([]);
    }
  });
});
