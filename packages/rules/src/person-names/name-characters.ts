import { JINMEIYO_KANJI_1, JINMEIYO_KANJI_2, JOYO_KANJI } from './name-characters.data.js';

/**
 * The characters a child's given name may hold (戸籍法第50条, 戸籍法施行規則第60条): 常用漢字, 人名用漢字
 * (別表第二), 片仮名 and 平仮名 (not 変体仮名), the long-vowel mark and the iteration marks. The kanji
 * lists are generated data (name-characters.data.ts); this file decides how typed text is compared to them.
 */

// 常用漢字表 prints 𠮟・剝・塡・頰 also as 叱・剥・填・頬 (許容字体, a design difference); JIS X 0208 IMEs type these.
const JOYO_DESIGN_VARIANTS = '叱剥填頬';
// JIS X 0208's kana, the repertoire of the 戸籍 systems: ぁ–ん and ァ–ヶ (small kana, ゐゑヰヱ, ヴ included).
// Half-width katakana, 変体仮名 (U+1B000), ゔ, ゕゖ and ヷ–ヺ lie outside these ranges.
const KANA: readonly [number, number][] = [
  [0x3041, 0x3093],
  [0x30a1, 0x30f6],
];
const MARKS = 'ーゝゞヽヾ々';

const SELECTORS = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
const COMPATIBILITY_IDEOGRAPH = /^[\uF900-\uFAFF]$/u;
// Code points that belong to the one before: combining marks (variation selectors among them), the emoji
// joiner, skin tones and tag characters, so an emoji or 葛 + U+E0100 is reported whole.
const ATTACHED = /^[\p{M}\p{Emoji_Modifier}\u200D\u{E0020}-\u{E007F}]$/u;
const REGIONAL_INDICATOR = /^[\u{1F1E6}-\u{1F1FF}]$/u;
const JOINER = '\u200D';

let allowed: ReadonlySet<string> | undefined;

function allowedCharacters(): ReadonlySet<string> {
  if (allowed) return allowed;
  const set = new Set<string>([...MARKS, ...JOYO_DESIGN_VARIANTS]);
  // Part of 別表第二 is listed as compatibility ideographs (社 U+FA4C, 祐 U+FA4F); their NFC forms
  // (社 U+793E, 祐 U+7950), which an IME or any normalising layer gives, are listed too, so both pass.
  for (const c of JOYO_KANJI + JINMEIYO_KANJI_1 + JINMEIYO_KANJI_2) set.add(c).add(c.normalize('NFC'));
  for (const [from, to] of KANA) for (let c = from; c <= to; c++) set.add(String.fromCodePoint(c));
  return (allowed = set);
}

/** A character without its variation selectors: they pick a glyph of the same character. */
const withoutSelectors = (character: string) => character.replace(SELECTORS, '');

function isAllowed(character: string): boolean {
  const key = withoutSelectors(character);
  const ok = allowedCharacters();
  if (ok.has(key)) return true;
  // NFC joins decomposed kana (か + U+3099 is が); a compatibility ideograph not listed (塚 U+FA10) is
  // another 字体 and stays refused although NFC would turn it into a listed one.
  return !COMPATIBILITY_IDEOGRAPH.test(key) && ok.has(key.normalize('NFC'));
}

/**
 * Splits text into characters: a code point with the marks and variation selectors that follow it
 * (葛 + U+E0100 is one), an emoji with its joined parts (👨‍👩‍👧 is one), a flag of two regional indicators.
 * Counts by code point, never by UTF-16 unit (𠮷 is one).
 */
export function splitNameCharacters(value: string): string[] {
  const out: string[] = [];
  let afterJoiner = false;
  let loneRegional = false;
  for (const cp of value) {
    const regional = REGIONAL_INDICATOR.test(cp);
    const attach: boolean =
      out.length > 0 && (afterJoiner || ATTACHED.test(cp) || (regional && loneRegional));
    if (attach) out[out.length - 1] += cp;
    else out.push(cp);
    loneRegional = regional && !attach;
    afterJoiner = cp === JOINER;
  }
  return out;
}

/**
 * The characters of names on record (e.g. the resident's name read from the My Number card), split as
 * {@link splitNameCharacters}, to pass as `registered`. White space between surname and given name is left out.
 */
export function nameCharacters(names: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const name of names)
    for (const c of splitNameCharacters(name)) if (!/^\s$/u.test(c)) out.add(withoutSelectors(c));
  return out;
}

/**
 * The characters of `value` a person's name may not contain, each once, in the order of first appearance;
 * [] when every one is allowed. A character in `registered` (built with {@link nameCharacters}) passes,
 * since it is already in a name on record for this resident (「髙」 of the surname 「髙橋」).
 */
export function disallowedNameCharacters(value: string, registered?: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const character of splitNameCharacters(value)) {
    if (out.includes(character) || isAllowed(character)) continue;
    if (registered?.has(character) || registered?.has(withoutSelectors(character))) continue;
    out.push(character);
  }
  return out;
}
