import { describe, expect, it } from 'vitest';
import { loadPdfFonts } from './pdf-font.js';
import { faceChooser, INVISIBLE, missingCharacters, NO_FACE } from './pdf-glyphs.js';

const fonts = await loadPdfFonts();
const regular = faceChooser(fonts, 'regular');

describe('face choice per character', () => {
  it('draws with Noto Sans JP when it has the glyph, Noto Sans otherwise, and nothing for 😀', () => {
    expect(regular.face('𠮷')).toBe(0);
    expect(regular.face('山')).toBe(0);
    expect(regular.face('A')).toBe(0); // the primary face keeps the Latin it has
    expect(regular.face('Ł')).toBe(1);
    expect(regular.face('😀')).toBe(NO_FACE);
    expect(regular.face('\uE000')).toBe(NO_FACE); // private use: no font knows what it stands for
    expect(regular.face('\u{E0001}')).toBe(INVISIBLE); // a tag character: format, never printed
    expect(faceChooser(fonts, 'regular')).toBe(regular);
  });

  it('cuts text into runs of one face, keeping a variation selector with its character', () => {
    expect(regular.runs('𠮷田 Wałęsa')).toEqual([
      { face: 0, text: '𠮷田 Wa' },
      { face: 1, text: 'łę' },
      { face: 0, text: 'sa' },
    ]);
    expect(regular.runs('葛\u{E0100}飾')).toEqual([{ face: 0, text: '葛\u{E0100}飾' }]);
    // A selector with nothing before it, and a tag character, are not drawn.
    expect(regular.runs('\uFE0F山\u{E0001}田')).toEqual([{ face: 0, text: '山田' }]);
    expect(regular.runs('子😀')).toEqual([
      { face: 0, text: '子' },
      { face: NO_FACE, text: '😀' },
    ]);
  });

  it('measures each character in its own face; selectors add no width', () => {
    expect(regular.width('山')).toBeCloseTo(1, 2);
    expect(regular.width('Ł')).toBeGreaterThan(0.4);
    expect(regular.width('Ł')).toBeLessThan(0.8);
    expect(regular.width('\u{E0100}')).toBe(0);
  });

  it('lists the characters no face has, once each, in order', () => {
    expect(missingCharacters('𠮷子😀\uE000😀', regular)).toEqual(['😀', '\uE000']);
    expect(missingCharacters('𠮷田 Łukasz 葛\u{E0100}', regular)).toEqual([]);
  });
});
