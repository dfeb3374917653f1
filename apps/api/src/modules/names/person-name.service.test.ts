import { describe, expect, it } from 'vitest';
import tables from './data/jis-tables.json';
import { characterSets, checkPersonName, GETA, isCertificateSafe } from './person-name.service.js';
import { substitutes } from './substitutes.js';

const labels = (name: string) => checkPersonName(name).characters.map((c) => c.label);
const has = (set: ReadonlySet<number>, ch: string) => set.has(ch.codePointAt(0) as number);

describe('JIS tables', () => {
  it('hold the JIS positions of each standard', () => {
    expect(tables.sets.jisx0208.positions).toBe(6879);
    expect(tables.sets.jisx0212.positions).toBe(6067);
    expect(tables.sets.jisx0213.positions).toBe(11233);
    const { jis0208, jis0212, jis0213 } = characterSets();
    expect(jis0208.size).toBe(6885); // 6879 plus the JIS0208.TXT code points of six symbols
    expect(jis0212.size).toBe(6067);
    expect(jis0213.size).toBe(11204); // 29 positions are sequences of two code points
  });

  it('place well-known characters in the right standard', () => {
    const { jis0208, jis0212, jis0213 } = characterSets();
    for (const ch of ['山', '邉', '邊', '々', 'ヶ', '〜', '～']) expect(has(jis0208, ch), ch).toBe(true);
    for (const ch of ['丂', '鷗', '濵', '禔']) {
      expect(has(jis0208, ch), ch).toBe(false);
      expect(has(jis0212, ch), ch).toBe(true);
    }
    for (const ch of ['﨑', '德', '𠀋', '俱', '①']) {
      expect(has(jis0208, ch) || has(jis0212, ch), ch).toBe(false);
      expect(has(jis0213, ch), ch).toBe(true);
    }
    // What CP932 round-trips wrongly accept: IBM and NEC extensions.
    for (const ch of ['髙', '﨑', '①', 'Ⅰ', '㈱']) expect(isCertificateSafe(ch), ch).toBe(false);
    expect(has(jis0213, '髙')).toBe(false);
  });
});

describe('substitutes', () => {
  it('map characters outside the certificate set to characters inside it', () => {
    for (const [variant, standard] of substitutes) {
      expect([...variant], variant).toHaveLength(1);
      expect(isCertificateSafe(variant), variant).toBe(false);
      expect(isCertificateSafe(standard), `${variant} → ${standard}`).toBe(true);
    }
  });
});

describe('checkPersonName', () => {
  it('passes a name of JIS X 0208 characters as it is', () => {
    expect(checkPersonName('山田太郎')).toEqual({
      person_name: '山田太郎',
      characters: [
        { character: '山', code_point: 'U+5C71', label: 'certificate_safe' },
        { character: '田', code_point: 'U+7530', label: 'certificate_safe' },
        { character: '太', code_point: 'U+592A', label: 'certificate_safe' },
        { character: '郎', code_point: 'U+90CE', label: 'certificate_safe' },
      ],
      certificate_name: '山田太郎',
      is_certificate_safe: true,
    });
    expect(checkPersonName('渡邉').is_certificate_safe).toBe(true);
    expect(checkPersonName('やまだ　タロウ').is_certificate_safe).toBe(true);
    expect(checkPersonName('TARO YAMADA 2').is_certificate_safe).toBe(true);
  });

  it('accepts a JIS X 0212 kanji (丂 U+4E02)', () => {
    const result = checkPersonName('丂');
    expect(result.characters[0]).toEqual({
      character: '丂',
      code_point: 'U+4E02',
      label: 'certificate_safe',
    });
    expect(result.is_certificate_safe).toBe(true);
  });

  it('substitutes 髙 with 高', () => {
    const result = checkPersonName('髙橋');
    expect(result.characters).toEqual([
      { character: '髙', code_point: 'U+9AD9', label: 'needs_substitution' },
      { character: '橋', code_point: 'U+6A4B', label: 'certificate_safe' },
    ]);
    expect(result.certificate_name).toBe('高橋');
    expect(result.is_certificate_safe).toBe(false);
  });

  it('counts 𠮷 (a surrogate pair) as one character and substitutes 吉', () => {
    const result = checkPersonName('𠮷田');
    expect(result.characters).toEqual([
      { character: '𠮷', code_point: 'U+20BB7', label: 'needs_substitution' },
      { character: '田', code_point: 'U+7530', label: 'certificate_safe' },
    ]);
    expect(result.certificate_name).toBe('吉田');
  });

  it('substitutes JIS X 0213 variants with a known standard form', () => {
    expect(checkPersonName('山﨑').certificate_name).toBe('山崎');
    expect(checkPersonName('德川').certificate_name).toBe('徳川');
    expect(labels('山﨑')).toEqual(['certificate_safe', 'needs_substitution']);
  });

  it('substitutes a compatibility ideograph with its canonical form', () => {
    const result = checkPersonName('\uFA10本'); // 塚 (CJK COMPATIBILITY IDEOGRAPH-FA10)
    expect(result.characters[0]).toMatchObject({ code_point: 'U+FA10', label: 'needs_substitution' });
    expect(result.certificate_name).toBe('\u585A本');
  });

  it('marks another JIS X 0213 kanji as a substitution the municipality decides', () => {
    const result = checkPersonName('俱𠀋');
    expect(labels('俱𠀋')).toEqual(['needs_substitution', 'needs_substitution']);
    expect(result.certificate_name).toBe(`${GETA}${GETA}`);
  });

  it('keeps an ideographic variation selector with its character and drops it on the certificate', () => {
    const result = checkPersonName('葛\u{E0100}城');
    expect(result.characters).toEqual([
      { character: '葛\u{E0100}', code_point: 'U+845B U+E0100', label: 'needs_substitution' },
      { character: '城', code_point: 'U+57CE', label: 'certificate_safe' },
    ]);
    expect(result.certificate_name).toBe('葛城');
  });

  it('refuses symbols and emoji with the geta mark', () => {
    const circled = checkPersonName('①');
    expect(circled.characters).toEqual([
      { character: '①', code_point: 'U+2460', label: 'not_representable' },
    ]);
    expect(circled.certificate_name).toBe(GETA);
    const emoji = checkPersonName('太郎😀');
    expect(emoji.characters[2]).toEqual({
      character: '😀',
      code_point: 'U+1F600',
      label: 'not_representable',
    });
    expect(emoji.certificate_name).toBe(`太郎${GETA}`);
    expect(emoji.is_certificate_safe).toBe(false);
  });

  it('refuses kanji outside JIS X 0213 without a known substitute, half-width kana and ASCII punctuation', () => {
    expect(labels('龘专')).toEqual(['not_representable', 'not_representable']); // U+9F98, U+4E13
    expect(labels('ﾀﾛｳ')).toEqual(['not_representable', 'not_representable', 'not_representable']);
    expect(labels("O'Brien")[1]).toBe('not_representable');
    expect(labels('\u0007')).toEqual(['not_representable']);
  });
});
