import fontkit from '@pdf-lib/fontkit';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoBirthNotificationInput } from './application-pdf.fixtures.js';
import { renderProcedurePdf, type RenderProcedureInput } from './application-pdf.js';
import { fontPath } from './pdf-font.js';
import { pageContents, scanContent } from './pdf-tags.reader.js';
import { UnprintableTextError } from './pdf-unprintable.js';

// Issue 31 item 6: the PDF prints the stored character or fails with the reason, never a substitute.

const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let workDir = '';
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'render-chars-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function pdfText(bytes: Uint8Array): Promise<string> {
  const file = join(workDir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** The birth notification with some answers replaced (the child's name, the father's surname, ...). */
function withAnswers(answers: Record<string, string>, applicant?: string): RenderProcedureInput {
  const input = demoBirthNotificationInput(applicant ? { applicant: { name: applicant } } : {});
  const values = input.values.map((v) =>
    v.standard_item_code in answers ? { ...v, value: answers[v.standard_item_code]! } : v,
  );
  return { ...input, values };
}

/** The embedded font programs by their PostScript name without the subset tag. */
function embeddedFonts(doc: PDFDocument): Map<string, ReturnType<typeof fontkit.create>> {
  const fonts = new Map<string, ReturnType<typeof fontkit.create>>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor'))
      continue;
    const stream = object.lookup(PDFName.of('FontFile2'));
    if (!(stream instanceof PDFRawStream)) continue;
    const name = object
      .lookup(PDFName.of('FontName'), PDFName)
      .decodeText()
      .replace(/^[A-Z]{6}\+/, '');
    fonts.set(name, fontkit.create(Buffer.from(decodePDFRawStream(stream).decode())));
  }
  return fonts;
}

/** Glyph ids shown by the text operators of every page (Identity-H: four hex digits each). */
function shownGlyphIds(doc: PDFDocument): number[] {
  const ids: number[] = [];
  for (const source of pageContents(doc)) {
    for (const [, hex] of source.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      for (let i = 0; i < hex!.length; i += 4) ids.push(parseInt(hex!.slice(i, i + 4), 16));
    }
  }
  return ids;
}

/** Outlines of the glyphs Noto Sans JP Regular has for these characters. */
async function notoOutlines(chars: string): Promise<Map<string, string>> {
  const font = fontkit.create(await readFile(fontPath('regular')));
  return new Map([...chars].map((ch) => [ch, font.glyphForCodePoint(ch.codePointAt(0)!).path.toSVG()]));
}

describe('characters of names in the PDF', () => {
  it('prints 𠮷 as 𠮷 (its own glyph, read back as 𠮷), never as 吉', async () => {
    const input = withAnswers({ child_first_name: '𠮷子', father_last_name: '𠮷田' }, '𠮷田 花子');
    const { bytes } = await renderProcedurePdf(input);
    const doc = await PDFDocument.load(bytes);
    expect(shownGlyphIds(doc)).not.toContain(0); // no .notdef anywhere

    // What is drawn: the subset holds Noto Sans JP's 𠮷 outline and no glyph shaped like 吉.
    const subset = embeddedFonts(doc).get('NotoSansJP-Regular')!;
    const outlines = Array.from({ length: subset.numGlyphs }, (_, id) => subset.getGlyph(id).path.toSVG());
    const noto = await notoOutlines('𠮷吉');
    expect(outlines).toContain(noto.get('𠮷'));
    expect(outlines).not.toContain(noto.get('吉'));

    if (hasPdftotext) {
      const text = await pdfText(bytes);
      expect(text).toContain('𠮷子');
      expect(text).toContain('𠮷田 花子');
      expect(text).not.toContain('吉');
    }
  });

  it('draws Latin letters Noto Sans JP lacks from Noto Sans, in place, and embeds it only then', async () => {
    const input = withAnswers({ father_last_name: 'Wałęsa', father_first_name: 'Łukasz' });
    const { bytes } = await renderProcedurePdf(input);
    const doc = await PDFDocument.load(bytes);
    const fonts = embeddedFonts(doc);
    expect([...fonts.keys()].sort()).toEqual(['NotoSans-Regular', 'NotoSansJP-Bold', 'NotoSansJP-Regular']);
    const latin = fonts.get('NotoSans-Regular')!;
    // Only what Noto Sans JP lacks (ł ę Ł), plus .notdef that every subset carries first; all have outlines.
    expect(latin.numGlyphs).toBe(4);
    for (let id = 1; id < latin.numGlyphs; id++) expect(latin.getGlyph(id).path.toSVG()).not.toBe('');
    expect(shownGlyphIds(doc)).not.toContain(0);
    // Still tagged: every run of either font sits inside the marked content of its cell.
    for (const source of pageContents(doc)) {
      expect(scanContent(source)).toMatchObject({ balanced: true, untaggedText: 0 });
    }
    if (hasPdftotext) {
      const text = await pdfText(bytes);
      expect(text).toContain('Wałęsa'); // one word: the runs of both fonts sit side by side
      expect(text).toContain('Łukasz');
    }
  });

  it('fails with the item, the character and its code point when no font has it (😀, private use)', async () => {
    const input = withAnswers({ child_first_name: '𠮷子😀', birth_place_address: 'デモ市\uE000町' });
    const error = await renderProcedurePdf(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprintableTextError);
    const { characters, message, code, field } = error as UnprintableTextError;
    expect(characters).toEqual([
      { place: '子の名', item_code: 'child_first_name', character: '😀', code_point: 'U+1F600' },
      {
        place: expect.any(String),
        item_code: 'birth_place_address',
        character: '\uE000',
        code_point: 'U+E000',
      },
    ]);
    expect(message).toContain('「子の名」の「😀」（U+1F600）');
    expect(message).toContain('U+E000');
    expect([code, field]).toEqual(['validation_failed', 'child_first_name']);
  });

  it('names the applicant line or the configuration when the character is not in an answer', async () => {
    const applicant = await renderProcedurePdf(withAnswers({}, '山田 😀')).catch((e: unknown) => e);
    expect((applicant as UnprintableTextError).characters).toEqual([
      { place: '申請者', item_code: null, character: '😀', code_point: 'U+1F600' },
    ]);
    const base = demoBirthNotificationInput();
    const configured = { ...base, procedure: { ...base.procedure, name: '出生届✅' } };
    const refused = await renderProcedurePdf(configured).catch((e: unknown) => e);
    expect((refused as UnprintableTextError).characters).toEqual([
      { place: '様式の設定', item_code: null, character: '✅', code_point: 'U+2705' },
    ]);
  });

  it('prints a variation sequence with its character and leaves out invisible format characters', async () => {
    const input = withAnswers({ child_first_name: '\uFE0F陽\u{E0001}菜', father_last_name: '葛\u{E0100}西' });
    const { bytes } = await renderProcedurePdf(input);
    expect(shownGlyphIds(await PDFDocument.load(bytes))).not.toContain(0);
    if (hasPdftotext) {
      const text = await pdfText(bytes);
      expect(text).toContain('陽菜');
      expect(text).toMatch(/葛\u{E0100}?西/u);
    }
  });
});
