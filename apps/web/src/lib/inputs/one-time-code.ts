// The one-time-code input's rules (spec §9: length 6, digits only), apart from React for tests.

/** Length of a one-time code (spec §9). */
export const ONE_TIME_CODE_LENGTH = 6;

/**
 * The digits of what was typed or pasted, at most `length`: full-width digits count (NFKC), spaces,
 * hyphens and other characters are dropped, so "１２３ ４５６" and "123-456" both give "123456".
 */
export function sanitizeCode(text: string, length = ONE_TIME_CODE_LENGTH): string {
  return text.normalize('NFKC').replace(/\D/g, '').slice(0, length);
}

/** True when the code is complete: exactly `length` digits. */
export const isCompleteCode = (code: string, length = ONE_TIME_CODE_LENGTH) =>
  code.length === length && /^\d+$/.test(code);
