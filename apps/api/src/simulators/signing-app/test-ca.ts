/**
 * A local stand-in for the JPKI signing hierarchy: a self-signed root, an issuing ("signing") CA under it, end-entity
 * signing certificates with the JPKI profile, and CRLs from the issuing CA. For development and tests only.
 *
 *   root     C=JP, O=JPKI-TEST, OU=<name>, CN=<name> Root CA                                 (20 years)
 *   issuing  C=JP, O=JPKI-TEST, OU=<name>, OU=JPKI for digital signature, CN=<name> Signing CA (10 years, pathLen 0)
 *   resident C=JP, L=<locality>, CN=<YYYYMMDD of issue><12 hex of SHA-256(resident.subject)>  (no name in the DN)
 */
import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { japanDateParts } from '@portal/rules';
import {
  CryptoInputError,
  InvalidResidentError,
  NoSigningCertificateError,
} from '../../modules/signatures/crypto/errors.js';
import { bytesToHex, toArrayBuffer, toPem } from '../../modules/signatures/crypto/encoding.js';
import {
  MIN_SIGNING_CERTIFICATE_AGE,
  ageOn,
  encodeJpkiSubjectAltName,
  readJpkiFacts,
  type JpkiFacts,
  type JpkiResident,
} from '../../modules/signatures/crypto/jpki-profile.js';
import { JPKI_OID, X509_OID } from '../../modules/signatures/crypto/oids.js';
import {
  addYears,
  buildName,
  certificateDer,
  encodeKeyUsage,
  exportPkcs8Pem,
  floorToSecond,
  generateRsaKeyPair,
  importPkcs8Pem,
  keyIdentifier,
  makeExtension,
  nameToString,
  normalizeSerialHex,
  parseCertificate,
  randomSerial,
  readSubjectKeyId,
  serialFromHex,
  serialHexOf,
  signWithSha256Rsa,
  spkiDer,
  toAsn1Time,
  type CryptoKey,
  type DnAttribute,
  type KeyUsageName,
} from '../../modules/signatures/crypto/pki.js';

export const DEFAULT_TEST_CA_NAME = 'Portal Test JPKI';
/** CRL distribution point written into certificates when the caller gives none (`.test` never resolves). */
export const DEFAULT_TEST_CRL_URL = 'http://jpki.test/crl/sign.crl';
/** Locality of the subject DN when the caller gives none: the demo municipality デモ市 (999999). */
export const DEFAULT_TEST_LOCALITY = 'Demo-shi';

/** What to keep in a settings table to reload the CA later (plain JSON). */
export interface StoredTestCa {
  format: 'portal-test-jpki-ca/1';
  rootCertificatePem: string;
  rootPrivateKeyPem: string;
  issuingCertificatePem: string;
  issuingPrivateKeyPem: string;
}

export interface TestCaMember {
  certificate: pkijs.Certificate;
  certificatePem: string;
  privateKey: CryptoKey;
  subjectDn: string;
  /** subjectKeyIdentifier, hex. */
  keyId: string;
}

export interface TestCa {
  /** Serialisable form: certificates and PKCS#8 private keys as PEM. */
  stored: StoredTestCa;
  root: TestCaMember;
  issuing: TestCaMember;
  /** [root, issuing] PEMs, the list to pass as `trustedCaPems` when verifying. */
  trustedCaPems: string[];
}

export interface CreateTestCaOptions {
  /** Goes into the CA names; lets two test CAs be told apart. Default DEFAULT_TEST_CA_NAME. */
  name?: string;
  /** Start of validity of both CA certificates. */
  now: Date;
  rootValidityYears?: number;
  issuingValidityYears?: number;
}

async function caMember(certificate: pkijs.Certificate, privateKey: CryptoKey): Promise<TestCaMember> {
  const keyId =
    readSubjectKeyId(certificate.extensions) ?? (await keyIdentifier(certificate.subjectPublicKeyInfo));
  return {
    certificate,
    certificatePem: toPem(certificateDer(certificate), 'CERTIFICATE'),
    privateKey,
    subjectDn: nameToString(certificate.subject),
    keyId: bytesToHex(keyId),
  };
}

interface CertificateTemplate {
  serial: asn1js.Integer;
  issuer: pkijs.RelativeDistinguishedNames;
  subject: pkijs.RelativeDistinguishedNames;
  notBefore: Date;
  notAfter: Date;
  publicKey: CryptoKey;
  signingKey: CryptoKey;
  extensions: pkijs.Extension[];
}

async function signCertificate(t: CertificateTemplate): Promise<pkijs.Certificate> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = t.serial;
  cert.issuer = t.issuer;
  cert.subject = t.subject;
  cert.notBefore = toAsn1Time(t.notBefore);
  cert.notAfter = toAsn1Time(t.notAfter);
  await cert.subjectPublicKeyInfo.importKey(t.publicKey);
  cert.extensions = t.extensions;
  await signWithSha256Rsa(cert, t.signingKey);
  // Round-trip through DER so that the returned object is exactly what a verifier will parse.
  return parseCertificate(certificateDer(cert));
}

async function keyIdExtensions(
  publicKey: CryptoKey,
  authorityKeyId: Uint8Array | null,
): Promise<{ ski: Uint8Array; extensions: pkijs.Extension[] }> {
  const spki = new pkijs.PublicKeyInfo();
  await spki.importKey(publicKey);
  const ski = await keyIdentifier(spki);
  const extensions = [
    makeExtension(
      X509_OID.subjectKeyIdentifier,
      false,
      new asn1js.OctetString({ valueHex: toArrayBuffer(ski) }).toBER(false),
    ),
  ];
  if (authorityKeyId) {
    const aki = new pkijs.AuthorityKeyIdentifier({
      keyIdentifier: new asn1js.OctetString({ valueHex: toArrayBuffer(authorityKeyId) }),
    });
    extensions.push(makeExtension(X509_OID.authorityKeyIdentifier, false, aki.toSchema().toBER(false)));
  }
  return { ski, extensions };
}

function caExtensions(pathLenConstraint: number | undefined): pkijs.Extension[] {
  const bc = new pkijs.BasicConstraints(
    pathLenConstraint === undefined ? { cA: true } : { cA: true, pathLenConstraint },
  );
  return [
    makeExtension(X509_OID.basicConstraints, true, bc.toSchema().toBER(false)),
    makeExtension(X509_OID.keyUsage, true, encodeKeyUsage(['keyCertSign', 'cRLSign'])),
  ];
}

/** Creates a new root + issuing CA pair (two RSA-2048 key generations, well under a second). */
export async function createTestCa(options: CreateTestCaOptions): Promise<TestCa> {
  const label = options.name ?? DEFAULT_TEST_CA_NAME;
  const notBefore = floorToSecond(options.now);
  const rootName = buildName([
    ['C', 'JP'],
    ['O', 'JPKI-TEST'],
    ['OU', label],
    ['CN', `${label} Root CA`],
  ]);
  const issuingName = buildName([
    ['C', 'JP'],
    ['O', 'JPKI-TEST'],
    ['OU', label],
    ['OU', 'JPKI for digital signature'],
    ['CN', `${label} Signing CA`],
  ]);
  const [rootKeys, issuingKeys] = await Promise.all([generateRsaKeyPair(), generateRsaKeyPair()]);

  const rootIds = await keyIdExtensions(rootKeys.publicKey, null);
  const root = await signCertificate({
    serial: serialFromHex(bytesToHex(randomSerial())),
    issuer: rootName,
    subject: rootName,
    notBefore,
    notAfter: addYears(notBefore, options.rootValidityYears ?? 20),
    publicKey: rootKeys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [...caExtensions(undefined), ...rootIds.extensions],
  });

  const issuingIds = await keyIdExtensions(issuingKeys.publicKey, rootIds.ski);
  const issuing = await signCertificate({
    serial: serialFromHex(bytesToHex(randomSerial())),
    issuer: root.subject,
    subject: issuingName,
    notBefore,
    notAfter: addYears(notBefore, options.issuingValidityYears ?? 10),
    publicKey: issuingKeys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [...caExtensions(0), ...issuingIds.extensions],
  });

  const rootMember = await caMember(root, rootKeys.privateKey);
  const issuingMember = await caMember(issuing, issuingKeys.privateKey);
  return {
    stored: {
      format: 'portal-test-jpki-ca/1',
      rootCertificatePem: rootMember.certificatePem,
      rootPrivateKeyPem: await exportPkcs8Pem(rootKeys.privateKey),
      issuingCertificatePem: issuingMember.certificatePem,
      issuingPrivateKeyPem: await exportPkcs8Pem(issuingKeys.privateKey),
    },
    root: rootMember,
    issuing: issuingMember,
    trustedCaPems: [rootMember.certificatePem, issuingMember.certificatePem],
  };
}

async function assertKeyMatchesCertificate(
  key: CryptoKey,
  cert: pkijs.Certificate,
  what: string,
): Promise<void> {
  const probe = new Uint8Array([1, 2, 3]);
  const signature = await webcrypto.subtle.sign(key.algorithm.name, key, probe);
  const publicKey = await webcrypto.subtle.importKey(
    'spki',
    toArrayBuffer(spkiDer(cert)),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  if (!(await webcrypto.subtle.verify('RSASSA-PKCS1-v1_5', publicKey, signature, probe))) {
    throw new CryptoInputError(`stored test CA: the ${what} private key does not belong to its certificate`);
  }
}

/** Reloads a CA saved with `ca.stored`; checks that each key matches its certificate and the issuing CA chains to the root. */
export async function loadTestCa(stored: StoredTestCa): Promise<TestCa> {
  if (stored.format !== 'portal-test-jpki-ca/1')
    throw new CryptoInputError(`unknown stored test CA format "${String(stored.format)}"`);
  const root = parseCertificate(stored.rootCertificatePem);
  const issuing = parseCertificate(stored.issuingCertificatePem);
  const [rootKey, issuingKey] = await Promise.all([
    importPkcs8Pem(stored.rootPrivateKeyPem),
    importPkcs8Pem(stored.issuingPrivateKeyPem),
  ]);
  await assertKeyMatchesCertificate(rootKey, root, 'root');
  await assertKeyMatchesCertificate(issuingKey, issuing, 'issuing');
  if (!(await issuing.verify(root)))
    throw new CryptoInputError('stored test CA: the issuing CA is not signed by the root');
  const rootMember = await caMember(root, rootKey);
  const issuingMember = await caMember(issuing, issuingKey);
  return {
    stored: { ...stored },
    root: rootMember,
    issuing: issuingMember,
    trustedCaPems: [rootMember.certificatePem, issuingMember.certificatePem],
  };
}

// ---------------------------------------------------------------------------------------------- end entities

export interface IssueSigningCertificateOptions {
  /** Issuance instant: start of validity and the day the age rule is applied on (Japan time). */
  now: Date;
  /** Default 5; the certificate never outlives the issuing CA. */
  validityYears?: number;
  /** CRL distribution point URL. Default DEFAULT_TEST_CRL_URL. */
  crlUrl?: string;
  /** Locality (L) of the subject DN. Default DEFAULT_TEST_LOCALITY. */
  locality?: string;
  /**
   * TEST ONLY: deviate from the JPKI signing profile to exercise verifier failures (e.g. no nonRepudiation, or
   * the authentication policy). Never set this outside tests.
   */
  testOnlyProfileOverrides?: { keyUsage?: KeyUsageName[]; policies?: string[] };
}

export interface IssuedSigningCertificate {
  certificatePem: string;
  certificateDer: Uint8Array;
  /** The resident's key as PKCS#8 PEM (the stand-in app keeps it to sign with). */
  privateKeyPem: string;
  privateKey: CryptoKey;
  /** Lowercase hex, leading zero bytes dropped: the form issueCrl and the verifier use. */
  serial: string;
  subjectDn: string;
  notBefore: Date;
  notAfter: Date;
  facts: JpkiFacts;
  /** Issuing CA then root, PEM. */
  chainPems: string[];
}

/** Issues a JPKI-profile signing certificate for a resident; NoSigningCertificateError under 15. */
export async function issueSigningCertificate(
  ca: TestCa,
  resident: JpkiResident,
  options: IssueSigningCertificateOptions,
): Promise<IssuedSigningCertificate> {
  const age = ageOn(resident.birth_date, options.now);
  if (age < 0) throw new InvalidResidentError(`birth_date ${resident.birth_date} is after the issuance date`);
  if (age < MIN_SIGNING_CERTIFICATE_AGE)
    throw new NoSigningCertificateError(age, MIN_SIGNING_CERTIFICATE_AGE);
  if (!resident.subject) throw new InvalidResidentError('subject (stable resident id) is empty');
  const sanDer = encodeJpkiSubjectAltName(resident);

  const notBefore = floorToSecond(options.now);
  const caNotAfter = ca.issuing.certificate.notAfter.value;
  if (notBefore < ca.issuing.certificate.notBefore.value || notBefore >= caNotAfter) {
    throw new RangeError('the issuing CA is not valid at the issuance time');
  }
  const wanted = addYears(notBefore, options.validityYears ?? 5);
  const notAfter = wanted < caNotAfter ? wanted : caNotAfter;

  const { year, month, day } = japanDateParts(options.now);
  const issueDay = `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
  const subjectHash = createHash('sha256')
    .update(resident.subject, 'utf8')
    .digest('hex')
    .slice(0, 12)
    .toUpperCase();
  const subjectDn: DnAttribute[] = [
    ['C', 'JP'],
    ['L', options.locality ?? DEFAULT_TEST_LOCALITY],
    ['CN', `${issueDay}${subjectHash}`],
  ];

  const overrides = options.testOnlyProfileOverrides;
  const keys = await generateRsaKeyPair();
  const ids = await keyIdExtensions(keys.publicKey, Buffer.from(ca.issuing.keyId, 'hex'));
  const policies = new pkijs.CertificatePolicies({
    certificatePolicies: (overrides?.policies ?? [JPKI_OID.policySigning]).map(
      (policyIdentifier) => new pkijs.PolicyInformation({ policyIdentifier }),
    ),
  });
  const crlDp = new pkijs.CRLDistributionPoints({
    distributionPoints: [
      new pkijs.DistributionPoint({
        distributionPoint: [
          new pkijs.GeneralName({ type: 6, value: options.crlUrl ?? DEFAULT_TEST_CRL_URL }),
        ],
      }),
    ],
  });
  const extensions = [
    makeExtension(
      X509_OID.keyUsage,
      true,
      encodeKeyUsage(overrides?.keyUsage ?? ['digitalSignature', 'nonRepudiation']),
    ),
    makeExtension(X509_OID.certificatePolicies, true, policies.toSchema().toBER(false)),
    makeExtension(X509_OID.subjectAltName, false, sanDer),
    makeExtension(X509_OID.crlDistributionPoints, false, crlDp.toSchema().toBER(false)),
    ...ids.extensions,
  ];

  const cert = await signCertificate({
    serial: serialFromHex(bytesToHex(randomSerial())),
    issuer: ca.issuing.certificate.subject,
    subject: buildName(subjectDn),
    notBefore,
    notAfter,
    publicKey: keys.publicKey,
    signingKey: ca.issuing.privateKey,
    extensions,
  });
  const facts = readJpkiFacts(cert);
  if (!facts) throw new Error('issued certificate lost its JPKI facts'); // cannot happen: we just wrote them
  const der = certificateDer(cert);
  return {
    certificatePem: toPem(der, 'CERTIFICATE'),
    certificateDer: der,
    privateKeyPem: await exportPkcs8Pem(keys.privateKey),
    privateKey: keys.privateKey,
    serial: serialHexOf(cert.serialNumber),
    subjectDn: nameToString(cert.subject),
    notBefore: cert.notBefore.value,
    notAfter: cert.notAfter.value,
    facts,
    chainPems: [ca.issuing.certificatePem, ca.root.certificatePem],
  };
}

// ---------------------------------------------------------------------------------------------- CRLs

/** RFC 5280 CRLReason names (value 7 is unused). */
export const CRL_REASON_CODES = {
  unspecified: 0,
  keyCompromise: 1,
  cACompromise: 2,
  affiliationChanged: 3,
  superseded: 4,
  cessationOfOperation: 5,
  certificateHold: 6,
  removeFromCRL: 8,
  privilegeWithdrawn: 9,
  aACompromise: 10,
} as const;
export type CrlReason = keyof typeof CRL_REASON_CODES;

export interface RevokedCertificateEntry {
  /** Hex serial, as in IssuedSigningCertificate.serial (case, colons and leading zeros do not matter). */
  serial: string;
  revokedAt: Date;
  reason?: CrlReason;
}

export interface IssueCrlOptions {
  now: Date;
  nextUpdateHours: number;
  /** Default: seconds since the epoch of `now`, which increases with every later CRL. */
  crlNumber?: number;
}

export interface IssuedCrl {
  der: Uint8Array;
  pem: string;
  thisUpdate: Date;
  nextUpdate: Date;
  crlNumber: number;
}

/** A v2 CRL from the issuing CA (authorityKeyIdentifier and cRLNumber extensions, reason codes per entry). */
export async function issueCrl(
  ca: TestCa,
  revoked: readonly RevokedCertificateEntry[],
  options: IssueCrlOptions,
): Promise<IssuedCrl> {
  if (!(options.nextUpdateHours > 0)) throw new RangeError('nextUpdateHours must be positive');
  const thisUpdate = floorToSecond(options.now);
  const nextUpdate = floorToSecond(new Date(thisUpdate.getTime() + options.nextUpdateHours * 3600_000));
  const crlNumber = options.crlNumber ?? Math.floor(thisUpdate.getTime() / 1000);

  const seen = new Set<string>();
  const entries = revoked.map((entry) => {
    const serial = normalizeSerialHex(entry.serial);
    if (seen.has(serial)) throw new RangeError(`serial ${serial} is listed twice`);
    seen.add(serial);
    const reason = entry.reason && entry.reason !== 'unspecified' ? CRL_REASON_CODES[entry.reason] : null;
    return new pkijs.RevokedCertificate({
      userCertificate: serialFromHex(serial),
      revocationDate: toAsn1Time(entry.revokedAt),
      ...(reason === null
        ? {}
        : {
            crlEntryExtensions: new pkijs.Extensions({
              extensions: [
                makeExtension(
                  X509_OID.crlReason,
                  false,
                  new asn1js.Enumerated({ value: reason }).toBER(false),
                ),
              ],
            }),
          }),
    });
  });

  const aki = new pkijs.AuthorityKeyIdentifier({
    keyIdentifier: new asn1js.OctetString({ valueHex: toArrayBuffer(Buffer.from(ca.issuing.keyId, 'hex')) }),
  });
  const crl = new pkijs.CertificateRevocationList({
    version: 1,
    issuer: ca.issuing.certificate.subject,
    thisUpdate: toAsn1Time(thisUpdate),
    nextUpdate: toAsn1Time(nextUpdate),
    // RFC 5280: an empty list is omitted, not encoded as an empty SEQUENCE.
    ...(entries.length > 0 ? { revokedCertificates: entries } : {}),
    crlExtensions: new pkijs.Extensions({
      extensions: [
        makeExtension(X509_OID.authorityKeyIdentifier, false, aki.toSchema().toBER(false)),
        makeExtension(X509_OID.crlNumber, false, new asn1js.Integer({ value: crlNumber }).toBER(false)),
      ],
    }),
  });
  await signWithSha256Rsa(crl, ca.issuing.privateKey);
  const der = new Uint8Array(crl.toSchema().toBER(false));
  return { der, pem: toPem(der, 'X509 CRL'), thisUpdate, nextUpdate, crlNumber };
}
