import type { PersonNameResult as PersonNameResultSchema } from '@portal/contracts';
import type { z } from 'zod';
import tables from './data/jis-tables.json';
import { substitutes } from './substitutes.js';

/**
 * Checks a person's name against what a JPKI signing certificate can carry: JIS X 0208 (levels 1-2) and
 * JIS X 0212. Each character gets a label so the screen can say what will happen:
 *
 * - `certificate_safe`: in JIS X 0208 or 0212, or an ASCII letter, digit or space, or the ideographic
 *   space. Carried as typed.
 * - `needs_substitution`: a variant with a known standard form (substitutes.ts, or its Unicode canonical
 *   form), which the certificate carries instead; or another kanji of JIS X 0213 planes 1-2, for which the
 *   municipality registers a substitute that is not known here. A character followed by an
 *   ideographic variation selector (IVS, e.g. 葛 + U+E0100) is one character; the certificate carries it
 *   without the selector.
 * - `not_representable`: anything else: emoji, symbols (①), kanji outside JIS X 0213 with no known
 *   substitute, ASCII punctuation, half-width katakana, control characters.
 *
 * `certificate_name` is the name as the certificate will carry it: substitutes applied, and the geta mark
 * 〓 (U+3013, the customary mark for a character that cannot be shown) wherever the character is not
 * representable or its substitute is unknown.
 *
 * Characters are counted by code point (𠮷 is one character, not two UTF-16 units). The tables are built by
 * apps/api/scripts/generate-jis-tables.mjs.
 */
export type PersonNameResult = z.infer<typeof PersonNameResultSchema>;
export type PersonNameLabel = PersonNameResult['characters'][number]['label'];

export const GETA = '〓';

interface CharacterSets {
  jis0208: ReadonlySet<number>;
  jis0212: ReadonlySet<number>;
  jis0213: ReadonlySet<number>;
}

let sets: CharacterSets | null = null;

/** The three sets, built on first use (about 24,000 code points). */
export function characterSets(): CharacterSets {
  if (!sets) {
    const toSet = (text: string) => new Set([...text].map((c) => c.codePointAt(0) as number));
    sets = {
      jis0208: toSet(tables.sets.jisx0208.characters),
      jis0212: toSet(tables.sets.jisx0212.characters),
      jis0213: toSet(tables.sets.jisx0213.characters),
    };
  }
  return sets;
}

const basicLatin = /^[A-Za-z0-9 ]$/;
const han = /^\p{Script=Han}$/u;
const variationSelector = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;

/** True if the certificate carries this single character as it is. */
export function isCertificateSafe(ch: string): boolean {
  const cp = ch.codePointAt(0);
  if (cp === undefined || [...ch].length !== 1) return false;
  if (basicLatin.test(ch) || ch === '\u3000') return true;
  const { jis0208, jis0212 } = characterSets();
  return jis0208.has(cp) || jis0212.has(cp);
}

const codePoint = (ch: string) =>
  [...ch]
    .map((c) => `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`)
    .join(' ');

/** Splits into characters: one code point, plus any variation selectors that follow it. */
function characters(text: string): string[] {
  const out: string[] = [];
  for (const ch of text) {
    const last = out.length - 1;
    if (last >= 0 && variationSelector.test(ch)) out[last] += ch;
    else out.push(ch);
  }
  return out;
}

/** The label of one code point and what the certificate carries for it. */
function classify(ch: string): { label: PersonNameLabel; carried: string } {
  if (isCertificateSafe(ch)) return { label: 'certificate_safe', carried: ch };
  const listed = substitutes.get(ch);
  if (listed) return { label: 'needs_substitution', carried: listed };
  const canonical = ch.normalize('NFC');
  if (canonical !== ch && isCertificateSafe(canonical)) {
    return { label: 'needs_substitution', carried: canonical };
  }
  if (han.test(ch) && characterSets().jis0213.has(ch.codePointAt(0) as number)) {
    return { label: 'needs_substitution', carried: GETA };
  }
  return { label: 'not_representable', carried: GETA };
}

export function checkPersonName(personName: string): PersonNameResult {
  const result: PersonNameResult['characters'] = [];
  let certificateName = '';
  for (const character of characters(personName)) {
    const base = String.fromCodePoint(character.codePointAt(0) as number);
    const { carried, ...found } = classify(base);
    // The certificate cannot carry a variation selector: a safe base is then a substitution by itself.
    const label =
      character !== base && found.label === 'certificate_safe' ? 'needs_substitution' : found.label;
    result.push({ character, code_point: codePoint(character), label });
    certificateName += carried;
  }
  return {
    person_name: personName,
    characters: result,
    certificate_name: certificateName,
    is_certificate_safe: result.every((c) => c.label === 'certificate_safe'),
  };
}
