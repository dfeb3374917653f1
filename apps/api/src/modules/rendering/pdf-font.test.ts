import fontkit from '@pdf-lib/fontkit';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fontPath, loadPdfFonts, padGlyphRecords } from './pdf-font.js';

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
  it('resolves both weights of Noto Sans JP from the installed package', () => {
    expect(fontPath('regular')).toMatch(/NotoSansJP_400Regular\.ttf$/);
    expect(fontPath('bold')).toMatch(/NotoSansJP_700Bold\.ttf$/);
    expect(existsSync(fontPath('regular')) && existsSync(fontPath('bold'))).toBe(true);
  });

  it('reads the fonts once per process', async () => {
    const first = await loadPdfFonts();
    expect(await loadPdfFonts()).toBe(first);
    expect(first.fontkit.create(first.regular)).toBe(first.fontkit.create(first.regular));
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
