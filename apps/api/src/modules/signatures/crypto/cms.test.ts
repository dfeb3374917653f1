import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDetachedCms, cmsToPem, verifyDetachedCms } from './cms.js';
import { toArrayBuffer } from './encoding.js';
import { CryptoInputError } from './errors.js';
import { ALG_OID } from './oids.js';
import { sha256Hex, signDigest } from './sign.js';
import {
  createTestCa,
  issueCrl,
  issueSigningCertificate,
  type IssuedCrl,
  type IssuedSigningCertificate,
  type TestCa,
} from '../../../simulators/signing-app/test-ca.js';

const NOW = new Date('2026-04-01T03:00:00Z');
const LATER = new Date(NOW.getTime() + 3600_000);
const content = new TextEncoder().encode('%PDF-1.7 児童手当認定請求書 (stand-in bytes)');
const digestHex = sha256Hex(content);

let ca: TestCa;
let cert: IssuedSigningCertificate;
let crl: IssuedCrl;
let signature: Uint8Array;
let cms: Uint8Array;

beforeAll(async () => {
  ca = await createTestCa({ now: NOW, name: 'CMS Test JPKI' });
  cert = await issueSigningCertificate(
    ca,
    {
      subject: 'resident-cms',
      last_name: '髙木',
      first_name: '花子',
      birth_date: '2000-01-31',
      sex: 'female',
      address: 'デモ県デモ市中央1-1',
    },
    { now: NOW },
  );
  crl = await issueCrl(ca, [], { now: NOW, nextUpdateHours: 48 });
  signature = signDigest(cert.privateKey, digestHex);
  cms = buildDetachedCms({
    digestHex,
    signature,
    certificatePem: cert.certificatePem,
    chainPems: cert.chainPems,
    signingTime: NOW,
    crlPems: [crl.pem],
  });
});

describe('buildDetachedCms', () => {
  it('builds a detached SignedData with one SignerInfo, no signed attributes and the raw signature as-is', () => {
    const info = pkijs.ContentInfo.fromBER(toArrayBuffer(cms));
    expect(info.contentType).toBe(pkijs.ContentInfo.SIGNED_DATA);
    const sd = new pkijs.SignedData({ schema: info.content });
    expect(sd.encapContentInfo.eContent).toBeUndefined();
    expect(sd.certificates).toHaveLength(3);
    expect(sd.crls).toHaveLength(1);
    expect(sd.signerInfos).toHaveLength(1);
    const si = sd.signerInfos[0] as pkijs.SignerInfo;
    expect(si.signedAttrs).toBeUndefined();
    expect(si.digestAlgorithm.algorithmId).toBe(ALG_OID.sha256);
    expect(si.signatureAlgorithm.algorithmId).toBe(ALG_OID.rsaEncryption);
    expect(Buffer.from(si.signature.valueBlock.valueHexView).equals(Buffer.from(signature))).toBe(true);
    expect(cmsToPem(cms)).toMatch(/^-----BEGIN CMS-----\n/);
  });

  it('refuses a signature that does not match the digest', () => {
    expect(() =>
      buildDetachedCms({
        digestHex: sha256Hex('something else'),
        signature,
        certificatePem: cert.certificatePem,
        chainPems: cert.chainPems,
      }),
    ).toThrow(CryptoInputError);
  });
});

describe('verifyDetachedCms', () => {
  it('round-trips: valid, with the signer facts and the (unsigned) signing time', async () => {
    const result = await verifyDetachedCms(cms, content, [ca.root.certificatePem], { now: LATER });
    expect(result.problems).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.container).toBe('ok');
    expect(result.digestHex).toBe(digestHex);
    expect(result.signingTime?.toISOString()).toBe(NOW.toISOString());
    expect(result.subject).toEqual({
      name: '髙木\u3000花子',
      birth_date: '2000-01-31',
      sex: 'female',
      address: 'デモ県デモ市中央1-1',
    });
    expect(result.serial).toBe(cert.serial);
    expect(result.chain).toHaveLength(3);
  });

  it('uses CRLs passed in when none is embedded, and reports revocation', async () => {
    const bare = buildDetachedCms({
      digestHex,
      signature,
      certificatePem: cert.certificatePem,
      chainPems: cert.chainPems,
    });
    const missing = await verifyDetachedCms(bare, content, ca.trustedCaPems, { now: LATER });
    expect(missing.checks.revocation).toBe('failed');
    const ok = await verifyDetachedCms(bare, content, ca.trustedCaPems, { now: LATER, crlPems: [crl.pem] });
    expect(ok.valid).toBe(true);
    expect(ok.signingTime).toBeNull();
    const revoked = await issueCrl(ca, [{ serial: cert.serial, revokedAt: NOW, reason: 'superseded' }], {
      now: NOW,
      nextUpdateHours: 24,
    });
    const result = await verifyDetachedCms(bare, content, ca.trustedCaPems, {
      now: LATER,
      crlPems: [revoked.pem],
    });
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual([expect.stringMatching(/revoked on .*superseded/)]);
  });

  it('rejects other content with a clear problem', async () => {
    const tampered = new TextEncoder().encode('%PDF-1.7 児童手当認定請求書 (edited)');
    const result = await verifyDetachedCms(cms, tampered, ca.trustedCaPems, { now: LATER });
    expect(result.valid).toBe(false);
    expect(result.checks.signature).toBe('failed');
    expect(result.problems.join('\n')).toMatch(/does not verify over the document content/);
    expect(result.problems.join('\n')).toMatch(/document is not the one that was signed/);
  });

  it('does not trust the chain embedded in the container', async () => {
    const stranger = await createTestCa({ now: NOW, name: 'CMS Test JPKI' });
    const result = await verifyDetachedCms(cms, content, stranger.trustedCaPems, { now: LATER });
    expect(result.valid).toBe(false);
    expect(result.checks.chain).toBe('failed');
    expect(result.problems.join('\n')).toMatch(/not trusted/);
  });

  it('reports unreadable input without throwing', async () => {
    const result = await verifyDetachedCms(new Uint8Array([1, 2, 3]), content, ca.trustedCaPems, {
      now: LATER,
    });
    expect(result.valid).toBe(false);
    expect(result.container).toBe('failed');
    expect(result.problems).toEqual(['the container is not a readable CMS SignedData structure']);
  });
});
