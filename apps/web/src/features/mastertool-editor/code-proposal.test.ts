import { describe, expect, it } from 'vitest';
import {
  codeProblem,
  followName,
  freeCode,
  proposeCode,
  romanised,
  sequentialCode,
  snakeCase,
} from './code-proposal';

const none = new Set<string>();

describe('snakeCase', () => {
  it('joins English words with underscores, in lower case', () => {
    expect(snakeCase('Moving-in date')).toBe('moving_in_date');
    expect(snakeCase('  Previous   ADDRESS ')).toBe('previous_address');
    expect(snakeCase('Ｆｕｌｌ width')).toBe('full_width');
  });
  it('starts with a letter and gives nothing for text without letters', () => {
    expect(snakeCase('2nd address')).toBe('address_2nd');
    expect(snakeCase('2026 form')).toBe('form_2026');
    expect(snakeCase('転入日')).toBe('');
    expect(snakeCase('123')).toBe('');
  });
  it('cuts a long name at a word end, leaving room for a suffix', () => {
    const code = snakeCase('word '.repeat(30));
    expect(code.length).toBeLessThanOrEqual(56);
    expect(code.endsWith('word')).toBe(true);
  });
});

describe('romanised', () => {
  it('reads hiragana and katakana in romaji', () => {
    expect(romanised('ふりがな')).toBe('furigana');
    expect(romanised('メールアドレス')).toBe('meeruadoresu');
    expect(romanised('フリガナ・セイ')).toBe('furigana_sei');
    expect(romanised('ﾌﾘｶﾞﾅ')).toBe('furigana');
  });
  it('gives null where a dictionary is needed (kanji) or nothing is left', () => {
    expect(romanised('転入日')).toBeNull();
    expect(romanised('氏名のふりがな')).toBeNull();
    expect(romanised('')).toBeNull();
    expect(romanised('・')).toBeNull();
  });
});

describe('proposeCode', () => {
  it('prefers the English name, then romanised kana, then the next sequential code', () => {
    expect(proposeCode({ name: '転入届', english: 'Moving-in notification' }, 'procedure', none)).toBe(
      'moving_in_notification',
    );
    expect(proposeCode({ name: 'マイナンバーカード' }, 'attachment', none)).toBe('mainanbaakaado');
    expect(proposeCode({ name: '転入届', english: '' }, 'procedure', none)).toBe('procedure_001');
    expect(proposeCode({ name: '転入届', english: '!!' }, 'procedure', none)).toBe('procedure_001');
  });
  it('never proposes a taken code: a free alternative instead', () => {
    const taken = new Set(['moving_in', 'moving_in_2', 'item_001', 'item_002', 'item_004']);
    expect(proposeCode({ name: '転入', english: 'Moving in' }, 'item', taken)).toBe('moving_in_3');
    expect(proposeCode({ name: '転入日' }, 'item', taken)).toBe('item_003');
  });
  it('proposes only codes the contracts accept', () => {
    for (const named of [
      { name: 'あ' },
      { name: 'x', english: 'x' },
      { name: '転入', english: '9' },
      { name: 'ー' },
    ]) {
      expect(codeProblem(proposeCode(named, 'item', none), none)).toBeNull();
    }
  });
});

describe('freeCode and sequentialCode', () => {
  it('keep a free code and number a taken one', () => {
    expect(freeCode('moving_in', none)).toBe('moving_in');
    expect(freeCode('moving_in', new Set(['moving_in']))).toBe('moving_in_2');
    expect(sequentialCode('attachment', new Set(['attachment_001']))).toBe('attachment_002');
  });
});

describe('codeProblem', () => {
  it('names a code of the wrong form and a taken one', () => {
    expect(codeProblem('Moving In', none)).toBe('invalid');
    expect(codeProblem('1st', none)).toBe('invalid');
    expect(codeProblem('a', none)).toBe('invalid');
    expect(codeProblem('moving_in', new Set(['moving_in']))).toBe('taken');
    expect(codeProblem('moving_in', none)).toBeNull();
  });
});

describe('followName', () => {
  it('moves a code still as proposed, or empty, to the new name', () => {
    expect(
      followName(
        'procedure_001',
        { name: '新しい手続き' },
        { name: '転入届', english: 'Moving in' },
        'procedure',
        none,
      ),
    ).toBe('moving_in');
    expect(followName('', { name: '' }, { name: 'てんにゅう' }, 'procedure', none)).toBe('tennyuu');
  });
  it('keeps a code the operator picked or typed', () => {
    expect(
      followName('tennyu', { name: '転入届' }, { name: '転出届', english: 'Moving out' }, 'procedure', none),
    ).toBe('tennyu');
  });
});
