import { describe, expect, it } from 'vitest';
import { countChanges, diffRows, diffSegments, diffSteps, formatValue, groupBySection } from './diff-display';

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
