// Codes proposed from a name (decision 0055): the English name in snake_case, else the Japanese name
// romanised when it is kana only, else the next free sequential code (`item_001`). Every proposal is free
// of the codes given as taken; a taken code gets a free alternative (`moving_in_2`).
import { toRomaji } from 'wanakana';

/** The form every code of the editor takes (the contracts' procedure code, the stricter of the two). */
export const CODE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;

/** Room left for a `_N` suffix within the pattern's 64 characters. */
const BASE_MAX = 56;

/** Why a code cannot be used, or null when it can. */
export function codeProblem(code: string, taken: ReadonlySet<string>): 'invalid' | 'taken' | null {
  if (!CODE_PATTERN.test(code)) return 'invalid';
  return taken.has(code) ? 'taken' : null;
}

/** `Moving-in date` → `moving_in_date`; words cut at a word end to fit; '' when nothing is left. */
export function snakeCase(text: string): string {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  // A code starts with a letter: the words before the first that does move behind it.
  const first = words.findIndex((w) => /^[a-z]/.test(w));
  if (first < 0) return '';
  words.push(...words.splice(0, first));
  let out = '';
  for (const w of words) {
    const next = out === '' ? w : `${out}_${w}`;
    if (next.length > BASE_MAX) break;
    out = next;
  }
  return out === '' ? (words[0] ?? '').slice(0, BASE_MAX) : out;
}

/** Kana, Latin letters, digits and separators: what can be read without a dictionary. */
const READABLE = /^[\p{Script=Hiragana}\p{Script=Katakana}ー・\s\w-]+$/u;

/** The Japanese name in Hepburn romaji as snake_case (`てんにゅうび` → `tennyuubi`); null with kanji. */
export function romanised(name: string): string | null {
  const text = name.normalize('NFKC').trim();
  if (text === '' || !READABLE.test(text)) return null;
  const code = snakeCase(toRomaji(text.replace(/・/g, ' ')));
  return CODE_PATTERN.test(code) ? code : null;
}

/** `code` when free, else `code_2`, `code_3`… (the first free one). */
export function freeCode(code: string, taken: ReadonlySet<string>): string {
  if (!taken.has(code)) return code;
  const base = code.slice(0, BASE_MAX);
  let n = 2;
  while (taken.has(`${base}_${n}`)) n++;
  return `${base}_${n}`;
}

/** `prefix_001`, `prefix_002`…: the first not taken. */
export function sequentialCode(prefix: string, taken: ReadonlySet<string>): string {
  let n = 1;
  const at = (k: number) => `${prefix}_${String(k).padStart(3, '0')}`;
  while (taken.has(at(n))) n++;
  return at(n);
}

/** What a proposal reads: the Japanese name and, when given, its English. */
export interface Named {
  name: string;
  english?: string | undefined;
}

/** The code proposed for a name: English, else romanised kana, else sequential; never a taken one. */
export function proposeCode(named: Named, prefix: string, taken: ReadonlySet<string>): string {
  const english = snakeCase(named.english ?? '');
  const base = CODE_PATTERN.test(english) ? english : romanised(named.name);
  return base === null ? sequentialCode(prefix, taken) : freeCode(base, taken);
}

/**
 * The code after a rename: a code still as proposed for the old name (or none yet) follows the new name;
 * one the operator picked or typed stays.
 */
export function followName(
  current: string,
  before: Named,
  after: Named,
  prefix: string,
  taken: ReadonlySet<string>,
): string {
  if (current !== '' && current !== proposeCode(before, prefix, taken)) return current;
  return proposeCode(after, prefix, taken);
}
