import { describe, expect, it } from 'vitest';
import { byGroup, funnelRows } from './funnel-rows';

const steps = (n: number[]) =>
  (['identification', 'form', 'attachments', 'signature', 'complete'] as const).map((step, i) => ({
    step,
    reached: n[i]!,
  }));

describe('a procedure’s funnel rows', () => {
  it('give each step its count and its share of those that chose the procedure', () => {
    expect(funnelRows({ steps: steps([5, 3, 4, 4, 2]) }).map((r) => [r.step, r.reached, r.share])).toEqual([
      ['identification', 5, 100],
      ['form', 3, 60],
      ['attachments', 4, 80],
      ['signature', 4, 80],
      ['complete', 2, 40],
    ]);
  });

  it('round to a whole percent and have no share when nobody chose the procedure', () => {
    expect(funnelRows({ steps: steps([3, 1, 0, 0, 0]) })[1]!.share).toBe(33);
    expect(funnelRows({ steps: steps([0, 0, 0, 0, 0]) }).every((r) => r.share === null)).toBe(true);
  });

  it('list procedures under their group, keeping the order', () => {
    const list = [
      { procedure_group_id: 2, id: 'a' },
      { procedure_group_id: 1, id: 'b' },
      { procedure_group_id: 2, id: 'c' },
    ];
    expect(byGroup(list).map((g) => g.map((p) => p.id))).toEqual([['a', 'c'], ['b']]);
  });
});
