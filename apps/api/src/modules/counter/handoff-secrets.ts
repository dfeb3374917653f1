import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { HANDOFF_CODE_ALPHABET, HANDOFF_CODE_LENGTH } from '@portal/contracts';

/** The QR code's token: 256 random bits. */
export const newHandoffToken = (): string => randomBytes(32).toString('base64url');

/** The short code a clerk types (8 of 31 letters and digits, about 40 bits; live 15 minutes, single use). */
export function newHandoffCode(): string {
  let code = '';
  for (let i = 0; i < HANDOFF_CODE_LENGTH; i++)
    code += HANDOFF_CODE_ALPHABET[randomInt(HANDOFF_CODE_ALPHABET.length)];
  return code;
}

/** ABCDEFGH as shown and read aloud: ABCD-EFGH. */
export const shownCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * Keyed hashes: a copy of the database alone cannot turn a stored code back into a usable one (the short
 * code has too few bits for a plain hash). The code's hash is per municipality.
 */
export const tokenHash = (secret: string, token: string) =>
  createHmac('sha256', secret).update(`handoff-token:${token}`).digest('base64url');
export const codeHash = (secret: string, municipalityId: number, code: string) =>
  createHmac('sha256', secret).update(`handoff-code:${municipalityId}:${code}`).digest('base64url');
