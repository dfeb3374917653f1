/**
 * Verification of a JPKI-style signature over a SHA-256 digest. Never throws for bad input: every failed check
 * becomes a human-readable entry in `problems` and a `failed` status in `checks`; `valid` is true only when every
 * check passed.
 *
 * Checks: the certificate parses and is within its validity period; the raw RSA PKCS#1 v1.5 signature is over
 * DigestInfo(SHA-256, digest) under the certificate's key (RSA ≥ 2048); a chain of signatures leads to a
 * self-signed root among `trustedCaPems` (each CA valid at `now`, basicConstraints cA, keyCertSign, pathLen,
 * SHA-2 RSA signatures, no unknown critical extension); keyUsage has digitalSignature and nonRepudiation and the
 * JPKI signing policy is present; the issuer's CRL is signed by the issuer, current at `now`, and does not list
 * the certificate; the JPKI subjectAltName facts parse.
 */
import { constants, createPublicKey, publicDecrypt, timingSafeEqual, type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import type * as pkijs from 'pkijs';
import { bytesEqual, pemBlocks, toArrayBuffer } from './encoding.js';
import { readJpkiFacts, type JpkiFacts, type JpkiSex } from './jpki-profile.js';
import { ACCEPTED_SIGNATURE_ALGORITHMS, JPKI_OID, X509_OID } from './oids.js';
import {
  certificateDer,
  extensionBytes,
  findExtension,
  isSelfIssued,
  nameToString,
  parseCertificate,
  parseCrl,
  readBasicConstraints,
  readKeyUsage,
  readPolicies,
  serialHexOf,
  spkiDer,
} from './pki.js';
import { isSha256DigestInfo, sha256DigestInfo } from './sign.js';

export interface VerifySignatureInput {
  /** SHA-256 of the signed document, hex. */
  digestHex: string;
  /** Raw RSA PKCS#1 v1.5 signature as returned by the app. */
  signature: Uint8Array;
  certificatePem: string;
  /** Trust anchors (self-signed roots) and trusted intermediates, PEM (several blocks per string allowed). */
  trustedCaPems: string[];
  /** Further, untrusted certificates that may complete the chain (e.g. taken from a CMS container). */
  intermediatePems?: string[];
  /** CRLs; the one from the certificate's issuer decides revocation. */
  crlPems: string[];
  /** The instant of verification: validity periods and CRL freshness are judged at this time. */
  now: Date;
}

export type VerificationCheck =
  'certificate' | 'signature' | 'validity' | 'chain' | 'keyUsage' | 'policy' | 'revocation' | 'facts';
export type CheckStatus = 'ok' | 'failed' | 'not_checked';

export interface SignerSubject {
  name: string;
  birth_date: string;
  sex: JpkiSex;
  address: string;
}

export interface SignatureVerification {
  valid: boolean;
  /** One sentence per failed check; empty when valid. */
  problems: string[];
  checks: Record<VerificationCheck, CheckStatus>;
  /** The four basic facts; null when the certificate carries none (or does not parse). */
  subject: SignerSubject | null;
  facts: JpkiFacts | null;
  /** Certificate serial, lowercase hex without leading zero bytes. */
  serial: string | null;
  /** Issuer DN, "C=JP, O=..., CN=..." in encoding order. */
  issuer: string | null;
  subjectDn: string | null;
  notAfter: Date | null;
  /** Subject DNs from the signer up to the trusted root, when the chain was built. */
  chain: string[];
  /** Set when the issuer's CRL lists the certificate. */
  revokedAt: Date | null;
}

/** Extensions this verifier understands; any other critical extension makes a certificate unacceptable. */
const UNDERSTOOD_CRITICAL_EXTENSIONS = new Set<string>([
  X509_OID.keyUsage,
  X509_OID.basicConstraints,
  X509_OID.certificatePolicies,
  X509_OID.subjectAltName,
]);
const UNDERSTOOD_CRITICAL_CRL_EXTENSIONS = new Set<string>([
  X509_OID.authorityKeyIdentifier,
  X509_OID.crlNumber,
]);
const MAX_CHAIN_LENGTH = 6;
const CRL_REASON_NAMES: Record<number, string> = {
  0: 'unspecified',
  1: 'keyCompromise',
  2: 'cACompromise',
  3: 'affiliationChanged',
  4: 'superseded',
  5: 'cessationOfOperation',
  6: 'certificateHold',
  8: 'removeFromCRL',
  9: 'privilegeWithdrawn',
  10: 'aACompromise',
};

interface Candidate {
  cert: pkijs.Certificate;
  der: Uint8Array;
  anchor: boolean;
}

const iso = (d: Date): string => d.toISOString();

function validityProblem(cert: pkijs.Certificate, now: Date, what: string): string | null {
  if (now < cert.notBefore.value) return `${what} is not valid yet (notBefore ${iso(cert.notBefore.value)})`;
  if (now > cert.notAfter.value) return `${what} expired on ${iso(cert.notAfter.value)}`;
  return null;
}

function unknownCriticalExtension(cert: pkijs.Certificate): string | null {
  const ext = cert.extensions?.find((e) => e.critical && !UNDERSTOOD_CRITICAL_EXTENSIONS.has(e.extnID));
  return ext ? ext.extnID : null;
}

async function signedBy(child: pkijs.Certificate, issuer: pkijs.Certificate): Promise<boolean> {
  if (!child.issuer.isEqual(issuer.subject)) return false;
  if (!ACCEPTED_SIGNATURE_ALGORITHMS.includes(child.signatureAlgorithm.algorithmId)) return false;
  try {
    return await child.verify(issuer);
  } catch {
    return false;
  }
}

function parseAll(pems: readonly string[], label: string): { items: Uint8Array[]; bad: number } {
  const items: Uint8Array[] = [];
  let bad = 0;
  for (const pem of pems) {
    try {
      const blocks = pemBlocks(pem, label);
      if (blocks.length === 0) bad += 1;
      items.push(...blocks);
    } catch {
      bad += 1;
    }
  }
  return { items, bad };
}

async function loadCandidates(
  trusted: readonly string[],
  untrusted: readonly string[],
): Promise<Candidate[]> {
  const out: Candidate[] = [];
  const add = async (der: Uint8Array, fromTrusted: boolean): Promise<void> => {
    let cert: pkijs.Certificate;
    try {
      cert = parseCertificate(der);
    } catch {
      return;
    }
    const existing = out.find((c) => bytesEqual(c.der, der));
    const anchor = fromTrusted && isSelfIssued(cert) && (await signedBy(cert, cert));
    if (existing) existing.anchor ||= anchor;
    else out.push({ cert, der, anchor });
  };
  for (const der of parseAll(trusted, 'CERTIFICATE').items) await add(der, true);
  for (const der of parseAll(untrusted, 'CERTIFICATE').items) await add(der, false);
  return out;
}

/** Finds a certificate among the candidates whose name matches and whose key verifies `cert`'s signature. */
async function findIssuer(
  cert: pkijs.Certificate,
  candidates: readonly Candidate[],
  exclude: readonly Uint8Array[],
): Promise<Candidate | null> {
  for (const c of candidates) {
    if (exclude.some((der) => bytesEqual(der, c.der))) continue;
    if (await signedBy(cert, c.cert)) return c;
  }
  return null;
}

interface ChainResult {
  path: Candidate[];
  problems: string[];
}

async function buildChain(
  leaf: pkijs.Certificate,
  leafDer: Uint8Array,
  candidates: Candidate[],
  now: Date,
): Promise<ChainResult> {
  const issuerDn = nameToString(leaf.issuer);
  const untrusted = `the certificate is not issued by a trusted CA (no trusted CA "${issuerDn}" whose key verifies its signature)`;
  if (isSelfIssued(leaf))
    return { path: [], problems: ['the certificate is self-issued; it is not issued by a trusted CA'] };
  const path: Candidate[] = [];
  let current = leaf;
  const seen = [leafDer];
  for (let depth = 0; depth < MAX_CHAIN_LENGTH; depth += 1) {
    const issuer = await findIssuer(current, candidates, seen);
    if (!issuer) {
      return {
        path,
        problems: [depth === 0 ? untrusted : `the chain from "${issuerDn}" does not reach a trusted root CA`],
      };
    }
    path.push(issuer);
    seen.push(issuer.der);
    if (issuer.anchor) break;
    if (isSelfIssued(issuer.cert)) {
      return {
        path,
        problems: [`the chain ends at the root "${nameToString(issuer.cert.subject)}", which is not trusted`],
      };
    }
    current = issuer.cert;
  }
  const last = path[path.length - 1];
  if (!last?.anchor)
    return { path, problems: ['the certificate chain is too long or does not reach a trusted root CA'] };

  // Constraints on each CA of the path, path[0] being the signer's issuer.
  const problems: string[] = [];
  path.forEach(({ cert }, index) => {
    const dn = nameToString(cert.subject);
    const expired = validityProblem(cert, now, `the CA certificate "${dn}"`);
    if (expired) problems.push(expired);
    let bc: ReturnType<typeof readBasicConstraints> = null;
    let ku: ReturnType<typeof readKeyUsage> = null;
    try {
      bc = readBasicConstraints(cert.extensions);
      ku = readKeyUsage(cert.extensions);
    } catch {
      problems.push(`the CA certificate "${dn}" has malformed extensions`);
      return;
    }
    if (!bc?.cA) problems.push(`"${dn}" is not a CA certificate (basicConstraints cA is not set)`);
    if (ku && !ku.has('keyCertSign'))
      problems.push(`the CA certificate "${dn}" may not sign certificates (no keyCertSign)`);
    // `index` non-self-issued intermediates sit between this CA and the signer.
    if (bc?.pathLength !== undefined && index > bc.pathLength) {
      problems.push(
        `the CA certificate "${dn}" allows a path length of ${bc.pathLength}, the chain needs ${index}`,
      );
    }
    const critical = unknownCriticalExtension(cert);
    if (critical)
      problems.push(`the CA certificate "${dn}" has an unsupported critical extension ${critical}`);
  });
  return { path, problems };
}

function publicKeyOf(cert: pkijs.Certificate): KeyObject {
  return createPublicKey({ key: Buffer.from(spkiDer(cert)), format: 'der', type: 'spki' });
}

/**
 * null when `signature` is a valid RSA PKCS#1 v1.5 signature of DigestInfo(SHA-256, digestHex) under the
 * certificate's key (RSA, at least 2048 bits); otherwise the reason. Only the signature, nothing about trust.
 */
export function digestSignatureProblem(
  cert: pkijs.Certificate,
  digestHex: string,
  signature: Uint8Array,
): string | null {
  let expected: Uint8Array;
  try {
    expected = sha256DigestInfo(digestHex);
  } catch {
    return 'the document digest is not a SHA-256 value (64 hexadecimal characters)';
  }
  let key: KeyObject;
  try {
    key = publicKeyOf(cert);
  } catch {
    return "the certificate's public key cannot be read";
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa') return "the certificate's key is not an RSA key";
  if (bits < 2048) return `the certificate's RSA key is too short (${bits} bits, at least 2048 required)`;
  const invalid =
    "the signature is not valid under the certificate's public key (it was made with another key or is corrupted)";
  if (signature.length !== Math.ceil(bits / 8)) return invalid;
  let recovered: Buffer;
  try {
    recovered = publicDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, signature);
  } catch {
    return invalid;
  }
  if (recovered.length === expected.length && timingSafeEqual(recovered, expected)) return null;
  if (isSha256DigestInfo(recovered)) {
    return 'the signature was made over a different SHA-256 digest: the document is not the one that was signed (changed after signing?)';
  }
  return invalid;
}

interface RevocationResult {
  status: CheckStatus;
  problems: string[];
  revokedAt: Date | null;
}

async function checkRevocation(
  leaf: pkijs.Certificate,
  issuer: pkijs.Certificate | null,
  crlPems: readonly string[],
  now: Date,
): Promise<RevocationResult> {
  const issuerDn = nameToString(leaf.issuer);
  const { items, bad } = parseAll(crlPems, 'X509 CRL');
  const crls: pkijs.CertificateRevocationList[] = [];
  for (const der of items) {
    try {
      crls.push(parseCrl(der));
    } catch {
      // counted below with the unreadable PEMs
    }
  }
  const unreadable = bad + items.length - crls.length;
  const fromIssuer = crls.filter((crl) => crl.issuer.isEqual(leaf.issuer));
  if (fromIssuer.length === 0) {
    const note = unreadable > 0 ? ` (${unreadable} supplied CRL(s) could not be read)` : '';
    return {
      status: 'failed',
      problems: [
        `no CRL from the issuing CA "${issuerDn}" was supplied; the revocation status is unknown${note}`,
      ],
      revokedAt: null,
    };
  }
  if (!issuer) {
    return {
      status: 'not_checked',
      problems: [
        `the revocation status cannot be checked: no certificate of the issuing CA "${issuerDn}" verifies the signing certificate`,
      ],
      revokedAt: null,
    };
  }
  let issuerKeyUsage: ReturnType<typeof readKeyUsage> = null;
  try {
    issuerKeyUsage = readKeyUsage(issuer.extensions);
  } catch {
    issuerKeyUsage = new Set();
  }

  const refusals: string[] = [];
  const accepted: pkijs.CertificateRevocationList[] = [];
  for (const crl of fromIssuer) {
    const signedOk =
      ACCEPTED_SIGNATURE_ALGORITHMS.includes(crl.signatureAlgorithm.algorithmId) &&
      (await crl.verify({ issuerCertificate: issuer }).catch(() => false));
    if (!signedOk) {
      refusals.push(`a CRL naming "${issuerDn}" as issuer is not signed by that CA and was refused`);
      continue;
    }
    if (issuerKeyUsage && !issuerKeyUsage.has('cRLSign')) {
      refusals.push(`the issuing CA "${issuerDn}" may not sign CRLs (no cRLSign); its CRL was refused`);
      continue;
    }
    const critical = crl.crlExtensions?.extensions.find(
      (e) => e.critical && !UNDERSTOOD_CRITICAL_CRL_EXTENSIONS.has(e.extnID),
    );
    if (critical) {
      refusals.push(
        `the CRL from "${issuerDn}" has an unsupported critical extension ${critical.extnID} and was refused`,
      );
      continue;
    }
    const next = crl.nextUpdate?.value;
    if (crl.thisUpdate.value > now) {
      refusals.push(`the CRL from "${issuerDn}" is not valid yet (thisUpdate ${iso(crl.thisUpdate.value)})`);
      continue;
    }
    if (!next) {
      refusals.push(`the CRL from "${issuerDn}" has no nextUpdate and cannot be judged current`);
      continue;
    }
    if (next < now) {
      refusals.push(
        `the CRL from "${issuerDn}" is out of date (nextUpdate ${iso(next)} has passed); fetch a current CRL`,
      );
      continue;
    }
    accepted.push(crl);
  }
  if (accepted.length === 0) return { status: 'failed', problems: refusals, revokedAt: null };

  const newest = accepted.reduce((a, b) => (b.thisUpdate.value > a.thisUpdate.value ? b : a));
  const serial = serialHexOf(leaf.serialNumber);
  const entry = newest.revokedCertificates?.find((r) => serialHexOf(r.userCertificate) === serial);
  if (!entry) return { status: 'ok', problems: [], revokedAt: null };
  const reasonExt = findExtension(entry.crlEntryExtensions?.extensions, X509_OID.crlReason);
  let reason = '';
  if (reasonExt) {
    const parsed = asn1js.fromBER(toArrayBuffer(extensionBytes(reasonExt))).result;
    if (parsed instanceof asn1js.Enumerated) {
      const code = parsed.valueBlock.valueDec;
      reason = ` (reason: ${CRL_REASON_NAMES[code] ?? String(code)})`;
    }
  }
  return {
    status: 'failed',
    problems: [`the certificate was revoked on ${iso(entry.revocationDate.value)}${reason}`],
    revokedAt: entry.revocationDate.value,
  };
}

function policyProblem(cert: pkijs.Certificate): string | null {
  let policies: string[] | null;
  try {
    policies = readPolicies(cert.extensions);
  } catch {
    return 'the certificatePolicies extension is malformed';
  }
  if (!policies) return 'the certificate has no certificatePolicies; the JPKI signing policy is required';
  const signing = JPKI_OID.policySigning;
  if (policies.some((p) => p === signing || p.startsWith(`${signing}.`))) return null;
  const auth = JPKI_OID.policyAuthentication;
  if (policies.some((p) => p === auth || p.startsWith(`${auth}.`))) {
    return 'this is an authentication certificate (利用者証明用); only a signing certificate (署名用) may sign';
  }
  return `the certificate lacks the JPKI signing policy ${signing}`;
}

function keyUsageProblem(cert: pkijs.Certificate): string | null {
  let usage: ReturnType<typeof readKeyUsage>;
  try {
    usage = readKeyUsage(cert.extensions);
  } catch {
    return 'the keyUsage extension is malformed';
  }
  if (!usage) return 'the certificate has no keyUsage; digitalSignature and nonRepudiation are required';
  const missing = (['digitalSignature', 'nonRepudiation'] as const).filter((u) => !usage.has(u));
  return missing.length === 0
    ? null
    : `the certificate's keyUsage lacks ${missing.join(' and ')}: it is not a signing certificate`;
}

/** Verifies a raw signature over a SHA-256 digest against a JPKI signing certificate. */
export async function verifySignature(input: VerifySignatureInput): Promise<SignatureVerification> {
  const checks: Record<VerificationCheck, CheckStatus> = {
    certificate: 'not_checked',
    signature: 'not_checked',
    validity: 'not_checked',
    chain: 'not_checked',
    keyUsage: 'not_checked',
    policy: 'not_checked',
    revocation: 'not_checked',
    facts: 'not_checked',
  };
  const result: SignatureVerification = {
    valid: false,
    problems: [],
    checks,
    subject: null,
    facts: null,
    serial: null,
    issuer: null,
    subjectDn: null,
    notAfter: null,
    chain: [],
    revokedAt: null,
  };
  const record = (check: VerificationCheck, problems: readonly (string | null)[]): void => {
    const real = problems.filter((p): p is string => p !== null);
    checks[check] = real.length === 0 ? 'ok' : 'failed';
    result.problems.push(...real);
  };

  let leaf: pkijs.Certificate;
  try {
    leaf = parseCertificate(input.certificatePem);
  } catch {
    record('certificate', ['the signing certificate is not a readable X.509 certificate']);
    return result;
  }
  const critical = unknownCriticalExtension(leaf);
  record('certificate', [critical && `the certificate has an unsupported critical extension ${critical}`]);
  const leafDer = certificateDer(leaf);
  result.serial = serialHexOf(leaf.serialNumber);
  result.issuer = nameToString(leaf.issuer);
  result.subjectDn = nameToString(leaf.subject);
  result.notAfter = leaf.notAfter.value;

  record('signature', [digestSignatureProblem(leaf, input.digestHex, input.signature)]);
  record('validity', [validityProblem(leaf, input.now, 'the signing certificate')]);

  const candidates = await loadCandidates(input.trustedCaPems, input.intermediatePems ?? []);
  const chain = await buildChain(leaf, leafDer, candidates, input.now);
  record('chain', chain.problems);
  if (chain.problems.length === 0)
    result.chain = [nameToString(leaf.subject), ...chain.path.map((c) => nameToString(c.cert.subject))];

  record('keyUsage', [keyUsageProblem(leaf)]);
  record('policy', [policyProblem(leaf)]);

  // The CRL must be signed by the CA that signed the certificate; without that CA it cannot be checked.
  const issuer = chain.path[0]?.cert ?? null;
  const revocation = await checkRevocation(leaf, issuer, input.crlPems, input.now);
  checks.revocation = revocation.status;
  result.problems.push(...revocation.problems);
  result.revokedAt = revocation.revokedAt;

  try {
    const facts = readJpkiFacts(leaf);
    if (facts) {
      result.facts = facts;
      result.subject = {
        name: facts.name,
        birth_date: facts.birth_date,
        sex: facts.sex,
        address: facts.address,
      };
      record('facts', []);
    } else {
      record('facts', [
        'the certificate carries no JPKI subject facts (subjectAltName otherName 1.2.392.200149.8.5.5.x)',
      ]);
    }
  } catch (error) {
    record('facts', [`the JPKI subject facts are malformed: ${(error as Error).message}`]);
  }

  result.valid = result.problems.length === 0 && Object.values(checks).every((s) => s === 'ok');
  return result;
}
