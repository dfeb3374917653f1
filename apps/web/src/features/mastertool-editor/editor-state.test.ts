import { describe, expect, it } from 'vitest';
import { englishLines, nextId, setEnglish } from './editor-state';

describe('nextId', () => {
  it('is one past the largest id, 1 for none', () => {
    expect(nextId([3, 9, 2])).toBe(10);
    expect(nextId([])).toBe(1);
  });
});

describe('setEnglish', () => {
  it('sets one field of the English, keeping the others', () => {
    const procedure: { name: string; en?: Record<string, unknown> } = {
      name: '出生届',
      en: { remarks: 'R' },
    };
    setEnglish(procedure, 'name', 'Birth notification');
    expect(procedure.en).toEqual({ remarks: 'R', name: 'Birth notification' });
  });

  it('removes an emptied field, and the English once it has none', () => {
    const option: { value: string; en?: Record<string, unknown> } = { value: 'はい', en: { value: 'Yes' } };
    setEnglish(option, 'value', '  ');
    expect(option).toEqual({ value: 'はい' });
    setEnglish(option, 'value', '');
    expect('en' in option).toBe(false);
  });

  it('keeps list items in place and drops a list of blanks', () => {
    const procedure: { en?: Record<string, unknown> } = {};
    setEnglish(procedure, 'check_messages', englishLines('One\n\nThree\n'));
    expect(procedure.en).toEqual({ check_messages: ['One', '', 'Three'] });
    setEnglish(procedure, 'check_messages', englishLines('\n\n'));
    expect(procedure.en).toBeUndefined();
  });
});
