import { createHmac, randomInt } from 'node:crypto';
import { sameText } from '../../lib/same-text.js';

/** The secrets of notifications: one-time codes (stored hashed) and the unsubscribe link's signed token. */

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/** A new 6-digit code, every value equally likely (leading zeros kept). */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** What is stored of a code: keyed by the app secret and bound to the resident and the address. */
export const codeHash = (secret: string, who: { applicantId: string; email: string }, code: string) =>
  hmac(secret, `notification-code:${who.applicantId}:${who.email.toLowerCase()}:${code}`);

/** Whom an unsubscribe link stops mailing: a resident's address in one municipality. */
export interface UnsubscribeClaim {
  municipalityId: number;
  applicantId: string;
  email: string;
}

/** `payload.signature`, both base64url: works without signing in, and cannot be altered or forged. */
export function unsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(
    JSON.stringify({ m: claim.municipalityId, a: claim.applicantId, e: claim.email }),
  ).toString('base64url');
  return `${payload}.${hmac(secret, `unsubscribe:${payload}`)}`;
}

/** The claim of a token this portal signed, or null (altered, forged, or not a token at all). */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!sameText(signature, hmac(secret, `unsubscribe:${payload}`))) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof data.m !== 'number' || typeof data.a !== 'string' || typeof data.e !== 'string') return null;
    return { municipalityId: data.m, applicantId: data.a, email: data.e };
  } catch {
    return null;
  }
}
