// The rows of a duplicate comparison: one item per row in this document's order, the other's extra
// items after, each saying whether the answers differ (blank and empty are the same answer).
import { describe, expect, it } from 'vitest';
import type { AnswerRow, Value } from './answers';
import { bySection, compareRows } from './duplicate-compare';

const row = (code: string, value: Value, section = '申請者', sequence = 1): AnswerRow => ({
  key: `${code}#${sequence}`,
  code,
  sequence,
  item: null,
  section,
  value,
  source: null,
  group: null,
  numbered: sequence > 1,
  mismatch: null,
});

describe('compareRows', () => {
  it('puts the same item on one row and marks the rows whose answers differ', () => {
    const rows = compareRows(
      [row('name', '山田 太郎'), row('phone', '0312345678'), row('note', ''), row('child', '花子', '子', 2)],
      [row('name', '山田 太郎'), row('phone', '0398765432'), row('note', null), row('extra', 'あり', '子')],
    );
    expect(rows.map((r) => [r.key, r.own, r.other, r.differs])).toEqual([
      ['name#1', '山田 太郎', '山田 太郎', false],
      ['phone#1', '0312345678', '0398765432', true],
      ['note#1', '', null, false],
      ['child#2', '花子', null, true],
      ['extra#1', null, 'あり', true],
    ]);
    expect(bySection(rows).map((g) => [g.section, g.rows.map((r) => r.key)])).toEqual([
      ['申請者', ['name#1', 'phone#1', 'note#1']],
      ['子', ['child#2', 'extra#1']],
    ]);
  });

  it('compares lists in order', () => {
    const [r] = compareRows([row('kinds', ['a', 'b'])], [row('kinds', ['b', 'a'])]);
    expect(r?.differs).toBe(true);
  });
});
