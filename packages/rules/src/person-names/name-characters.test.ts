import { describe, expect, it } from 'vitest';
import { JINMEIYO_KANJI_1, JINMEIYO_KANJI_2, JOYO_KANJI } from './name-characters.data.js';
import { disallowedNameCharacters, nameCharacters, splitNameCharacters } from './name-characters.js';

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'; // 👨‍👩‍👧
const KATSU_IVS = '葛\u{E0100}';

describe('the lists (常用漢字表, 戸籍法施行規則 別表第二)', () => {
  it('hold 2,136 常用漢字 and 863 人名用漢字 (651 + 212), none twice', () => {
    expect([...JOYO_KANJI]).toHaveLength(2136);
    expect([...JINMEIYO_KANJI_1]).toHaveLength(651);
    expect([...JINMEIYO_KANJI_2]).toHaveLength(212);
    expect(new Set([...JOYO_KANJI, ...JINMEIYO_KANJI_1, ...JINMEIYO_KANJI_2]).size).toBe(2136 + 863);
  });

  it('spell 常用漢字 as the table does and hold the 2017 addition 渾', () => {
    expect(JOYO_KANJI).toContain('𠮟'); // U+20B9F, outside the BMP
    expect(JOYO_KANJI).toContain('剝');
    expect(JINMEIYO_KANJI_1).toContain('渾');
    for (const removed of '勺錘銑脹匁') expect(JINMEIYO_KANJI_1).toContain(removed); // moved out of 常用 in 2010
  });

  it('keep the compatibility ideographs of 別表第二, each normalising to a listed character', () => {
    const all = JOYO_KANJI + JINMEIYO_KANJI_1 + JINMEIYO_KANJI_2;
    const compatibility = [...all].filter((c) => /[\uF900-\uFAFF]/u.test(c));
    expect(compatibility).toHaveLength(57);
    expect([...JINMEIYO_KANJI_1].filter((c) => compatibility.includes(c))).toEqual([
      '\uFA16', // 猪
      '\uFA46', // 渚
      '\uFA4A', // 琢
      '\uFA4F', // 祐
      '\uFA53', // 禎
    ]);
    for (const c of compatibility) expect(all).toContain(c.normalize('NFC'));
  });
});

describe('disallowedNameCharacters', () => {
  it('refuses 𠮷 and an emoji, naming each once', () => {
    expect(disallowedNameCharacters('𠮷子😀')).toEqual(['𠮷', '😀']);
    expect(disallowedNameCharacters('𠮷𠮷子😀😀𠮷')).toEqual(['𠮷', '😀']);
    expect(disallowedNameCharacters('吉子')).toEqual([]);
    expect(disallowedNameCharacters('')).toEqual([]);
  });

  it('takes kana, the long-vowel mark and the iteration marks', () => {
    for (const name of [
      'さくら',
      'サクラ',
      'ゆゝ',
      'みすゞ',
      'ヽヾ',
      '佐々木',
      'ルー',
      'ヴィヴィ',
      'ゐゑヰヱ',
      'ぁァっッゃャ',
    ])
      expect(disallowedNameCharacters(name), name).toEqual([]);
  });

  it('takes decomposed kana (が as か + U+3099)', () => {
    expect(disallowedNameCharacters('か\u3099く')).toEqual([]);
  });

  it('refuses half-width katakana, 変体仮名, letters, digits, symbols and spaces', () => {
    expect(disallowedNameCharacters('ｻｸﾗ')).toEqual(['ｻ', 'ｸ', 'ﾗ']);
    expect(disallowedNameCharacters('\u{1B002}子')).toEqual(['\u{1B002}']); // 変体仮名
    expect(disallowedNameCharacters('A子')).toEqual(['A']);
    expect(disallowedNameCharacters('Ａ子')).toEqual(['Ａ']);
    expect(disallowedNameCharacters('①')).toEqual(['①']);
    expect(disallowedNameCharacters('花子 1・')).toEqual([' ', '1', '・']);
    expect(disallowedNameCharacters('花\u3000子')).toEqual(['\u3000']);
    expect(disallowedNameCharacters('〆子')).toEqual(['〆']);
  });

  it('takes 人名用漢字 of both parts, 渾 (2017) among them', () => {
    expect(disallowedNameCharacters('渾')).toEqual([]);
    expect(disallowedNameCharacters('凜凛禰禱')).toEqual([]);
    expect(disallowedNameCharacters('亞惠櫻瀧龍')).toEqual([]); // part 二
  });

  it('takes a listed compatibility ideograph and the code point NFC gives for it', () => {
    expect(disallowedNameCharacters('\uFA4C')).toEqual([]); // 社, part 二
    expect(disallowedNameCharacters('\u793E')).toEqual([]); // 社, 常用漢字
    expect(disallowedNameCharacters('\uFA4F\u7950')).toEqual([]); // 祐 and 祐, part 一
    expect(disallowedNameCharacters('\uFA1B\u798F')).toEqual([]); // 福 and 福
    expect(disallowedNameCharacters('\uFA53\u798E')).toEqual([]); // 禎 and 禎
  });

  it('refuses a compatibility ideograph that is not listed although NFC maps it to a listed one', () => {
    expect(disallowedNameCharacters('\uFA10')).toEqual(['\uFA10']); // 塚 with a dot
    expect(disallowedNameCharacters('\u585A')).toEqual([]); // 塚
  });

  it('takes the 許容字体 of 𠮟・剝・塡・頰 an IME types', () => {
    expect(disallowedNameCharacters('叱剥填頬𠮟剝塡頰')).toEqual([]);
  });

  it('treats a character with a variation selector as one, passing when its base does', () => {
    expect(splitNameCharacters(`${KATSU_IVS}飾`)).toEqual([KATSU_IVS, '飾']);
    expect(disallowedNameCharacters(KATSU_IVS)).toEqual([]);
    expect(disallowedNameCharacters('𠮷\u{E0100}')).toEqual(['𠮷\u{E0100}']);
  });

  it('lists a family emoji once, as a whole', () => {
    expect(splitNameCharacters(`花${FAMILY}`)).toEqual(['花', FAMILY]);
    expect(disallowedNameCharacters(`花${FAMILY}子${FAMILY}`)).toEqual([FAMILY]);
    expect(disallowedNameCharacters('👍🏽🇯🇵1️⃣')).toEqual(['👍🏽', '🇯🇵', '1️⃣']);
  });

  it('passes a character of a name on record, such as 髙 of the surname', () => {
    expect(disallowedNameCharacters('髙橋')).toEqual(['髙']);
    expect(disallowedNameCharacters('髙橋', nameCharacters(['髙橋 一郎']))).toEqual([]);
    expect(disallowedNameCharacters('髙子😀', nameCharacters(['髙橋 一郎']))).toEqual(['😀']);
    expect(disallowedNameCharacters('髙橋', nameCharacters(['髙\u{E0100}橋']))).toEqual([]);
  });
});

describe('nameCharacters', () => {
  it('splits names the same way and leaves out the space between surname and given name', () => {
    expect([...nameCharacters(['髙橋 一郎', '𠮷田\u3000花'])]).toEqual([
      '髙',
      '橋',
      '一',
      '郎',
      '𠮷',
      '田',
      '花',
    ]);
    expect(disallowedNameCharacters('髙 橋', nameCharacters(['髙橋 一郎']))).toEqual([' ']);
  });
});
