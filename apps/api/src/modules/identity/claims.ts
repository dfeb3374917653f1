import type { ApplicantUserProfile } from '@portal/contracts';
import type { z } from 'zod';

/**
 * The identity claims kept for a resident (`applicants.profile`, the prefill source `profile.*`):
 * the names of the applicant standard items, from the standard OpenID Connect claims where they exist.
 */
export interface IdentityProfile extends Record<string, string | null> {
  last_name: string;
  first_name: string;
  last_name_kana: string | null;
  first_name_kana: string | null;
  /** YYYY-MM-DD (claim `birthdate`). */
  birth_date: string | null;
  /** 'male' | 'female' (claim `gender`); other values are kept as null. */
  sex: string | null;
  /** Seven digits. */
  postal_code: string | null;
  address: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** "山田 太郎" → ["山田", "太郎"]: the family name first, split at the first space (U+3000 or U+0020). */
export function splitName(name: string | null): [string | null, string | null] {
  if (!name) return [null, null];
  const match = /^(\S+)\s+(.+)$/u.exec(name);
  return match ? [match[1]!, match[2]!.trim()] : [name, null];
}

/**
 * Maps userinfo claims to the profile. Standard claims win (`family_name`, `given_name`, `birthdate`,
 * `gender`, `address` as text or as the standard object with `formatted` / `postal_code`); the name is
 * split by the Digital Authentication App's convention otherwise; `name_kana` (and `family_name_kana` /
 * `given_name_kana`) carry the reading.
 */
export function profileFromClaims(claims: Record<string, unknown>): IdentityProfile {
  const [lastFromName, firstFromName] = splitName(text(claims.name));
  const [lastKana, firstKana] = splitName(text(claims.name_kana));
  const address = claims.address;
  const addressObject =
    typeof address === 'object' && address !== null ? (address as Record<string, unknown>) : null;
  const postal = (text(claims.postal_code) ?? text(addressObject?.postal_code))?.replace(/[-‐－\s]/g, '');
  const birthdate = text(claims.birthdate);
  const gender = text(claims.gender);
  return {
    last_name: text(claims.family_name) ?? lastFromName ?? '',
    first_name: text(claims.given_name) ?? firstFromName ?? '',
    last_name_kana: text(claims.family_name_kana) ?? lastKana,
    first_name_kana: text(claims.given_name_kana) ?? firstKana,
    birth_date: birthdate && /^\d{4}-\d{2}-\d{2}$/.test(birthdate) ? birthdate : null,
    sex: gender === 'male' || gender === 'female' ? gender : null,
    postal_code: postal && /^\d{7}$/.test(postal) ? postal : null,
    address: addressObject ? text(addressObject.formatted) : text(address),
  };
}

/** The contract's view of a stored profile (null when none was stored). */
export function userProfileView(
  profile: Record<string, string | null> | null | undefined,
): z.infer<typeof ApplicantUserProfile> | null {
  if (!profile) return null;
  const sex = profile.sex === 'male' || profile.sex === 'female' ? profile.sex : null;
  const birth =
    profile.birth_date && /^\d{4}-\d{2}-\d{2}$/.test(profile.birth_date) ? profile.birth_date : null;
  return {
    last_name: profile.last_name ?? '',
    first_name: profile.first_name ?? '',
    birth_date: birth,
    sex,
    address: profile.address ?? null,
  };
}

/** A profile kept in session data, read back defensively (null when absent or malformed). */
export function profileFromSessionData(data: Record<string, unknown>): IdentityProfile | null {
  const value = data.claims;
  if (typeof value !== 'object' || value === null) return null;
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(value)) out[k] = typeof v === 'string' ? v : null;
  if (typeof out.last_name !== 'string' || typeof out.first_name !== 'string') return null;
  return out as IdentityProfile;
}
