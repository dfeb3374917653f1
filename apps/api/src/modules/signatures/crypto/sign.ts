/**
 * Signing a precomputed SHA-256 digest the way the Digital Authentication App does: the relying party sends the
 * digest, the card signs the DER DigestInfo with RSA PKCS#1 v1.5 (EMSA-PKCS1-v1_5 with the hashing step already
 * done). WebCrypto's RSASSA-PKCS1-v1_5 `sign` would hash its input again, so this uses node:crypto
 * `privateEncrypt` with RSA_PKCS1_PADDING (block type 1) over the DigestInfo bytes. The result is byte-for-byte
 * the signature WebCrypto/OpenSSL would produce over the original document with SHA-256.
 */
import { KeyObject, constants, createHash, createPrivateKey, privateEncrypt } from 'node:crypto';
import { CryptoInputError } from './errors.js';
import { hexToBytes } from './encoding.js';
import type { CryptoKey } from './pki.js';

/** DER prefix of DigestInfo { AlgorithmIdentifier { sha256, NULL }, OCTET STRING (32) }. */
const SHA256_DIGEST_INFO_PREFIX = Uint8Array.from(
  Buffer.from('3031300d060960864801650304020105000420', 'hex'),
);

export type SigningKey = string | KeyObject | CryptoKey;

/** Lowercase hex SHA-256 of bytes (or of a UTF-8 string). */
export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Throws unless the value is 64 hex characters; returns it lowercased. */
export function assertSha256Hex(digestHex: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(digestHex)) {
    throw new CryptoInputError('digest must be a SHA-256 value: 64 hexadecimal characters');
  }
  return digestHex.toLowerCase();
}

/** The 51-byte DER DigestInfo for a SHA-256 digest given as hex. */
export function sha256DigestInfo(digestHex: string): Uint8Array {
  const digest = hexToBytes(assertSha256Hex(digestHex));
  const out = new Uint8Array(SHA256_DIGEST_INFO_PREFIX.length + digest.length);
  out.set(SHA256_DIGEST_INFO_PREFIX, 0);
  out.set(digest, SHA256_DIGEST_INFO_PREFIX.length);
  return out;
}

/** True when the bytes are a SHA-256 DigestInfo (so a recovered signature block names a different digest). */
export function isSha256DigestInfo(bytes: Uint8Array): boolean {
  return (
    bytes.length === SHA256_DIGEST_INFO_PREFIX.length + 32 &&
    SHA256_DIGEST_INFO_PREFIX.every((b, i) => bytes[i] === b)
  );
}

function privateKeyObject(key: SigningKey): KeyObject {
  let object: KeyObject;
  try {
    if (typeof key === 'string') object = createPrivateKey(key);
    else if (key instanceof KeyObject) object = key;
    else object = KeyObject.from(key);
  } catch (error) {
    throw new CryptoInputError(`unusable private key: ${(error as Error).message}`);
  }
  if (object.type !== 'private' || object.asymmetricKeyType !== 'rsa') {
    throw new CryptoInputError('signDigest needs an RSA private key');
  }
  return object;
}

/**
 * Raw RSA PKCS#1 v1.5 signature over DigestInfo(SHA-256, digest), as the Digital Authentication App returns it.
 * `privateKey`: PKCS#8/PKCS#1 PEM, a node KeyObject, or a WebCrypto CryptoKey (extractable or not).
 */
export function signDigest(privateKey: SigningKey, sha256HexDigest: string): Uint8Array {
  const digestInfo = sha256DigestInfo(sha256HexDigest);
  const signature = privateEncrypt(
    { key: privateKeyObject(privateKey), padding: constants.RSA_PKCS1_PADDING },
    digestInfo,
  );
  return new Uint8Array(signature);
}
