import { createHmac } from 'node:crypto';
import { sameText } from '../../lib/same-text.js';

/**
 * A small value a browser carries for a few minutes (an OpenID Connect transaction): JSON, base64url,
 * then an HMAC of the app secret bound to a purpose, so a value of one purpose never opens as another.
 * It is signed, not encrypted: put nothing in it the browser may not see.
 */
export function seal(secret: string, purpose: string, payload: object, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: expiresAt.getTime() })).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

/** The payload of a sealed value, or null when it was altered, belongs to another purpose or expired. */
export function unseal<T extends object>(
  secret: string,
  purpose: string,
  value: string | undefined,
  now: Date,
): T | null {
  if (!value || value.length > 4096) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const body = value.slice(0, dot);
  if (!sameText(value.slice(dot + 1), mac(secret, purpose, body))) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp?: unknown };
    if (typeof payload.exp !== 'number' || payload.exp <= now.getTime()) return null;
    return payload;
  } catch {
    return null;
  }
}

function mac(secret: string, purpose: string, body: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${body}`).digest('base64url');
}
