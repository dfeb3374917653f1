import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PDFArray,
  PDFBool,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFString,
  PDFDocument,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoBirthNotificationInput,
  demoProcedure,
  demoSignaturePng,
  demoValues,
  withLongTextarea,
} from './application-pdf.fixtures.js';
import { renderProcedurePdf } from './application-pdf.js';
import { flatten, pageContents, parentTree, scanContent, structureTree } from './pdf-tags.reader.js';

// PDF/UA-1 structure checks on the rendered forms (veraPDF cannot be installed here: decision 0022).
const hasPoppler = (() => {
  try {
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let workDir = '';
let count = 0;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'pdf-tags-test-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function poppler(tool: 'pdfinfo' | 'pdftotext', args: string[], bytes: Uint8Array) {
  const file = join(workDir, `${++count}.pdf`);
  await writeFile(file, bytes);
  return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
}

/** Structure elements with their text as poppler reads them (`pdfinfo -struct-text`), in reading order. */
async function popplerStructure(bytes: Uint8Array) {
  const elements: { role: string; text: string }[] = [];
  for (const line of (await poppler('pdfinfo', ['-struct-text'], bytes)).split('\n')) {
    const text = /^\s*"(.*)"$/.exec(line);
    // Lines are an element ("TH:" when attributes follow), an attribute ("/Scope /Row") or its text.
    if (text) elements[elements.length - 1]!.text += text[1];
    else if (line.trim() && !line.trim().startsWith('/')) {
      elements.push({ role: line.trim().split(/[ :]/)[0]!, text: '' });
    }
  }
  return elements;
}

const text = (dict: PDFDict, key: string) => {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFHexString || value instanceof PDFString ? value.decodeText() : undefined;
};

/** Sections of a procedure's form in order (one per fragment name). */
const sectionNames = (code: string) => [
  ...new Set(demoProcedure(code).procedure_fragments.map((f) => f.name)),
];

describe('tagged application PDFs (PDF/UA-1)', () => {
  it('declares a tagged PDF/UA document in Japanese whose title the viewer shows', async () => {
    const doc = await PDFDocument.load((await renderProcedurePdf(demoBirthNotificationInput())).bytes);
    const { catalog } = doc;
    expect(catalog.lookup(PDFName.of('MarkInfo'), PDFDict).get(PDFName.of('Marked'))).toBe(PDFBool.True);
    expect(catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('ja');
    const preferences = catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict);
    expect(preferences.get(PDFName.of('DisplayDocTitle'))).toBe(PDFBool.True);
    expect(doc.getTitle()).toBe('出生届（受付番号 R-2026-000123）');

    const metadata = catalog.lookup(PDFName.of('Metadata'));
    expect(metadata).toBeInstanceOf(PDFRawStream);
    const xmp = Buffer.from((metadata as PDFRawStream).getContents()).toString('utf8');
    expect(xmp).toContain('<pdfuaid:part>1</pdfuaid:part>');
    expect(xmp).toContain('<rdf:li xml:lang="x-default">出生届（受付番号 R-2026-000123）</rdf:li>');
    expect(xmp).toMatch(/<\?xpacket end="w"\?>$/);
  });

  it('ties every piece of page content to a structure element or an artifact', async () => {
    const input = withLongTextarea(demoBirthNotificationInput({ copies: 2 }), 20);
    const doc = await PDFDocument.load((await renderProcedurePdf(input)).bytes);
    const tree = structureTree(doc)!;
    const parents = parentTree(doc);
    const elements = flatten(tree);
    const contents = pageContents(doc);
    expect(contents.length).toBeGreaterThan(4);

    contents.forEach((source, pageIndex) => {
      const page = doc.getPages()[pageIndex]!;
      const key = page.node.lookup(PDFName.of('StructParents'), PDFNumber).asNumber();
      expect(page.node.get(PDFName.of('Tabs'))).toBe(PDFName.of('S'));
      const scan = scanContent(source);
      expect(scan.balanced).toBe(true);
      expect(scan.textOperators).toBeGreaterThan(0);
      expect(scan.untaggedText).toBe(0);
      // The parent tree maps each MCID of the page back to the element that lists it, with its tag.
      const refs = parents.get(key)!;
      expect(refs).toHaveLength(scan.mcids.size);
      for (const [mcid, tag] of scan.mcids) {
        const owner = elements.find((e) => e.ref === refs[mcid]);
        expect(owner?.role).toBe(tag);
        expect(owner?.content).toContainEqual({ page: pageIndex, mcid });
      }
    });
    // No element points at marked content that does not exist.
    const marked = elements.flatMap((e) => e.content);
    expect(marked.length).toBe([...parents.values()].reduce((n, refs) => n + refs.length, 0));
  });

  it('nests Document, headings in reading order, and label/answer tables', async () => {
    const doc = await PDFDocument.load((await renderProcedurePdf(demoBirthNotificationInput())).bytes);
    const document = structureTree(doc)!.children[0]!;
    expect(document.role).toBe('Document');
    const elements = flatten(document);
    const headings = elements.filter((e) => /^H\d$/.test(e.role)).map((e) => e.role);
    expect(headings).toEqual(['H1', ...sectionNames('birth_notification').map(() => 'H2')]);
    for (const section of document.children.filter((e) => e.role === 'Sect')) {
      expect(section.children.map((c) => c.role)).toEqual(['H2', 'Table']);
      for (const row of section.children[1]!.children) {
        expect(row.role).toBe('TR');
        expect(row.children.map((c) => c.role)).toEqual(['TH', 'TD']);
        const scope = row.children[0]!.dict.lookup(PDFName.of('A'), PDFDict).get(PDFName.of('Scope'));
        expect(scope).toBe(PDFName.of('Row'));
      }
    }
    // Every element names its parent, up to the tree root.
    for (const element of elements.slice(1)) expect(element.dict.get(PDFName.of('P'))).toBeDefined();
  });

  it.skipIf(!hasPoppler)('reads back as headings and answers through poppler, text intact', async () => {
    const procedure = demoProcedure('child_allowance');
    const input = { ...demoBirthNotificationInput(), procedure, values: demoValues(procedure) };
    const { bytes } = await renderProcedurePdf(input);
    expect(await poppler('pdfinfo', [], bytes)).toMatch(/^Tagged:\s+yes$/m);
    const elements = await popplerStructure(bytes);
    const headings = elements.filter((e) => /^H\d$/.test(e.role));
    expect(headings.map((h) => h.text)).toEqual(['児童手当 認定請求', ...sectionNames('child_allowance')]);
    const cells = elements.filter((e) => e.role === 'TH' || e.role === 'TD').map((e) => e.text);
    expect(cells.length % 2).toBe(0); // label and answer, row by row
    expect(cells[cells.indexOf('受付番号') + 1]).toBe('R-2026-000123');
    // The subset fonts keep their ToUnicode maps: the text extracts as Japanese.
    const extracted = await poppler('pdftotext', ['-enc', 'UTF-8'], bytes);
    for (const part of ['デモ市', '申請者', '山田 花子', '受付番号', ...cells.slice(0, 6)]) {
      expect(extracted).toContain(part);
    }
  });

  it('tags the handwritten signature as a Figure with alternative text and its box', async () => {
    const input = demoBirthNotificationInput({ signature: { image: demoSignaturePng() } });
    const { bytes, pages } = await renderProcedurePdf(input);
    const doc = await PDFDocument.load(bytes);
    const figures = flatten(structureTree(doc)!).filter((e) => e.role === 'Figure');
    expect(figures).toHaveLength(1);
    const figure = figures[0]!;
    expect(text(figure.dict, 'Alt')).toBe('山田 花子の手書き署名');
    const bbox = figure.dict.lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('BBox'), PDFArray);
    const [x1, y1, x2, y2] = bbox.asArray().map((n) => (n as PDFNumber).asNumber());
    expect((x2! - x1!) / (y2! - y1!)).toBeCloseTo(3, 2); // the 360 × 120 image keeps its shape
    // Drawn on the last page, inside its Figure's marked content.
    expect(figure.content).toEqual([{ page: pages - 1, mcid: expect.any(Number) }]);
    expect(scanContent(pageContents(doc)[pages - 1]!).xobjectTags).toEqual(['Figure']);
    if (hasPoppler) {
      const headings = (await popplerStructure(bytes)).filter((e) => e.role === 'H2');
      expect(headings.at(-1)?.text).toBe('署名');
    }
  });

  it('repeats the structure per copy and continues a table across pages', async () => {
    const input = withLongTextarea(demoBirthNotificationInput({ copies: 2 }), 20);
    const { bytes, pages } = await renderProcedurePdf(input);
    const doc = await PDFDocument.load(bytes);
    const document = structureTree(doc)!.children[0]!;
    expect(document.children.map((c) => c.role)).toEqual(['Sect', 'Sect']);
    for (const copy of document.children) {
      expect(flatten(copy).filter((e) => e.role === 'H1')).toHaveLength(1);
      // The long answer's section: one table whose rows lie on several pages.
      const last = copy.children.at(-1)!;
      const rowPages = new Set(flatten(last).flatMap((e) => e.content.map((c) => c.page)));
      expect(rowPages.size).toBeGreaterThan(1);
    }
    const firstCopyPages = new Set(
      flatten(document.children[0]!).flatMap((e) => e.content.map((c) => c.page)),
    );
    expect(firstCopyPages.size).toBe(pages / 2);
  });

  it('leaves the tags out only when asked (the benchmark baseline), with the same page count', async () => {
    const tagged = await renderProcedurePdf(demoBirthNotificationInput());
    const plain = await renderProcedurePdf(demoBirthNotificationInput(), undefined, { tagged: false });
    const doc = await PDFDocument.load(plain.bytes);
    expect(structureTree(doc)).toBeNull();
    expect(scanContent(pageContents(doc)[0]!).mcids.size).toBe(0);
    expect(plain.pages).toBe(tagged.pages);
  });
});
