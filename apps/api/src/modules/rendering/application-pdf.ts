import type { Procedure } from '@portal/contracts';
import { createHash } from 'node:crypto';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage, type PDFRef } from 'pdf-lib';
import {
  composePages,
  PAGE_HEIGHT,
  PAGE_WIDTH,
  type DrawOp,
  type Fill,
  type FormInput,
  type Measure,
  type Tone,
  type Weight,
} from './application-pdf.layout.js';
import { loadPdfFonts, type PdfFonts } from './pdf-font.js';
import { faceChooser, missingCharacters, type FaceChooser } from './pdf-glyphs.js';
import { setDocumentFacts } from './pdf-metadata.js';
import { PdfTags, pdfText } from './pdf-tags.js';
import { locateUnprintable, UnprintableTextError } from './pdf-unprintable.js';

/**
 * Renders one procedure of an application as a municipal-style A4 form (layout in
 * application-pdf.layout.ts): a header with the municipality, the procedure name and a reception box
 * (受付番号 / 受付日), then one bordered two-column table per procedure fragment name, and a footer
 * with the procedure's name and 「n / N ページ」.
 *
 * Deterministic: the same input (including `now`) gives the same bytes, so stored documents can be
 * compared by digest. Both weights of Noto Sans JP are embedded as subsets, a few dozen KB per document;
 * Noto Sans only when a character needs it (pdf-font.ts). A character no font has fails the rendering
 * (`UnprintableTextError`): it is never printed as another glyph.
 * Tagged for PDF/UA-1 (decision 0022): structure tree, marked content, language ja, XMP metadata.
 */
export interface RenderProcedureInput extends FormInput {
  /** Paper copies in one document (the municipality prints `printed_copies`); pages repeat per copy. */
  copies?: number;
  /** Marks a single-copy rendering as one of several, e.g. { index: 2, of: 2 } → 2部目（全2部）. */
  copy?: { index: number; of: number } | null;
}

export interface RenderedPdf {
  bytes: Uint8Array;
  /** Pages of the whole document, all copies included. */
  pages: number;
}

export type PdfAudience = 'municipality' | 'applicant';

/** Copies to print of a procedure: the municipality files `printed_copies`, the applicant keeps one. */
export function printedCopies(procedure: Pick<Procedure, 'printed_copies'>, audience: PdfAudience): number {
  return audience === 'municipality' ? procedure.printed_copies : 1;
}

export interface RenderApplicationInput extends Omit<FormInput, 'procedure'> {
  procedures: readonly Procedure[];
  audience: PdfAudience;
}

export interface RenderedProcedurePdf extends RenderedPdf {
  procedure_code: string;
  /** Suggested download name, e.g. R-2026-000123_出生届.pdf. */
  file_name: string;
}

/** One PDF per procedure of an application, with the copies the audience needs. */
export async function renderApplicationPdfs(
  input: RenderApplicationInput,
  fonts?: PdfFonts,
): Promise<RenderedProcedurePdf[]> {
  const { procedures, audience, ...form } = input;
  const rendered: RenderedProcedurePdf[] = [];
  // One at a time: rendering is CPU-bound, so running them together would only raise peak memory.
  for (const procedure of procedures) {
    const pdf = await renderProcedurePdf(
      { ...form, procedure, copies: printedCopies(procedure, audience) },
      fonts,
    );
    rendered.push({
      ...pdf,
      procedure_code: procedure.code,
      file_name: pdfFileName(procedure.name, input.referenceNumber),
    });
  }
  return rendered;
}

/** `出生届.pdf`, or `R-1_出生届.pdf` with a reference number; characters file systems refuse become _. */
export function pdfFileName(procedureName: string, referenceNumber?: string | null): string {
  const base = referenceNumber ? `${referenceNumber}_${procedureName}` : procedureName;
  return `${base.replace(/[\\/:*?"<>|\s\p{Cc}]+/gu, '_')}.pdf`;
}

// ---------------------------------------------------------------------------------------------------------
// Fonts: measuring before embedding, subset tags
// ---------------------------------------------------------------------------------------------------------

type Choosers = Record<Weight, FaceChooser>;

/** Widths from the face that draws each character (pdf-glyphs.ts caches them per process). */
function measurer(choosers: Choosers): Measure {
  return (text, size, weight) => {
    const { width } = choosers[weight];
    let total = 0;
    for (const ch of text) total += width(ch);
    return total * size;
  };
}

/**
 * PostScript name of a subset: six capitals derived from the characters it holds, then the font's name.
 * PDF requires the tag for subsets; deriving it from the content keeps output deterministic and gives
 * different subsets different names even when documents are merged.
 */
function subsetName(postscriptName: string, characters: Set<string>): string {
  const digest = createHash('sha256')
    .update([...characters].sort().join(''))
    .digest();
  const tag = Array.from(digest.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
  return `${tag}+${postscriptName}`;
}

// ---------------------------------------------------------------------------------------------------------
// Painting
// ---------------------------------------------------------------------------------------------------------

const TONES: Record<Tone, ReturnType<typeof rgb>> = { ink: rgb(0.1, 0.1, 0.1), muted: rgb(0.38, 0.38, 0.38) };
const FILLS: Record<Exclude<Fill, 'none'>, ReturnType<typeof rgb>> = {
  label: rgb(0.94, 0.94, 0.94),
  section: rgb(0.84, 0.86, 0.9),
};
const BORDER = rgb(0.3, 0.3, 0.3);
const BORDER_WIDTH = 0.7;

interface Painter {
  page: PDFPage;
  /** Per weight, the embedded faces by their index in the chain (unused faces are not embedded). */
  font: Record<Weight, PDFFont[]>;
  choosers: Choosers;
  signature: PDFImage | null;
  /** Null for the untagged rendering (the benchmark's baseline). */
  tags: PdfTags | null;
  /** The attributes every TH shares: it heads its row (the label of the answer beside it). */
  rowHeader: PDFRef | null;
}

/** One drawing operation, inside the marked content its structure asks for. */
function paint(painter: Painter, op: DrawOp) {
  const { tags } = painter;
  if (op.kind === 'open') {
    tags?.open(op.role, op.role === 'TH' ? { A: painter.rowHeader } : {});
    return;
  }
  if (op.kind === 'close') {
    tags?.close();
    return;
  }
  if (!tags) draw(painter, op);
  else if (op.kind === 'text' && op.furniture) tags.artifact('Pagination', () => draw(painter, op));
  else if (op.kind === 'text') tags.content(() => draw(painter, op));
  else if (op.kind === 'image') {
    // A Figure of its own, with the alternative text and the box it occupies (PDF/UA asks for both).
    const { bbox } = imageBox(op, painter.signature);
    tags.open('Figure', { Alt: pdfText(op.alt), A: { O: 'Layout', BBox: bbox } });
    tags.content(() => draw(painter, op));
    tags.close();
  } else tags.artifact('Layout', () => draw(painter, op));
}

/** The image fitted into the op's area (aspect kept, left-aligned, centred vertically). */
function imageBox(op: Extract<DrawOp, { kind: 'image' }>, image: PDFImage | null) {
  const scale = image ? Math.min(op.width / image.width, op.height / image.height) : 0;
  const [width, height] = image ? [image.width * scale, image.height * scale] : [0, 0];
  const [x, y] = [op.x, op.y + (op.height - height) / 2];
  return { x, y, width, height, bbox: [x, y, x + width, y + height] };
}

function draw(painter: Painter, op: Exclude<DrawOp, { kind: 'open' | 'close' }>) {
  const { page, font } = painter;
  switch (op.kind) {
    case 'text': {
      // One run per face, each placed after the width of the runs before it.
      let x = op.x;
      const chooser = painter.choosers[op.weight];
      for (const run of chooser.runs(op.text)) {
        const face = font[op.weight][run.face];
        if (!face) throw new Error(`pdf: no embedded face ${run.face} for ${JSON.stringify(run.text)}`);
        page.drawText(run.text, { x, y: op.y, size: op.size, font: face, color: TONES[op.tone] });
        for (const ch of run.text) x += chooser.width(ch) * op.size;
      }
      return;
    }
    case 'image': {
      const { x, y, width, height } = imageBox(op, painter.signature);
      if (painter.signature) page.drawImage(painter.signature, { x, y, width, height });
      return;
    }
    case 'box':
      page.drawRectangle({
        x: op.x,
        y: op.y,
        width: op.width,
        height: op.height,
        borderColor: BORDER,
        borderWidth: BORDER_WIDTH,
        ...(op.fill === 'none' ? {} : { color: FILLS[op.fill] }),
      });
      return;
    case 'rule':
      page.drawLine({
        start: { x: op.x1, y: op.y },
        end: { x: op.x2, y: op.y },
        thickness: op.thickness,
        color: TONES.ink,
      });
      return;
  }
}

function copyCount(input: RenderProcedureInput): number {
  const copies = input.copies ?? 1;
  if (!Number.isInteger(copies) || copies < 1 || copies > 10) {
    throw new RangeError(`copies must be an integer from 1 to 10, got ${copies}`);
  }
  return copies;
}

/** PNG or JPEG, told by the first bytes (the signature slot accepts both). */
async function embedImage(doc: PDFDocument, bytes: Uint8Array): Promise<PDFImage> {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  return png ? doc.embedPng(bytes) : doc.embedJpg(bytes);
}

/**
 * Renders one procedure's form; `fonts` defaults to the process-wide Noto Sans JP. `tagged: false` leaves
 * out the PDF/UA tags: only the render benchmark's baseline uses it.
 */
export async function renderProcedurePdf(
  input: RenderProcedureInput,
  fonts?: PdfFonts,
  options: { tagged?: boolean } = {},
): Promise<RenderedPdf> {
  const fontFiles = fonts ?? (await loadPdfFonts());
  const choosers: Choosers = {
    regular: faceChooser(fontFiles, 'regular'),
    bold: faceChooser(fontFiles, 'bold'),
  };
  const pages = composePages(input, measurer(choosers), { copies: copyCount(input), copy: input.copy });

  // The characters each face draws; a character no face has stops the rendering here, before any drawing.
  const characters: Record<Weight, Set<string>[]> = { regular: [], bold: [] };
  const missing = new Set<string>();
  for (const op of pages.flat()) {
    if (op.kind !== 'text') continue;
    for (const ch of missingCharacters(op.text, choosers[op.weight])) missing.add(ch);
    for (const run of choosers[op.weight].runs(op.text)) {
      if (run.face < 0) continue; // missing: reported above
      const set = (characters[op.weight][run.face] ??= new Set());
      for (const ch of run.text) set.add(ch);
    }
  }
  if (missing.size > 0) throw new UnprintableTextError(locateUnprintable(input, [...missing]));

  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontFiles.fontkit);
  const embed = (weight: Weight, face: number) => {
    const bytes = fontFiles.faces[weight][face]!;
    const postscriptName = fontFiles.fontkit.create(bytes).postscriptName ?? `Font-${weight}-${face}`;
    const customName = subsetName(postscriptName, characters[weight][face] ?? new Set());
    return doc.embedFont(bytes, { subset: true, customName });
  };
  // Noto Sans JP of both weights always (as before), then the faces after it only where text needs them.
  const font: Record<Weight, PDFFont[]> = {
    regular: [await embed('regular', 0)],
    bold: [await embed('bold', 0)],
  };
  for (const weight of ['regular', 'bold'] as const) {
    for (let face = 1; face < fontFiles.faces[weight].length; face++) {
      if (characters[weight][face]?.size) font[weight][face] = await embed(weight, face);
    }
  }

  const signature = input.signature ? await embedImage(doc, input.signature.image) : null;

  const reference = input.referenceNumber ? `（受付番号 ${input.referenceNumber}）` : '';
  setDocumentFacts(doc, {
    title: `${input.procedure.name}${reference}`,
    author: input.municipality.name,
    subject: `${input.config.name}：${input.procedure.name}`,
    keywords: [
      input.procedure.code,
      input.municipality.code,
      ...(input.referenceNumber ? [input.referenceNumber] : []),
    ],
    producer: 'municipal-portal',
    language: 'ja',
    date: input.now,
  });

  const tags = options.tagged === false ? null : new PdfTags(doc);
  const rowHeader = tags?.shared({ O: 'Table', Scope: 'Row' }) ?? null;
  for (const ops of pages) {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    tags?.beginPage(page);
    for (const op of ops) paint({ page, font, choosers, signature, tags, rowHeader }, op);
    tags?.endPage();
  }
  tags?.finish();

  // pdf-lib yields to the event loop (setTimeout 0, at least 1 ms idle in Node) every 50 objects by default,
  // a browser's courtesy; the structure tree's hundreds of objects would add several idle ms per document,
  // while writing a form takes a few ms of CPU, less than its layout.
  const bytes = await doc.save({ objectsPerTick: Infinity });
  return { bytes, pages: pages.length };
}
