// An item's input check as a named format (decision 0055): each format is stored as what the runtime
// already evaluates (`pattern`, anchors implied, and `min_length`/`max_length`), and a stored check that
// is one of them reads back as that format; any other regular expression is the expert's own.
import type { StandardItem } from '@portal/contracts';

/** The formats in the order the picker offers them. */
export const ITEM_FORMATS = [
  'none',
  'postal_code',
  'phone',
  'katakana',
  'hiragana',
  'alphanumeric',
  'length',
  'custom',
] as const;
export type ItemFormat = (typeof ITEM_FORMATS)[number];

/** The pattern each named format stores first, then the spellings read as the same format. */
const PATTERNS: Record<Exclude<ItemFormat, 'none' | 'length' | 'custom'>, readonly string[]> = {
  postal_code: ['[0-9]{7}', '\\d{7}'],
  phone: ['0[0-9]{9,10}', '0\\d{9,10}'],
  katakana: ['[ァ-ヺー・　 ]+', '[\\u30A1-\\u30FA\\u30FC\\u30FB\\u3000 ]+', '[ァ-ヶー]+', '[ァ-ンー]+'],
  hiragana: ['[ぁ-ゖー　 ]+', '[\\u3041-\\u3096\\u30FC\\u3000 ]+', '[ぁ-んー]+'],
  alphanumeric: ['[A-Za-z0-9]+', '[a-zA-Z0-9]+', '[0-9A-Za-z]+', '[0-9a-zA-Z]+'],
};

/** Formats whose value has a fixed length: the length fields do not apply. */
export const fixedLength = (format: ItemFormat) => format === 'postal_code' || format === 'phone';

/** A stored pattern without the anchors the runtime adds anyway. */
const bare = (pattern: string) => pattern.trim().replace(/^\^/, '').replace(/\$$/, '');

/** The format a stored check reads as. */
export function formatOf(item: Pick<StandardItem, 'pattern' | 'min_length' | 'max_length'>): ItemFormat {
  if (item.pattern === null || item.pattern.trim() === '')
    return item.min_length === null && item.max_length === null ? 'none' : 'length';
  const p = bare(item.pattern);
  for (const [format, spellings] of Object.entries(PATTERNS))
    if (spellings.includes(p)) return format as ItemFormat;
  return 'custom';
}

/** The stored check for a picked format; a custom one keeps its pattern (the expert field edits it). */
export function withFormat<T extends Pick<StandardItem, 'pattern' | 'min_length' | 'max_length'>>(
  item: T,
  format: ItemFormat,
): T {
  switch (format) {
    case 'none':
      return { ...item, pattern: null, min_length: null, max_length: null };
    case 'length':
      return { ...item, pattern: null };
    case 'custom':
      return item;
    default: {
      const lengths = fixedLength(format) ? { min_length: null, max_length: null } : {};
      return { ...item, ...lengths, pattern: PATTERNS[format][0]! };
    }
  }
}

/** Whether a typed regular expression is one the runtime can use (`u` flag, anchors implied). */
export function patternProblem(pattern: string | null): boolean {
  if (pattern === null) return false;
  try {
    new RegExp(`^(?:${pattern})$`, 'u');
    return false;
  } catch {
    return true;
  }
}
