import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/client.js';
import { storedSetting } from '../system/stored-setting.js';

/** The portal's key for `private_key_jwt` at the identity provider's token endpoint. */
export interface ClientKey {
  privateJwk: JWK;
  /** What the identity provider registers for the portal (no private members). */
  publicJwk: JWK;
  alg: string;
  kid: string;
}

export const CLIENT_KEY_SETTING = 'oidc_client_private_jwk';

const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

function algorithmOf(jwk: JWK): string {
  if (jwk.alg) return jwk.alg;
  if (jwk.kty === 'RSA') return 'RS256';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256') return 'ES256';
  if (jwk.kty === 'EC' && jwk.crv === 'P-384') return 'ES384';
  if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519') return 'EdDSA';
  throw new Error(`OIDC client key: cannot tell the algorithm of a ${jwk.kty} key; set "alg"`);
}

/** Reads a private JWK (OIDC_CLIENT_PRIVATE_JWK or the stored one) into the key the sign-in uses. */
export async function clientKeyFrom(text: string): Promise<ClientKey> {
  let jwk: JWK;
  try {
    jwk = JSON.parse(text) as JWK;
  } catch {
    throw new Error('OIDC client key: not a JSON Web Key');
  }
  if (typeof jwk !== 'object' || jwk === null || !jwk.kty || !jwk.d) {
    throw new Error('OIDC client key: a private JWK (with "d") is required');
  }
  const alg = algorithmOf(jwk);
  const kid = jwk.kid ?? (await calculateJwkThumbprint(jwk));
  const publicJwk: JWK = { ...jwk, kid, alg, use: 'sig' };
  for (const member of privateMembers) delete publicJwk[member];
  delete publicJwk.key_ops;
  return { privateJwk: { ...jwk, kid, alg }, publicJwk, alg, kid };
}

async function generateClientJwk(): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return JSON.stringify({ ...jwk, alg: 'RS256', use: 'sig', kid: await calculateJwkThumbprint(jwk) });
}

/**
 * The configured key (OIDC_CLIENT_PRIVATE_JWK), else one generated on first use and kept in
 * `app_settings`, so the development identity provider and every portal process agree on it.
 */
export async function resolveClientKey(db: Db, configured: string | undefined): Promise<ClientKey> {
  return clientKeyFrom(configured ?? (await storedSetting(db, CLIENT_KEY_SETTING, generateClientJwk)));
}
