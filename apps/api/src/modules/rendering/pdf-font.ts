import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocument } from 'pdf-lib';

/**
 * The fonts of rendered PDFs, as plain TTF files from npm packages (no system fonts): pdf-lib + fontkit
 * need a TTF/OTF to subset (a TTC collection fails, woff slices lack characters).
 *
 * Text is set in a chain of faces per weight; each character is drawn by the first face that has its glyph
 * (pdf-glyphs.ts), and a character no face has fails the rendering instead of printing .notdef:
 * 1. Noto Sans JP (OFL-1.1, `@expo-google-fonts/noto-sans-jp`): JIS X 0208 and all kanji of JIS X 0213,
 *    including its 303 Extension B ones such as 𠮷 and 𡈽.
 * 2. Noto Sans (OFL-1.1, `@expo-google-fonts/noto-sans`): the Latin, Greek and Cyrillic letters Noto Sans
 *    JP lacks (Ł, Č, ğ, έ ... of foreign residents' names; all of JIS X 0212/0213's Latin).
 *
 * Each file is read once per process, on first use, repaired for subsetting (see `padGlyphRecords`) and
 * parsed once: pdf-lib would otherwise parse the fonts again for every document, which took 85 ms of CPU
 * per one-page form against 11 ms with the parsed fonts shared.
 */
export type FontWeight = 'regular' | 'bold';

/** What pdf-lib's `registerFontkit` accepts (pdf-lib does not export the type itself). */
export type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

export interface PdfFonts {
  /** Per weight, the faces in the order they are tried (index 0: Noto Sans JP). */
  faces: Record<FontWeight, Uint8Array[]>;
  /** Register this on every document: it hands out the fonts parsed once instead of parsing them again. */
  fontkit: Fontkit;
}

/** The chain of faces: package and file per weight. */
export const FONT_FACES = [
  {
    package: '@expo-google-fonts/noto-sans-jp',
    files: { regular: '400Regular/NotoSansJP_400Regular.ttf', bold: '700Bold/NotoSansJP_700Bold.ttf' },
  },
  {
    package: '@expo-google-fonts/noto-sans',
    files: { regular: '400Regular/NotoSans_400Regular.ttf', bold: '700Bold/NotoSans_700Bold.ttf' },
  },
] as const;

/** Absolute path of a face's TTF, resolved through Node's module resolution (works from src and dist). */
export function fontPath(weight: FontWeight, face = 0): string {
  const { package: name, files } = FONT_FACES[face] ?? FONT_FACES[0];
  const require = createRequire(import.meta.url);
  const packageRoot = dirname(require.resolve(`${name}/package.json`));
  return join(packageRoot, files[weight]);
}

type ParsedFont = ReturnType<Fontkit['create']>;
type GlyphRun = ReturnType<ParsedFont['layout']>;

/**
 * The font with `layout` reduced to the character map (a variation selector after a character is consumed
 * with it; these fonts have no variation sequences, so 葛󠄀 prints 葛's default form).
 *
 * Why: pdf-lib takes only glyph ids from `layout` and drops the positions, so OpenType shaping (GSUB/GPOS
 * lookups) bought nothing here yet cost about a sixth of the CPU time of a form. Japanese and Latin text
 * need no shaping to pick glyphs, and widths then match the per-character measuring of the layout.
 */
function withoutShaping(font: ParsedFont): ParsedFont {
  const layout = (text: string): GlyphRun => {
    const glyphs = font.glyphsForString(text);
    const positions = glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 }));
    const width = positions.reduce((sum, p) => sum + p.xAdvance, 0);
    const bbox = {
      minX: 0,
      minY: font.descent,
      maxX: width,
      maxY: font.ascent,
      width,
      height: font.ascent - font.descent,
    };
    return {
      glyphs,
      positions,
      script: 'Zyyy',
      language: null,
      direction: 'ltr',
      features: {},
      advanceWidth: width,
      advanceHeight: 0,
      bbox,
    };
  };
  Object.defineProperty(font, 'layout', { value: layout });
  return font;
}

// Parsed fonts by the identity of their bytes: the bytes below are the only ones handed to pdf-lib.
const parsed = new WeakMap<Uint8Array, ParsedFont>();

// Sharing a parsed font between documents is safe: fontkit subsets and lays out synchronously.
const cachingFontkit: Fontkit = {
  create(buffer, postscriptName) {
    const known = postscriptName === undefined ? parsed.get(buffer) : undefined;
    if (known) return known;
    const font = withoutShaping(fontkit.create(buffer, postscriptName));
    if (postscriptName === undefined) parsed.set(buffer, font);
    return font;
  },
};

let loading: Promise<PdfFonts> | null = null;

const readFace = async (weight: FontWeight, face: number) =>
  padGlyphRecords(await readFile(fontPath(weight, face)));
const readChain = (weight: FontWeight) => Promise.all(FONT_FACES.map((_, face) => readFace(weight, face)));

/** The faces of both weights plus the caching fontkit; read lazily, once per process. */
export function loadPdfFonts(): Promise<PdfFonts> {
  loading ??= Promise.all([readChain('regular'), readChain('bold')]).then(
    ([regular, bold]) => ({ faces: { regular, bold }, fontkit: cachingFontkit }),
    (error: unknown) => {
      // A failed read (e.g. the package missing) is retried on the next call instead of cached.
      loading = null;
      throw error;
    },
  );
  return loading;
}

// ---------------------------------------------------------------------------------------------------------
// TrueType repair for @pdf-lib/fontkit's subsetter
// ---------------------------------------------------------------------------------------------------------

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

const align4 = (n: number) => (n + 3) & ~3;

/** OpenType table checksum: the sum of big-endian uint32 words, the data zero-padded to 4 bytes. */
function tableChecksum(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let sum = 0;
  const whole = bytes.byteLength & ~3;
  for (let i = 0; i < whole; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  if (whole < bytes.byteLength) {
    let last = 0;
    for (let i = whole; i < whole + 4; i++) last = (last << 8) | (i < bytes.byteLength ? (bytes[i] ?? 0) : 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

/**
 * The same TrueType font with every glyph record padded to an even length (and a long `loca`).
 *
 * Why: `@pdf-lib/fontkit` 1.1 writes subsets with a short `loca` (offsets halved) without padding the
 * glyph records, so after the first odd-length record every later glyph is read one byte off and renders
 * blank while text extraction still works (pdf-lib#1232; fixed upstream in fontkit 1.8, foliojs/fontkit#191).
 * Half the glyphs of Noto Sans JP have odd lengths. Fonts that are already even are returned as they are.
 */
export function padGlyphRecords(ttf: Uint8Array): Uint8Array {
  const view = new DataView(ttf.buffer, ttf.byteOffset, ttf.byteLength);
  const numTables = view.getUint16(4);
  const records: TableRecord[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(...ttf.subarray(at, at + 4));
    records.push({ tag, offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  const table = (tag: string) => records.find((r) => r.tag === tag);
  const head = table('head');
  const maxp = table('maxp');
  const loca = table('loca');
  const glyf = table('glyf');
  // CFF-flavoured fonts have no glyf/loca: nothing to repair.
  if (!head || !maxp || !loca || !glyf) return ttf;

  const numGlyphs = view.getUint16(maxp.offset + 4);
  const longLoca = view.getInt16(head.offset + 50) === 1;
  const offsets = Array.from({ length: numGlyphs + 1 }, (_, i) =>
    longLoca ? view.getUint32(loca.offset + 4 * i) : 2 * view.getUint16(loca.offset + 2 * i),
  );
  if (offsets.every((o) => o % 2 === 0)) return ttf;

  const lengths = offsets.slice(1).map((end, i) => end - (offsets[i] ?? end));
  const newGlyf = new Uint8Array(lengths.reduce((sum, n) => sum + n + (n % 2), 0));
  const newLoca = new Uint8Array(4 * (numGlyphs + 1));
  const locaView = new DataView(newLoca.buffer);
  let position = 0;
  lengths.forEach((length, i) => {
    const start = glyf.offset + (offsets[i] ?? 0);
    locaView.setUint32(4 * i, position);
    newGlyf.set(ttf.subarray(start, start + length), position);
    position += length + (length % 2);
  });
  locaView.setUint32(4 * numGlyphs, position);

  const newHead = ttf.slice(head.offset, head.offset + head.length);
  const headView = new DataView(newHead.buffer);
  headView.setUint32(8, 0); // checkSumAdjustment, recomputed below
  headView.setInt16(50, 1); // indexToLocFormat: long offsets

  const contents = records.map((r) =>
    r.tag === 'glyf'
      ? newGlyf
      : r.tag === 'loca'
        ? newLoca
        : r.tag === 'head'
          ? newHead
          : ttf.subarray(r.offset, r.offset + r.length),
  );
  const directoryEnd = 12 + 16 * numTables;
  const out = new Uint8Array(contents.reduce((sum, c) => sum + align4(c.byteLength), directoryEnd));
  const outView = new DataView(out.buffer);
  out.set(ttf.subarray(0, 12));
  let offset = directoryEnd;
  let headOffset = 0;
  records.forEach((r, i) => {
    const data = contents[i] as Uint8Array;
    const at = 12 + 16 * i;
    out.set(ttf.subarray(at, at + 4), at);
    outView.setUint32(at + 4, tableChecksum(data));
    outView.setUint32(at + 8, offset);
    outView.setUint32(at + 12, data.byteLength);
    out.set(data, offset);
    if (r.tag === 'head') headOffset = offset;
    offset += align4(data.byteLength);
  });
  outView.setUint32(headOffset + 8, (0xb1b0afba - tableChecksum(out)) >>> 0);
  return out;
}
