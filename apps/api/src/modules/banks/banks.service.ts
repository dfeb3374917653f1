import { BANK_LOOKUP_LIMIT } from '@portal/contracts';

/**
 * Bank and branch look-ups by name or code (decision 0043), over the Zengin bank and branch codes of the
 * `zengin-code` package (MIT; a new data release is a package upgrade). The data (about 1,150 banks and
 * 29,000 branches, 5 MB of JavaScript) is read on the first look-up of a process and indexed in memory:
 * each entry keeps one search key of its name, kana and romaji, normalized as the query is.
 *
 * Matching: the query, normalized (NFKC, katakana as hiragana, small kana as large, long-vowel marks and
 * spaces dropped, 銀行・支店 and similar endings dropped), is a part of the entry's key, or digits that
 * begin its code. Order: code matches, then names that begin with the query, then the rest, by code.
 * At most `BANK_LOOKUP_LIMIT` matches are answered, with `more` when others were left out.
 */
export interface BankMatch {
  code: string;
  name: string;
  kana: string;
}

export interface LookupResult {
  matches: BankMatch[];
  more: boolean;
}

export interface BankService {
  banks(query: string): Promise<LookupResult>;
  /** Branches of the bank of `bankCode`; null when no bank has that code. */
  branches(bankCode: string, query: string): Promise<LookupResult | null>;
}

interface Indexed extends BankMatch {
  keys: string[];
}

interface BankIndex {
  banks: Indexed[];
  branches: Map<string, Indexed[]>;
}

const SMALL_KANA: Record<string, string> = {
  ぁ: 'あ',
  ぃ: 'い',
  ぅ: 'う',
  ぇ: 'え',
  ぉ: 'お',
  っ: 'つ',
  ゃ: 'や',
  ゅ: 'ゆ',
  ょ: 'よ',
  ゎ: 'わ',
  ゕ: 'か',
  ゖ: 'け',
};

/** The form names and queries are compared in: the data writes キヨウ for キョウ and ＵＦＪ in full width. */
export function searchKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[ァ-ヶ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60))
    .replace(/[ぁぃぅぇぉっゃゅょゎゕゖ]/g, (c) => SMALL_KANA[c] ?? c)
    .replace(/[\s\u3000ー－\-‐・.．]/g, '');
}

/** Endings a resident adds that the data leaves out (みずほ銀行 → みずほ, 渋谷支店 → 渋谷). */
const ENDINGS: [RegExp, string][] = [
  [/信用金庫$|しんようきんこ$/, 'しんきん'],
  [/信用組合$|しんようくみあい$/, 'しんくみ'],
  [/(銀行|ぎんこう|bank)$/, ''],
  [/(支店|してん|branch)$/, ''],
];

/** A query as compared: its search key without the endings above (never emptied by them). */
export function queryKey(query: string): string {
  const key = searchKey(query);
  let out = key;
  for (const [ending, replacement] of ENDINGS) out = out.replace(ending, replacement);
  return out === '' ? key : out;
}

const indexed = (e: { code: string; name: string; kana: string; hira: string; roma: string }): Indexed => ({
  code: e.code,
  name: e.name,
  kana: e.kana,
  keys: [...new Set([searchKey(e.name), searchKey(e.hira), searchKey(e.kana), searchKey(e.roma)])],
});

const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);

function lookUp(entries: readonly Indexed[], query: string): LookupResult {
  const key = queryKey(query);
  const digits = /^[0-9]+$/.test(key) ? key : null;
  const ranked: { entry: Indexed; rank: number }[] = [];
  for (const entry of entries) {
    let rank = -1;
    if (digits !== null && entry.code.startsWith(digits)) rank = 0;
    else if (entry.keys.some((k) => k.startsWith(key))) rank = 1;
    else if (entry.keys.some((k) => k.includes(key))) rank = 2;
    if (rank >= 0) ranked.push({ entry, rank });
  }
  ranked.sort((a, b) => a.rank - b.rank || byCode(a.entry, b.entry));
  return {
    matches: ranked
      .slice(0, BANK_LOOKUP_LIMIT)
      .map(({ entry: { code, name, kana } }) => ({ code, name, kana })),
    more: ranked.length > BANK_LOOKUP_LIMIT,
  };
}

/** `load` gives the data (the package by default; tests pass a few banks). */
export function createBankService(
  load: () => Promise<
    Record<
      string,
      {
        code: string;
        name: string;
        kana: string;
        hira: string;
        roma: string;
        branches: Record<string, { code: string; name: string; kana: string; hira: string; roma: string }>;
      }
    >
  > = async () => (await import('zengin-code')).default,
): BankService {
  let index: Promise<BankIndex> | null = null;
  // One load per process, shared by look-ups that arrive while it runs; a failed load is tried again.
  const ready = () => {
    index ??= load().then(
      (data) => {
        const banks = Object.values(data).map(indexed).sort(byCode);
        const branches = new Map(
          Object.values(data).map((b) => [b.code, Object.values(b.branches).map(indexed).sort(byCode)]),
        );
        return { banks, branches };
      },
      (error: unknown) => {
        index = null;
        throw error;
      },
    );
    return index;
  };
  return {
    async banks(query) {
      return lookUp((await ready()).banks, query);
    },
    async branches(bankCode, query) {
      const list = (await ready()).branches.get(bankCode);
      return list ? lookUp(list, query) : null;
    },
  };
}
