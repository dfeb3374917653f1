/**
 * Small X.509 helpers on top of pkijs/asn1js: parsing, names, times, serial numbers, extensions, keys.
 *
 * Why pkijs and not @peculiar/x509: @peculiar/x509 2.x loads tsyringe, which throws at import time unless a
 * global Reflect metadata polyfill (`reflect-metadata`) was loaded first. That package is not installed here, and
 * patching the global Reflect object from a library module would be a hidden side effect on the whole API
 * process, so this library uses pkijs + asn1js + node:crypto only.
 */
import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { CryptoInputError } from './errors.js';
import { bytesToHex, fromPem, hexToBytes, toArrayBuffer, toBytes, toPem } from './encoding.js';
import { ALG_OID, X509_OID } from './oids.js';

export type CryptoKey = webcrypto.CryptoKey;
export type CryptoKeyPair = webcrypto.CryptoKeyPair;

/** WebCrypto parameters of every key made here: RSA-2048, e = 65537, PKCS#1 v1.5 with SHA-256. */
export const RSA_KEY_ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
} as const;

export async function generateRsaKeyPair(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(RSA_KEY_ALGORITHM, true, ['sign', 'verify']);
}

export async function exportPkcs8Pem(key: CryptoKey): Promise<string> {
  return toPem(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
}

/** Imports an RSA PKCS#8 PEM as a WebCrypto signing key (RSASSA-PKCS1-v1_5 / SHA-256). */
export async function importPkcs8Pem(pem: string, extractable = false): Promise<CryptoKey> {
  try {
    return await webcrypto.subtle.importKey(
      'pkcs8',
      toArrayBuffer(fromPem(pem, 'PRIVATE KEY')),
      { name: RSA_KEY_ALGORITHM.name, hash: RSA_KEY_ALGORITHM.hash },
      extractable,
      ['sign'],
    );
  } catch (error) {
    if (error instanceof CryptoInputError) throw error;
    throw new CryptoInputError(`not an RSA PKCS#8 private key: ${(error as Error).message}`);
  }
}

/** sha256WithRSAEncryption with the NULL parameters RFC 4055 §5 requires (pkijs' own sign() leaves them out). */
export function sha256WithRsaAlgorithm(): pkijs.AlgorithmIdentifier {
  return new pkijs.AlgorithmIdentifier({
    algorithmId: ALG_OID.sha256WithRSAEncryption,
    algorithmParams: new asn1js.Null(),
  });
}

/**
 * Signs a certificate or CRL with RSASSA-PKCS1-v1_5/SHA-256: the same steps as pkijs' sign(), but with an
 * AlgorithmIdentifier that carries NULL parameters.
 */
export async function signWithSha256Rsa(
  target: pkijs.Certificate | pkijs.CertificateRevocationList,
  privateKey: CryptoKey,
): Promise<void> {
  target.signature = sha256WithRsaAlgorithm();
  target.signatureAlgorithm = sha256WithRsaAlgorithm();
  const tbs = (target.toSchema(true) as asn1js.Sequence).valueBlock.value[0];
  if (!tbs) throw new Error('pkijs produced no to-be-signed structure');
  target.tbsView = new Uint8Array(tbs.toBER(false));
  const signature = await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', privateKey, target.tbsView);
  target.signatureValue = new asn1js.BitString({ valueHex: signature });
}

// ---------------------------------------------------------------------------------------------- parsing

function derOf(input: string | Uint8Array | ArrayBuffer, label: string): Uint8Array {
  return typeof input === 'string' ? fromPem(input, label) : toBytes(input);
}

/** Parses a certificate from PEM or DER. */
export function parseCertificate(input: string | Uint8Array | ArrayBuffer): pkijs.Certificate {
  const der = derOf(input, 'CERTIFICATE');
  try {
    return pkijs.Certificate.fromBER(toArrayBuffer(der));
  } catch (error) {
    throw new CryptoInputError(`not an X.509 certificate: ${(error as Error).message}`);
  }
}

/** Parses a CRL from PEM or DER. */
export function parseCrl(input: string | Uint8Array | ArrayBuffer): pkijs.CertificateRevocationList {
  const der = derOf(input, 'X509 CRL');
  try {
    return pkijs.CertificateRevocationList.fromBER(toArrayBuffer(der));
  } catch (error) {
    throw new CryptoInputError(`not an X.509 CRL: ${(error as Error).message}`);
  }
}

/** DER bytes of a certificate (parsed certificates keep their original to-be-signed bytes). */
export function certificateDer(cert: pkijs.Certificate): Uint8Array {
  return new Uint8Array(cert.toSchema().toBER(false));
}

export function certificatePem(cert: pkijs.Certificate): string {
  return toPem(certificateDer(cert), 'CERTIFICATE');
}

// ---------------------------------------------------------------------------------------------- names

export type DnAttributeType = 'C' | 'ST' | 'L' | 'O' | 'OU' | 'CN' | 'serialNumber';
export type DnAttribute = readonly [type: DnAttributeType, value: string];

const DN_TYPES: Record<DnAttributeType, string> = {
  C: X509_OID.countryName,
  ST: X509_OID.stateOrProvinceName,
  L: X509_OID.localityName,
  O: X509_OID.organizationName,
  OU: X509_OID.organizationalUnitName,
  CN: X509_OID.commonName,
  serialNumber: X509_OID.serialNumber,
};
const DN_NAMES = new Map(Object.entries(DN_TYPES).map(([name, oid]) => [oid, name]));

/**
 * A distinguished name with one attribute per RDN, in the given order (C first, CN last, as JPKI does).
 * Country and serialNumber are PrintableString, everything else UTF8String. The DER is built here and parsed
 * into pkijs, because pkijs would encode a freshly built name as a single multi-valued RDN.
 */
export function buildName(attributes: readonly DnAttribute[]): pkijs.RelativeDistinguishedNames {
  const rdns = attributes.map(([type, value]) => {
    const printable = type === 'C' || type === 'serialNumber';
    return new asn1js.Set({
      value: [
        new asn1js.Sequence({
          value: [
            new asn1js.ObjectIdentifier({ value: DN_TYPES[type] }),
            printable ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value }),
          ],
        }),
      ],
    });
  });
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER(false));
}

/** "C=JP, L=..., CN=..." in encoding order (not the reversed RFC 4514 order). */
export function nameToString(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((tv) => {
      const label = DN_NAMES.get(tv.type) ?? tv.type;
      const raw: unknown = (tv.value.valueBlock as { value?: unknown }).value;
      return `${label}=${typeof raw === 'string' ? raw : bytesToHex(tv.value.valueBlock.valueBeforeDecodeView)}`;
    })
    .join(', ');
}

export function isSelfIssued(cert: pkijs.Certificate): boolean {
  return cert.subject.isEqual(cert.issuer);
}

// ---------------------------------------------------------------------------------------------- time

/** UTCTime up to 2049, GeneralizedTime from 2050, as RFC 5280 requires. */
export function toAsn1Time(date: Date): pkijs.Time {
  const year = date.getUTCFullYear();
  const type = year >= 1950 && year < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime;
  return new pkijs.Time({ type, value: floorToSecond(date) });
}

/** Certificates and CRLs carry whole seconds. */
export function floorToSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

/** Same UTC calendar date and time, `years` later (29 February rolls to 1 March). */
export function addYears(date: Date, years: number): Date {
  const d = new Date(date.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

// ---------------------------------------------------------------------------------------------- serials

/** 16 random bytes, positive and without a leading zero byte (about 126 bits of entropy). */
export function randomSerial(): Uint8Array {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x40;
  return bytes;
}

/** Canonical lowercase hex of a serial number: leading zero bytes dropped (at least one byte kept). */
export function normalizeSerialHex(hex: string): string {
  const clean = hex.replace(/[\s:]/g, '').toLowerCase();
  if (!/^[0-9a-f]+$/.test(clean)) throw new CryptoInputError(`serial "${hex}" is not hex`);
  const even = clean.length % 2 === 1 ? `0${clean}` : clean;
  return even.replace(/^(?:00)+(?=[0-9a-f]{2})/, '');
}

export function serialHexOf(serial: asn1js.Integer): string {
  return normalizeSerialHex(bytesToHex(serial.valueBlock.valueHexView));
}

/** ASN.1 INTEGER from a (positive) hex serial; a 00 byte is prefixed when the high bit is set. */
export function serialFromHex(hex: string): asn1js.Integer {
  let bytes = hexToBytes(normalizeSerialHex(hex));
  if (((bytes[0] ?? 0) & 0x80) !== 0) bytes = new Uint8Array([0, ...bytes]);
  return new asn1js.Integer({ valueHex: toArrayBuffer(bytes) });
}

// ---------------------------------------------------------------------------------------------- extensions

export function makeExtension(extnID: string, critical: boolean, value: ArrayBuffer): pkijs.Extension {
  return new pkijs.Extension({ extnID, critical, extnValue: value });
}

export function findExtension(
  extensions: readonly pkijs.Extension[] | undefined,
  oid: string,
): pkijs.Extension | undefined {
  return extensions?.find((e) => e.extnID === oid);
}

/** The DER inside the extension's OCTET STRING. */
export function extensionBytes(extension: pkijs.Extension): Uint8Array {
  return new Uint8Array(extension.extnValue.valueBlock.valueHexView);
}

function parseDer(bytes: Uint8Array, what: string): asn1js.AsnType {
  const parsed = asn1js.fromBER(toArrayBuffer(bytes));
  if (parsed.offset === -1 || parsed.offset !== bytes.length) throw new CryptoInputError(`malformed ${what}`);
  return parsed.result;
}

export const KEY_USAGE_BITS = [
  'digitalSignature',
  'nonRepudiation',
  'keyEncipherment',
  'dataEncipherment',
  'keyAgreement',
  'keyCertSign',
  'cRLSign',
  'encipherOnly',
  'decipherOnly',
] as const;
export type KeyUsageName = (typeof KEY_USAGE_BITS)[number];

/** DER of the KeyUsage BIT STRING with trailing zero bits removed (DER named-bit-list rule). */
export function encodeKeyUsage(usages: readonly KeyUsageName[]): ArrayBuffer {
  const indexes = usages.map((u) => KEY_USAGE_BITS.indexOf(u));
  if (indexes.length === 0) throw new CryptoInputError('keyUsage needs at least one bit');
  const highest = Math.max(...indexes);
  const bytes = new Uint8Array((highest >> 3) + 1);
  for (const i of indexes) bytes[i >> 3] = (bytes[i >> 3] ?? 0) | (0x80 >> (i & 7));
  return new asn1js.BitString({ valueHex: toArrayBuffer(bytes), unusedBits: 7 - (highest & 7) }).toBER(false);
}

export function readKeyUsage(extensions: readonly pkijs.Extension[] | undefined): Set<KeyUsageName> | null {
  const ext = findExtension(extensions, X509_OID.keyUsage);
  if (!ext) return null;
  const bits = parseDer(extensionBytes(ext), 'keyUsage extension');
  if (!(bits instanceof asn1js.BitString)) throw new CryptoInputError('keyUsage is not a BIT STRING');
  const bytes = bits.valueBlock.valueHexView;
  const out = new Set<KeyUsageName>();
  KEY_USAGE_BITS.forEach((name, i) => {
    if (((bytes[i >> 3] ?? 0) & (0x80 >> (i & 7))) !== 0) out.add(name);
  });
  return out;
}

export function readBasicConstraints(
  extensions: readonly pkijs.Extension[] | undefined,
): { cA: boolean; pathLength: number | undefined } | null {
  const ext = findExtension(extensions, X509_OID.basicConstraints);
  if (!ext) return null;
  const bc = pkijs.BasicConstraints.fromBER(toArrayBuffer(extensionBytes(ext)));
  const len = bc.pathLenConstraint;
  return {
    cA: bc.cA,
    pathLength: len === undefined ? undefined : typeof len === 'number' ? len : len.valueBlock.valueDec,
  };
}

export function readPolicies(extensions: readonly pkijs.Extension[] | undefined): string[] | null {
  const ext = findExtension(extensions, X509_OID.certificatePolicies);
  if (!ext) return null;
  const policies = pkijs.CertificatePolicies.fromBER(toArrayBuffer(extensionBytes(ext)));
  return policies.certificatePolicies.map((p) => p.policyIdentifier);
}

export function readSubjectKeyId(extensions: readonly pkijs.Extension[] | undefined): Uint8Array | null {
  const ext = findExtension(extensions, X509_OID.subjectKeyIdentifier);
  if (!ext) return null;
  const octets = parseDer(extensionBytes(ext), 'subjectKeyIdentifier extension');
  if (!(octets instanceof asn1js.OctetString))
    throw new CryptoInputError('subjectKeyIdentifier is not an OCTET STRING');
  return new Uint8Array(octets.valueBlock.valueHexView);
}

/** RFC 5280 method 1 key identifier: SHA-1 of the subjectPublicKey BIT STRING contents. */
export async function keyIdentifier(spki: pkijs.PublicKeyInfo): Promise<Uint8Array> {
  const digest = await webcrypto.subtle.digest(
    'SHA-1',
    toArrayBuffer(new Uint8Array(spki.subjectPublicKey.valueBlock.valueHexView)),
  );
  return new Uint8Array(digest);
}

/** DER SubjectPublicKeyInfo of a certificate, e.g. for node:crypto createPublicKey. */
export function spkiDer(cert: pkijs.Certificate): Uint8Array {
  return new Uint8Array(cert.subjectPublicKeyInfo.toSchema().toBER(false));
}
