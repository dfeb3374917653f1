import fontkit from '@pdf-lib/fontkit';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoBirthNotificationInput,
  demoConfig,
  demoMunicipality,
  demoProcedure,
  demoValues,
  FIXED_NOW,
  withLongTextarea,
} from './application-pdf.fixtures.js';
import { pdfFileName, printedCopies, renderApplicationPdfs, renderProcedurePdf } from './application-pdf.js';
import { fontPath } from './pdf-font.js';

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
  workDir = await mkdtemp(join(tmpdir(), 'render-test-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** The text of a PDF as poppler extracts it (Debian poppler-utils). */
async function pdfText(bytes: Uint8Array, options: { layout?: boolean } = {}): Promise<string> {
  const file = join(workDir, `${createHash('sha256').update(bytes).digest('hex')}.pdf`);
  await writeFile(file, bytes);
  const layout = options.layout ? ['-layout'] : [];
  return execFileSync('pdftotext', ['-enc', 'UTF-8', ...layout, file, '-'], { encoding: 'utf8' });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const count = (text: string, part: string) => text.split(part).length - 1;

/** The embedded TrueType programs (FontFile2) with the BaseFont of their font descriptor. */
function embeddedFonts(doc: PDFDocument): { name: string; program: Uint8Array }[] {
  const fonts: { name: string; program: Uint8Array }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor'))
      continue;
    const stream = object.lookup(PDFName.of('FontFile2'));
    if (!(stream instanceof PDFRawStream)) continue;
    const name = object.lookup(PDFName.of('FontName'), PDFName).decodeText();
    fonts.push({ name, program: decodePDFRawStream(stream).decode() });
  }
  return fonts;
}

describe('renderProcedurePdf', () => {
  it('renders the demo birth notification as a PDF with metadata', async () => {
    const { bytes, pages } = await renderProcedurePdf(demoBirthNotificationInput());
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(doc.getPageCount()).toBe(pages);
    expect(doc.getTitle()).toBe('出生届（受付番号 R-2026-000123）');
    expect(doc.getAuthor()).toBe('デモ市');
    expect(doc.getSubject()).toBe('出生・子育て：出生届');
    expect(doc.getProducer()).toBe('municipal-portal');
    expect(doc.getCreationDate()?.getTime()).toBe(FIXED_NOW.getTime());
    expect(doc.getModificationDate()?.getTime()).toBe(FIXED_NOW.getTime());
  });

  it('embeds both weights of the Japanese font as small subsets whose glyphs all decode', async () => {
    const { bytes } = await renderProcedurePdf(demoBirthNotificationInput());
    const fonts = embeddedFonts(await PDFDocument.load(bytes));
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'NotoSansJP-Bold',
      'NotoSansJP-Regular',
    ]);
    const ttfSize = statSync(fontPath('regular')).size;
    for (const { name, program } of fonts) {
      // A subset name carries a six-letter tag; the program is a sliver of the 5 MB font.
      expect(name).toMatch(/^[A-Z]{6}\+NotoSansJP-/);
      expect(program.byteLength).toBeLessThan(1_000_000);
      expect(program.byteLength).toBeLessThan(ttfSize / 20);
      // Regression (pdf-lib#1232): with odd-length glyph records the subset's glyphs came out blank.
      const subset = fontkit.create(Buffer.from(program));
      const empty = Array.from({ length: subset.numGlyphs }, (_, id) => subset.getGlyph(id)).filter(
        (glyph) => glyph.path.toSVG() === '',
      );
      expect(empty.length).toBeLessThanOrEqual(2); // the spaces
    }
  });

  it.skipIf(!hasPdftotext)('prints the title, labels and answers as Japanese text', async () => {
    const text = await pdfText((await renderProcedurePdf(demoBirthNotificationInput())).bytes);
    expect(text.replace(/\s/g, '')).toContain('出生届'); // spaced out in the title
    for (const part of ['デモ市', 'R-2026-000123', '2026年11月2日', '申請者', '山田 花子', '1 / 2 ページ']) {
      expect(text).toContain(part);
    }
    // Labels, a choice label (長男 for first_son), a date, a unit and a section title.
    for (const part of [
      '子の氏',
      '父母との続き柄',
      '長男',
      '2026年11月1日',
      '体重',
      '3120 g',
      '出生証明書',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('first_son');
  });

  it.skipIf(!hasPdftotext)(
    'prints the procedure name and a Japanese page count in every footer, no code',
    async () => {
      const input = demoBirthNotificationInput({ procedure: demoProcedure('child_allowance') });
      input.values = demoValues(input.procedure);
      const pdf = await renderProcedurePdf({ ...input, copies: 2 });
      // Laid out as printed: the footer is one line, name left, count centred, municipality right.
      const pages = (await pdfText(pdf.bytes, { layout: true })).split('\f').filter((p) => p.trim() !== '');
      expect(pages).toHaveLength(pdf.pages);
      const perCopy = pdf.pages / 2;
      for (const [i, page] of pages.entries()) {
        const footer = page.trimEnd().split('\n').at(-1)!;
        expect(footer, `page ${i + 1}`).toMatch(
          new RegExp(
            `^\\s*児童手当 認定請求\\s+${(i % perCopy) + 1} / ${perCopy} ページ\\s+デモ市（999999）$`,
          ),
        );
        expect(page).not.toContain('child_allowance');
        expect(page).not.toMatch(/page \d/);
      }
    },
  );

  it.skipIf(!hasPdftotext)('leaves the reception box blank until the application is received', async () => {
    const input = demoBirthNotificationInput({ referenceNumber: null, submittedAt: null });
    const text = await pdfText((await renderProcedurePdf(input)).bytes);
    expect(text).toContain('受付番号');
    expect(text).not.toContain('R-2026-000123');
    expect(text).not.toContain('2026年11月2日');
  });

  it('repeats the pages per copy', async () => {
    const single = await renderProcedurePdf(demoBirthNotificationInput());
    const double = await renderProcedurePdf(demoBirthNotificationInput({ copies: 2 }));
    expect(double.pages).toBe(2 * single.pages);
    expect((await PDFDocument.load(double.bytes)).getPageCount()).toBe(double.pages);
    if (hasPdftotext) {
      const text = await pdfText(double.bytes);
      expect(count(text, '1部目（全2部）')).toBe(single.pages);
      expect(count(text, '2部目（全2部）')).toBe(single.pages);
    }
    await expect(renderProcedurePdf(demoBirthNotificationInput({ copies: 0 }))).rejects.toThrow(RangeError);
  });

  it('breaks a long textarea answer onto further pages without losing a line', async () => {
    const short = await renderProcedurePdf(demoBirthNotificationInput());
    // 20 paragraphs of about four lines: longer than a whole page, so the row itself is split.
    const long = await renderProcedurePdf(withLongTextarea(demoBirthNotificationInput(), 20));
    expect(long.pages).toBeGreaterThanOrEqual(short.pages + 2);
    if (hasPdftotext) {
      const text = await pdfText(long.bytes);
      expect(count(text, '夕方以降にお願いします。')).toBe(20);
      expect(text).toContain('その他（続き）');
      expect(text).toContain(`${long.pages} / ${long.pages} ページ`);
    }
  });

  it('gives identical bytes for identical input, and different bytes for another date', async () => {
    const a = await renderProcedurePdf(demoBirthNotificationInput());
    const b = await renderProcedurePdf(demoBirthNotificationInput());
    expect(sha256(b.bytes)).toBe(sha256(a.bytes));
    const later = await renderProcedurePdf(
      demoBirthNotificationInput({ now: new Date('2026-11-06T09:00:00+09:00') }),
    );
    expect(sha256(later.bytes)).not.toBe(sha256(a.bytes));
  });

  it('ignores values of standard items the procedure does not use', async () => {
    const input = demoBirthNotificationInput();
    const baseline = await renderProcedurePdf(input);
    const extra = await renderProcedurePdf({
      ...input,
      values: [
        ...input.values,
        { standard_item_code: 'no_such_item', sequence: 1, value: '???' },
        { standard_item_code: 'bank_name', sequence: 1, value: 'デモ銀行' },
      ],
    });
    expect(sha256(extra.bytes)).toBe(sha256(baseline.bytes));
  });

  it('prints a dash for every unanswered item', async () => {
    const input = demoBirthNotificationInput({ values: [] });
    const { bytes, pages } = await renderProcedurePdf(input);
    expect(pages).toBeGreaterThanOrEqual(1);
    if (hasPdftotext) {
      expect(count(await pdfText(bytes), '—')).toBe(input.procedure.procedure_fragments.length);
    }
  });

  it.skipIf(!hasPdftotext)('prints each child of a repeatable group, numbered (a second child)', async () => {
    const procedure = demoProcedure('child_allowance');
    const values = [
      ...demoValues(procedure),
      { standard_item_code: 'child_first_name', sequence: 2, value: '蓮' },
      { standard_item_code: 'child_birth_date', sequence: 2, value: '2023-04-10' },
    ];
    const input = { ...demoBirthNotificationInput(), procedure, values };
    const text = await pdfText((await renderProcedurePdf(input)).bytes);
    expect(text).toContain('子の名（1人目）');
    expect(text).toContain('子の名（2人目）');
    expect(text).toContain('蓮');
    expect(text).toContain('2023年4月10日');
  });
});

describe('renderApplicationPdfs', () => {
  it('renders one PDF per procedure, with printed copies for the municipality only', async () => {
    const procedures = ['birth_notification', 'child_allowance'].map(demoProcedure);
    const common = {
      municipality: demoMunicipality,
      config: demoConfig,
      procedures,
      values: procedures.flatMap(demoValues),
      applicant: { name: '山田 花子' },
      referenceNumber: 'R-2026-000123',
      now: FIXED_NOW,
    };
    const forCity = await renderApplicationPdfs({ ...common, audience: 'municipality' });
    const forApplicant = await renderApplicationPdfs({ ...common, audience: 'applicant' });
    expect(forCity.map((p) => [p.procedure_code, p.file_name])).toEqual([
      ['birth_notification', 'R-2026-000123_出生届.pdf'],
      ['child_allowance', 'R-2026-000123_児童手当_認定請求.pdf'],
    ]);
    expect(forCity[0]?.pages).toBe(2 * (forApplicant[0]?.pages ?? 0));
    expect(forCity[1]?.pages).toBe(forApplicant[1]?.pages);
  });

  it('knows the copies and file names', () => {
    expect(printedCopies({ printed_copies: 2 }, 'municipality')).toBe(2);
    expect(printedCopies({ printed_copies: 2 }, 'applicant')).toBe(1);
    expect(pdfFileName('出生届')).toBe('出生届.pdf');
    expect(pdfFileName('a/b: c', 'R-1')).toBe('R-1_a_b_c.pdf');
  });
});
