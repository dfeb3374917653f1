import { X509Certificate, webcrypto } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { NoSigningCertificateError } from './errors.js';
import { JPKI_OID } from './oids.js';
import { sha256Hex, signDigest } from './sign.js';
import {
  createTestCa,
  issueCrl,
  issueSigningCertificate,
  loadTestCa,
  type IssuedSigningCertificate,
  type TestCa,
} from '../../../simulators/signing-app/test-ca.js';
import type { JpkiResident } from './jpki-profile.js';
import { readJpkiFacts } from './jpki-profile.js';
import { verifySignature, type VerifySignatureInput } from './verify.js';
import { toArrayBuffer } from './encoding.js';

// 2026-04-01 12:00 in Japan.
const NOW = new Date('2026-04-01T03:00:00Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const adult: JpkiResident = {
  subject: 'resident-0001',
  last_name: '髙橋',
  first_name: '一郎',
  birth_date: '1985-06-15',
  sex: 'male',
  address: 'デモ県デモ市本町一丁目2番3号 𠮷野ハイツ101',
};
const document = new TextEncoder().encode('出生届 / birth notification, application 42');
const digest = sha256Hex(document);

let ca: TestCa;
let otherCa: TestCa;
let cert: IssuedSigningCertificate;
let crlPem: string;

beforeAll(async () => {
  [ca, otherCa] = await Promise.all([createTestCa({ now: NOW }), createTestCa({ now: NOW })]);
  cert = await issueSigningCertificate(ca, adult, { now: NOW, crlUrl: 'http://localhost/jpki/sign.crl' });
  crlPem = (await issueCrl(ca, [], { now: NOW, nextUpdateHours: 24 })).pem;
});

function input(overrides: Partial<VerifySignatureInput> = {}): VerifySignatureInput {
  return {
    digestHex: digest,
    signature: signDigest(cert.privateKeyPem, digest),
    certificatePem: cert.certificatePem,
    trustedCaPems: ca.trustedCaPems,
    crlPems: [crlPem],
    now: new Date(NOW.getTime() + HOUR),
    ...overrides,
  };
}

describe('signDigest', () => {
  it('produces what WebCrypto RSASSA-PKCS1-v1_5/SHA-256 verifies over the original bytes', async () => {
    const signature = signDigest(cert.privateKey, digest);
    const publicKey = await webcrypto.subtle.importKey(
      'spki',
      spkiOf(cert.certificatePem),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    expect(signature).toHaveLength(256);
    expect(await webcrypto.subtle.verify('RSASSA-PKCS1-v1_5', publicKey, signature, document)).toBe(true);
    // Same key as PEM, KeyObject or CryptoKey: PKCS#1 v1.5 is deterministic.
    expect(Buffer.from(signDigest(cert.privateKeyPem, digest)).equals(Buffer.from(signature))).toBe(true);
    expect(() => signDigest(cert.privateKeyPem, 'abc')).toThrow(/SHA-256/);
  });
});

function spkiOf(pem: string): ArrayBuffer {
  return toArrayBuffer(
    new Uint8Array(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' })),
  );
}

describe('issueSigningCertificate', () => {
  it('follows the JPKI signing profile', () => {
    const x = new X509Certificate(cert.certificatePem);
    expect(x.subject).not.toContain('髙橋');
    expect(cert.subjectDn).toMatch(/^C=JP, L=Demo-shi, CN=20260401[0-9A-F]{12}$/);
    expect(x.issuer).toContain('Signing CA');
    expect(x.checkIssued(new X509Certificate(ca.issuing.certificatePem))).toBe(true);
    expect(x.verify(new X509Certificate(ca.issuing.certificatePem).publicKey)).toBe(true);
    expect(cert.notAfter.toISOString()).toBe('2031-04-01T03:00:00.000Z');
    expect(cert.chainPems).toEqual([ca.issuing.certificatePem, ca.root.certificatePem]);
    const text = x.toLegacyObject();
    expect(text.bits).toBe(2048);
    expect(x.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it('round-trips the four basic facts through subjectAltName', () => {
    const facts = readJpkiFacts(cert.certificatePem);
    expect(facts).toEqual({
      name: '髙橋\u3000一郎',
      last_name: '髙橋',
      first_name: '一郎',
      name_substitute: '',
      sex: 'male',
      sex_code: '1',
      birth_date: '1985-06-15',
      birth_date_jpki: '319850615',
      era: 'showa',
      address: adult.address,
      address_substitute: '',
    });
    expect(cert.facts).toEqual(facts);
  });

  it('refuses a resident who is 14 on the issuance day, accepts one who turns 15 that day', async () => {
    const minor = { ...adult, subject: 'minor', birth_date: '2011-04-02', sex: 'female' as const };
    const error = await issueSigningCertificate(ca, minor, { now: NOW }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoSigningCertificateError);
    expect((error as NoSigningCertificateError).age).toBe(14);
    const fifteen = await issueSigningCertificate(ca, { ...minor, birth_date: '2011-04-01' }, { now: NOW });
    expect(fifteen.facts.sex).toBe('female');
    expect(fifteen.facts.birth_date_jpki).toBe('420110401');
  });

  it('reloads a stored CA that issues certificates the original trust list accepts', async () => {
    const json = JSON.parse(JSON.stringify(ca.stored)) as typeof ca.stored;
    const reloaded = await loadTestCa(json);
    expect(reloaded.trustedCaPems).toEqual(ca.trustedCaPems);
    const again = await issueSigningCertificate(
      reloaded,
      { ...adult, subject: 'resident-0002' },
      { now: NOW },
    );
    const crl = await issueCrl(reloaded, [], { now: NOW, nextUpdateHours: 24 });
    const result = await verifySignature(
      input({
        certificatePem: again.certificatePem,
        signature: signDigest(again.privateKeyPem, digest),
        crlPems: [crl.pem],
      }),
    );
    expect(result.problems).toEqual([]);
    await expect(loadTestCa({ ...json, issuingPrivateKeyPem: json.rootPrivateKeyPem })).rejects.toThrow(
      /does not belong/,
    );
  });
});

describe('verifySignature', () => {
  it('accepts a good signature and returns the subject facts', async () => {
    const result = await verifySignature(input());
    expect(result.problems).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.values(result.checks).every((s) => s === 'ok')).toBe(true);
    expect(result.subject).toEqual({
      name: '髙橋\u3000一郎',
      birth_date: '1985-06-15',
      sex: 'male',
      address: adult.address,
    });
    expect(result.serial).toBe(cert.serial);
    expect(result.issuer).toBe(ca.issuing.subjectDn);
    expect(result.notAfter?.getTime()).toBe(cert.notAfter.getTime());
    expect(result.chain).toEqual([cert.subjectDn, ca.issuing.subjectDn, ca.root.subjectDn]);
  });

  it('flags a signature over another digest (tampered document)', async () => {
    const tampered = sha256Hex(new TextEncoder().encode('出生届 / birth notification, application 43'));
    const result = await verifySignature(input({ digestHex: tampered }));
    expect(result.valid).toBe(false);
    expect(result.checks.signature).toBe('failed');
    expect(result.problems).toEqual([
      expect.stringMatching(/different SHA-256 digest: the document is not the one/),
    ]);
  });

  it('flags a signature made with another key', async () => {
    const other = await issueSigningCertificate(ca, { ...adult, subject: 'someone-else' }, { now: NOW });
    const result = await verifySignature(input({ signature: signDigest(other.privateKeyPem, digest) }));
    expect(result.checks.signature).toBe('failed');
    expect(result.problems.join('\n')).toMatch(/not valid under the certificate's public key/);
  });

  it('refuses a certificate from another test CA with the same names', async () => {
    const foreign = await issueSigningCertificate(otherCa, adult, { now: NOW });
    expect(foreign.subjectDn.slice(0, 20)).toBe(cert.subjectDn.slice(0, 20));
    const foreignCrl = await issueCrl(otherCa, [], { now: NOW, nextUpdateHours: 24 });
    const result = await verifySignature(
      input({
        certificatePem: foreign.certificatePem,
        signature: signDigest(foreign.privateKeyPem, digest),
        crlPems: [foreignCrl.pem],
      }),
    );
    expect(result.valid).toBe(false);
    expect(result.checks.signature).toBe('ok');
    expect(result.checks.chain).toBe('failed');
    expect(result.problems.join('\n')).toMatch(/not issued by a trusted CA/);
    // Passing the foreign chain as untrusted intermediates does not make it trusted.
    const withChain = await verifySignature(
      input({
        certificatePem: foreign.certificatePem,
        signature: signDigest(foreign.privateKeyPem, digest),
        intermediatePems: foreign.chainPems,
        crlPems: [foreignCrl.pem],
      }),
    );
    expect(withChain.checks.chain).toBe('failed');
    expect(withChain.problems.join('\n')).toMatch(/not trusted/);
  });

  it('reports a revoked certificate with date and reason', async () => {
    const revokedAt = new Date(NOW.getTime() + 10 * 60_000);
    const crl = await issueCrl(
      ca,
      [{ serial: cert.serial.toUpperCase(), revokedAt, reason: 'keyCompromise' }],
      {
        now: new Date(NOW.getTime() + 20 * 60_000),
        nextUpdateHours: 24,
      },
    );
    const result = await verifySignature(input({ crlPems: [crl.pem] }));
    expect(result.valid).toBe(false);
    expect(result.checks.revocation).toBe('failed');
    expect(result.revokedAt?.toISOString()).toBe(revokedAt.toISOString());
    expect(result.problems).toEqual([expect.stringMatching(/revoked on .*keyCompromise/)]);
  });

  it('reports an expired certificate', async () => {
    const later = new Date(cert.notAfter.getTime() + DAY);
    const freshCrl = await issueCrl(ca, [], { now: later, nextUpdateHours: 24 });
    const result = await verifySignature(
      input({ now: new Date(later.getTime() + HOUR), crlPems: [freshCrl.pem] }),
    );
    expect(result.checks.validity).toBe('failed');
    expect(result.checks.chain).toBe('ok');
    expect(result.problems).toEqual([expect.stringMatching(/signing certificate expired on 2031-04-01/)]);
  });

  it('reports a CRL past its nextUpdate', async () => {
    const result = await verifySignature(input({ now: new Date(NOW.getTime() + 48 * HOUR) }));
    expect(result.checks.revocation).toBe('failed');
    expect(result.problems).toEqual([
      expect.stringMatching(/CRL .* is out of date \(nextUpdate .* has passed\)/),
    ]);
  });

  it('refuses a CRL signed by another CA, even one using the same issuer name', async () => {
    const forged = await issueCrl(otherCa, [], { now: NOW, nextUpdateHours: 24 });
    const result = await verifySignature(input({ crlPems: [forged.pem] }));
    expect(result.valid).toBe(false);
    expect(result.checks.revocation).toBe('failed');
    expect(result.problems).toEqual([expect.stringMatching(/not signed by that CA and was refused/)]);
    // A genuine CRL next to the forged one is still used.
    const both = await verifySignature(input({ crlPems: [forged.pem, crlPem] }));
    expect(both.valid).toBe(true);
  });

  it('requires a CRL from the issuer', async () => {
    const result = await verifySignature(input({ crlPems: [] }));
    expect(result.checks.revocation).toBe('failed');
    expect(result.problems).toEqual([
      expect.stringMatching(/no CRL from the issuing CA .* revocation status is unknown/),
    ]);
  });

  it('refuses a certificate without nonRepudiation', async () => {
    const wrong = await issueSigningCertificate(
      ca,
      { ...adult, subject: 'ku' },
      {
        now: NOW,
        testOnlyProfileOverrides: { keyUsage: ['digitalSignature'] },
      },
    );
    const result = await verifySignature(
      input({ certificatePem: wrong.certificatePem, signature: signDigest(wrong.privateKeyPem, digest) }),
    );
    expect(result.valid).toBe(false);
    expect(result.checks.keyUsage).toBe('failed');
    expect(result.problems).toEqual([expect.stringMatching(/keyUsage lacks nonRepudiation/)]);
  });

  it('refuses an authentication certificate (wrong policy)', async () => {
    const auth = await issueSigningCertificate(
      ca,
      { ...adult, subject: 'auth' },
      {
        now: NOW,
        testOnlyProfileOverrides: { policies: [JPKI_OID.policyAuthentication] },
      },
    );
    const result = await verifySignature(
      input({ certificatePem: auth.certificatePem, signature: signDigest(auth.privateKeyPem, digest) }),
    );
    expect(result.checks.policy).toBe('failed');
    expect(result.problems).toEqual([expect.stringMatching(/authentication certificate/)]);
  });

  it('reports garbage input without throwing', async () => {
    const result = await verifySignature(input({ certificatePem: 'not a certificate' }));
    expect(result.valid).toBe(false);
    expect(result.checks.certificate).toBe('failed');
    const badDigest = await verifySignature(input({ digestHex: 'xyz' }));
    expect(badDigest.problems).toEqual([expect.stringMatching(/not a SHA-256 value/)]);
  });
});
