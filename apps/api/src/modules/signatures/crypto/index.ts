/** X.509 / signature library of the portal: JPKI profile, digest signing, verification, CMS containers. */
// The JPKI test CA belongs to the signing stand-in (simulators/signing-app/test-ca.ts), not to the portal.
export * from './errors.js';
export * from './oids.js';
export { bytesToHex, fromPem, hexToBytes, pemBlocks, toPem } from './encoding.js';
export {
  certificatePem,
  nameToString,
  normalizeSerialHex,
  parseCertificate,
  parseCrl,
  type CryptoKey,
  type KeyUsageName,
} from './pki.js';
export * from './jpki-profile.js';
export * from './sign.js';
export * from './verify.js';
export * from './cms.js';
