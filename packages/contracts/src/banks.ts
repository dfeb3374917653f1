import { z } from 'zod';

/**
 * Bank and branch look-ups for the payment account items (decision 0043): the resident types a part of
 * the name (kanji, kana, hiragana or romaji) or of the code, and chooses; the server holds the data set
 * (zengin-code, MIT) and answers at most `BANK_LOOKUP_LIMIT` matches, never the whole list.
 */
export const BANK_LOOKUP_LIMIT = 20;

/** A name or code as typed: one to 40 characters after trimming (full-width digits allowed). */
const LookupText = z.string().trim().min(1, 'q is required').max(40, 'q is at most 40 characters');

export const BankQuery = z.object({
  /** Part of the bank's name (みずほ, ミズホ, mizuho) or the start of its 4-digit code. */
  q: LookupText,
});

export const BranchQuery = z.object({
  /** The bank's 4-digit code (金融機関コード). */
  bank_code: z.string().regex(/^[0-9]{4}$/, 'bank_code must be 4 digits'),
  /** Part of the branch's name or the start of its 3-digit code. */
  q: LookupText,
});

export const BankMatch = z.object({
  /** 金融機関コード, 4 digits. */
  code: z.string(),
  /** The name as the Zengin system writes it (みずほ, 三菱ＵＦＪ). */
  name: z.string(),
  /** The name in half-size-free katakana as the data gives it. */
  kana: z.string(),
});

export const BranchMatch = z.object({
  /** 支店コード, 3 digits. */
  code: z.string(),
  name: z.string(),
  kana: z.string(),
});

export const BankList = z.object({
  matches: z.array(BankMatch),
  /** More matched than were sent: the resident should type more of the name. */
  more: z.boolean(),
});

export const BranchList = z.object({
  matches: z.array(BranchMatch),
  more: z.boolean(),
});
