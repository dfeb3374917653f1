import type { RepeatableGroup } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { answerSlots, repetitionCounts } from './repeat-order.js';

// The order a document's answers are read in when a repeatable group holds several children.
const child: RepeatableGroup = {
  code: 'child',
  name: '子',
  standard_item_codes: ['last', 'first', 'birth'],
  min: 1,
  max: 5,
};
const v = (standard_item_code: string, sequence: number, value: string | null = 'x') => ({
  standard_item_code,
  sequence,
  value,
});
const order = (slots: ReturnType<typeof answerSlots>) =>
  slots.map((s) => `${s.code}#${s.sequence}${s.numbered ? '*' : ''}`);

describe('answerSlots', () => {
  it('lists one child unnumbered, in item order', () => {
    expect(order(answerSlots(['last', 'first', 'place'], [child], [v('last', 1)]))).toEqual([
      'last#1',
      'first#1',
      'place#1',
    ]);
  });

  it('puts each later child after the group’s last item of the section, its items together', () => {
    const values = [v('last', 1), v('first', 2), v('birth', 3), v('place', 1)];
    expect(order(answerSlots(['last', 'first', 'place'], [child], values))).toEqual([
      'last#1*',
      'first#1*',
      'last#2*',
      'first#2*',
      'last#3*',
      'first#3*',
      'place#1',
    ]);
    // Another section with the group's other item counts the same children.
    expect(order(answerSlots(['birth', 'place'], [child], values))).toEqual([
      'birth#1*',
      'birth#2*',
      'birth#3*',
      'place#1',
    ]);
  });

  it('does not count blank repetitions, and keeps a stray later sequence of an item asked once', () => {
    expect(repetitionCounts([child], [v('first', 2, null), v('last', 3, '')])).toEqual(
      new Map([['child', 1]]),
    );
    expect(order(answerSlots(['place', 'last'], [child], [v('place', 2)]))).toEqual([
      'place#1*',
      'place#2*',
      'last#1',
    ]);
  });
});
