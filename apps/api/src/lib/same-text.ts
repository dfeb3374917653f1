import { timingSafeEqual } from 'node:crypto';

/**
 * Whether two texts are equal, in time that does not depend on where they differ: for comparing a sent
 * secret (a token, a state, a MAC) with the expected one. Texts of different lengths differ at once (a
 * length is no secret here: every token compared has a fixed length).
 */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
