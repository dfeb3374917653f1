import fontkit from '@pdf-lib/fontkit';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FONT_FACES, fontPath, loadPdfFonts, padGlyphRecords } from './pdf-font.js';

/** Glyph record lengths from the long `loca` of a TrueType font. */
function glyphLengths(ttf: Uint8Array): number[] {
  const view = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  const numTables = view.getUint16(4);
  const offsets: Record<string, number> = {};
  for (let i = 0; i < numTables; i++) {
    const at = 12 + 16 * i;
    offsets[String.fromCharCode(...ttf.subarray(at, at + 4))] = view.getUint32(at + 8);
  }
  const numGlyphs = view.getUint16((offsets.maxp ?? 0) + 4);
  expect(view.getInt16((offsets.head ?? 0) + 50)).toBe(1);
  return Array.from(
    { length: numGlyphs },
    (_, i) => view.getUint32((offsets.loca ?? 0) + 4 * (i + 1)) - view.getUint32((offsets.loca ?? 0) + 4 * i),
  );
}

describe('pdf fonts', () => {
  it('resolves both weights of Noto Sans JP, then Noto Sans, from the installed packages', () => {
    expect(fontPath('regular')).toMatch(/NotoSansJP_400Regular\.ttf$/);
    expect(fontPath('bold')).toMatch(/NotoSansJP_700Bold\.ttf$/);
    expect(fontPath('regular', 1)).toMatch(/NotoSans_400Regular\.ttf$/);
    expect(fontPath('bold', 1)).toMatch(/NotoSans_700Bold\.ttf$/);
    for (const weight of ['regular', 'bold'] as const) {
      expect(FONT_FACES.every((_, face) => existsSync(fontPath(weight, face)))).toBe(true);
    }
  });

  it('reads the fonts once per process', async () => {
    const first = await loadPdfFonts();
    expect(await loadPdfFonts()).toBe(first);
    const regular = first.faces.regular[0]!;
    expect(first.fontkit.create(regular)).toBe(first.fontkit.create(regular));
    expect(first.faces.regular).toHaveLength(FONT_FACES.length);
  });

  it('has Noto Sans JP draw JIS X 0213 kanji of Extension B (𠮷, 𡈽), and Noto Sans the Latin it lacks', async () => {
    const { faces, fontkit: kit } = await loadPdfFonts();
    for (const weight of ['regular', 'bold'] as const) {
      const [jp, latin] = faces[weight].map((bytes) => kit.create(bytes));
      for (const ch of '𠮷𡈽𠀋髙﨑') expect(jp?.hasGlyphForCodePoint(ch.codePointAt(0)!)).toBe(true);
      // 𠮷 is a glyph of its own, not 吉's (土 over 口: the upper bar is the shorter one).
      const glyph = (ch: string) => jp!.glyphForCodePoint(ch.codePointAt(0)!);
      expect(glyph('𠮷').id).not.toBe(glyph('吉').id);
      expect(glyph('𠮷').path.toSVG()).not.toBe(glyph('吉').path.toSVG());
      for (const ch of 'ŁłęŽČğıέ') {
        expect(jp?.hasGlyphForCodePoint(ch.codePointAt(0)!)).toBe(false);
        expect(latin?.hasGlyphForCodePoint(ch.codePointAt(0)!)).toBe(true);
      }
    }
  });

  it('pads every glyph record to an even length without changing the glyphs', async () => {
    const original = await readFile(fontPath('regular'));
    expect(glyphLengths(original).some((n) => n % 2 === 1)).toBe(true);

    const padded = padGlyphRecords(original);
    expect(glyphLengths(padded).every((n) => n % 2 === 0)).toBe(true);
    const before = fontkit.create(original);
    const after = fontkit.create(Buffer.from(padded));
    expect(after.numGlyphs).toBe(before.numGlyphs);
    for (const ch of '出生届山田花子R-2026あア') {
      const a = before.glyphForCodePoint(ch.codePointAt(0) ?? 0);
      const b = after.glyphForCodePoint(ch.codePointAt(0) ?? 0);
      expect(b.id).toBe(a.id);
      expect(b.path.toSVG()).toBe(a.path.toSVG());
    }
    // An already even font comes back as it is.
    expect(padGlyphRecords(padded)).toBe(padded);
  });
});
