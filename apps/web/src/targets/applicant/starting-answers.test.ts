import { describe, expect, it } from 'vitest';
import { startingItems } from '../../features/assistant/assistant';
import { savedAnswers } from '../../lib/items/sources';
import { itemState } from '../../testing/fixtures';

describe('starting answers', () => {
  it('are the saved answers, else the prefill of a shown item (assistant and form alike)', () => {
    const values = {
      standard_item_fragments: [
        { standard_item_code: 'a', sequence: 1, value: '保存' },
        { standard_item_code: 'b', sequence: 1, value: null },
        { standard_item_code: 'a', sequence: 2, value: '二番目' },
      ],
      items: [
        itemState('a', { prefill: '候補' }),
        itemState('b', { prefill: '候補B', prefill_source: 'registry' }),
        itemState('c', { prefill: '隠れた', hidden: true }),
      ],
    };
    expect(startingItems(values)).toEqual({ a: '保存', b: '候補B' });
    expect(savedAnswers(values)).toEqual({ a: '保存' });
  });
});
