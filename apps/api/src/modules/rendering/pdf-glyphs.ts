import type { FontWeight, PdfFonts } from './pdf-font.js';

/**
 * Which face of the font chain draws each character: the first face that has its glyph (Noto Sans JP,
 * then Noto Sans). Nothing is ever drawn with .notdef: a character no face has is reported by
 * `missingCharacters`, and the rendering fails (pdf-unprintable.ts) rather than print another character.
 */

/** No face has the character's glyph. */
export const NO_FACE = -1;
/** An invisible formatting character no face has (zero-width space, joiners, ...): drawn as nothing. */
export const INVISIBLE = -2;

/** A stretch of text drawn with one face. */
export interface TextRun {
  face: number;
  text: string;
}

const VARIATION_SELECTOR = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u;

/** True for a variation selector: it picks a form of the character before it and goes with that one. */
export const isVariationSelector = (ch: string) => VARIATION_SELECTOR.test(ch);

export interface FaceChooser {
  /** The face that draws one character (a code point), NO_FACE or INVISIBLE. */
  face(ch: string): number;
  /** The text cut into runs of one face each; invisible characters are left out, unknown ones kept. */
  runs(text: string): TextRun[];
  /** Advance width in em of one character in the face that draws it (0 for selectors and invisibles). */
  width(ch: string): number;
}

// By the chain of faces: fonts are parsed once per process, so are the choices made on them.
const choosers = new WeakMap<Uint8Array[], FaceChooser>();

function createChooser(fonts: PdfFonts, weight: FontWeight): FaceChooser {
  const faces = fonts.faces[weight].map((bytes) => fonts.fontkit.create(bytes));
  const chosen = new Map<string, number>();
  const widths = new Map<string, number>();

  const face = (ch: string): number => {
    let found = chosen.get(ch);
    if (found === undefined) {
      const codePoint = ch.codePointAt(0) ?? 0;
      found = faces.findIndex((f) => f.hasGlyphForCodePoint(codePoint));
      if (found === NO_FACE && IGNORABLE.test(ch)) found = INVISIBLE;
      chosen.set(ch, found);
    }
    return found;
  };

  const width = (ch: string): number => {
    let w = widths.get(ch);
    if (w === undefined) {
      const f = faces[face(ch)];
      // A variation selector adds no width of its own; neither does what is not drawn.
      w =
        isVariationSelector(ch) || !f
          ? 0
          : f.glyphForCodePoint(ch.codePointAt(0) ?? 0).advanceWidth / f.unitsPerEm;
      widths.set(ch, w);
    }
    return w;
  };

  const runs = (text: string): TextRun[] => {
    const out: TextRun[] = [];
    let previous = false; // whether the character before was drawn (a selector then goes with it)
    for (const ch of text) {
      const last = out[out.length - 1];
      if (isVariationSelector(ch) && previous && last) {
        last.text += ch;
        continue;
      }
      const f = face(ch);
      previous = f !== INVISIBLE;
      if (f === INVISIBLE) continue;
      if (last && last.face === f) last.text += ch;
      else out.push({ face: f, text: ch });
    }
    return out;
  };

  return { face, width, runs };
}

/** The chooser of one weight of `fonts`, made once per process. */
export function faceChooser(fonts: PdfFonts, weight: FontWeight): FaceChooser {
  const chain = fonts.faces[weight];
  let chooser = choosers.get(chain);
  if (!chooser) choosers.set(chain, (chooser = createChooser(fonts, weight)));
  return chooser;
}

/** The characters of `text` that no face draws, in order of appearance (a selector never counts). */
export function missingCharacters(text: string, chooser: FaceChooser): string[] {
  const missing: string[] = [];
  for (const ch of text) {
    if (!isVariationSelector(ch) && chooser.face(ch) === NO_FACE && !missing.includes(ch)) missing.push(ch);
  }
  return missing;
}
