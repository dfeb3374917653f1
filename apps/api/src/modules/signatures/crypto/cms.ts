/**
 * The container stored with a signed document: a detached CMS SignedData (RFC 5652) around the raw signature the
 * Digital Authentication App returned.
 *
 * Shape: version 1; digestAlgorithms { sha256 }; encapContentInfo { id-data } with no eContent (detached);
 * certificates = signer + chain; optional crls (the issuer CRL at signing time, for later re-checks); one SignerInfo
 * { version 1, sid issuerAndSerialNumber, digestAlgorithm sha256, signatureAlgorithm rsaEncryption (NULL params),
 * signature = the app's bytes as-is, unsignedAttrs { signingTime } when given }.
 *
 * No signed attributes, on purpose: with signed attributes the signature must cover the DER of the attributes
 * (content-type, message-digest, signing-time), so the app would have to be handed the digest of those attributes
 * instead of the document digest. The app signed DigestInfo(SHA-256(document)), which is exactly what RFC 5652
 * §5.4 prescribes when signedAttrs is absent. Consequence: signingTime can only be an *unsigned* attribute, i.e.
 * informative and not protected by the signature; the authoritative signing time is the one the portal records.
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { CryptoInputError } from './errors.js';
import { pemBlocks, toArrayBuffer, toPem } from './encoding.js';
import { ALG_OID, CMS_OID } from './oids.js';
import { certificateDer, parseCertificate, parseCrl, toAsn1Time } from './pki.js';
import { assertSha256Hex } from './sign.js';
import {
  digestSignatureProblem,
  verifySignature,
  type CheckStatus,
  type SignatureVerification,
} from './verify.js';

export interface BuildDetachedCmsInput {
  /** SHA-256 of the document, hex; used to check the signature before packing it (it is not stored). */
  digestHex: string;
  /** Raw RSA PKCS#1 v1.5 signature from the app. */
  signature: Uint8Array;
  certificatePem: string;
  /** Issuing CA, root... (PEM); included as certificates. */
  chainPems: string[];
  /** Stored as an unsigned signingTime attribute (see the module comment). */
  signingTime?: Date;
  /** CRLs to embed, e.g. the issuer's CRL that was current at signing time. */
  crlPems?: string[];
}

/** Builds the DER of a ContentInfo/SignedData. Throws CryptoInputError when the signature does not match the digest. */
export function buildDetachedCms(input: BuildDetachedCmsInput): Uint8Array {
  const digestHex = assertSha256Hex(input.digestHex);
  const signer = parseCertificate(input.certificatePem);
  const problem = digestSignatureProblem(signer, digestHex, input.signature);
  if (problem) throw new CryptoInputError(`refusing to build a CMS container: ${problem}`);

  const chain = input.chainPems
    .flatMap((pem) => pemBlocks(pem, 'CERTIFICATE'))
    .map((der) => parseCertificate(der));
  const crls = (input.crlPems ?? []).flatMap((pem) => pemBlocks(pem, 'X509 CRL')).map((der) => parseCrl(der));

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
    // RFC 5754 §2: SHA-2 digest AlgorithmIdentifiers omit the parameters.
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: ALG_OID.sha256 }),
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: ALG_OID.rsaEncryption,
      algorithmParams: new asn1js.Null(),
    }),
    signature: new asn1js.OctetString({ valueHex: toArrayBuffer(input.signature) }),
    ...(input.signingTime
      ? {
          unsignedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 1,
            attributes: [
              new pkijs.Attribute({
                type: CMS_OID.signingTime,
                values: [toAsn1Time(input.signingTime).toSchema()],
              }),
            ],
          }),
        }
      : {}),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: ALG_OID.sha256 })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: CMS_OID.data }),
    certificates: [signer, ...chain],
    ...(crls.length > 0 ? { crls } : {}),
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({
    contentType: CMS_OID.signedData,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}

/** PEM armour for a CMS container ("CMS" label, RFC 7468). */
export function cmsToPem(cms: Uint8Array): string {
  return toPem(cms, 'CMS');
}

export interface VerifyDetachedCmsOptions {
  /** Default: the current time. To re-check an archived container, pass the signing time the portal recorded. */
  now?: Date;
  /** CRLs in addition to those embedded in the container. */
  crlPems?: string[];
}

export interface CmsVerification extends SignatureVerification {
  /** Structure of the container itself (one SignerInfo, detached, SHA-256, RSA, signer certificate present). */
  container: CheckStatus;
  /** SHA-256 of the content bytes that were checked, hex. */
  digestHex: string;
  /** The unsigned signingTime attribute, if present (not covered by the signature). */
  signingTime: Date | null;
  certificatePem: string | null;
}

function emptyResult(digestHex: string, problems: string[]): CmsVerification {
  return {
    valid: false,
    problems,
    checks: {
      certificate: 'not_checked',
      signature: 'not_checked',
      validity: 'not_checked',
      chain: 'not_checked',
      keyUsage: 'not_checked',
      policy: 'not_checked',
      revocation: 'not_checked',
      facts: 'not_checked',
    },
    subject: null,
    facts: null,
    serial: null,
    issuer: null,
    subjectDn: null,
    notAfter: null,
    chain: [],
    revokedAt: null,
    container: 'failed',
    digestHex,
    signingTime: null,
    certificatePem: null,
  };
}

function timeValue(value: unknown): Date | null {
  if (value instanceof asn1js.GeneralizedTime || value instanceof asn1js.UTCTime) return value.toDate();
  return null;
}

/**
 * Re-checks a detached CMS container against the document bytes: the container structure, pkijs' own
 * SignedData.verify over the content (signature only), and the full verifySignature() on the extracted parts
 * (chain to `trustedCaPems`, key usage, policy, revocation with embedded and given CRLs, JPKI facts).
 */
export async function verifyDetachedCms(
  cmsBytes: Uint8Array,
  contentBytes: Uint8Array,
  trustedCaPems: string[],
  options: VerifyDetachedCmsOptions = {},
): Promise<CmsVerification> {
  const digestHex = createHash('sha256').update(contentBytes).digest('hex');
  const now = options.now ?? new Date();

  let signedData: pkijs.SignedData;
  try {
    const contentInfo = pkijs.ContentInfo.fromBER(toArrayBuffer(cmsBytes));
    if (contentInfo.contentType !== CMS_OID.signedData) {
      return emptyResult(digestHex, ['the container is CMS but not SignedData']);
    }
    signedData = new pkijs.SignedData({ schema: contentInfo.content });
  } catch {
    return emptyResult(digestHex, ['the container is not a readable CMS SignedData structure']);
  }

  const problems: string[] = [];
  const signerInfo = signedData.signerInfos[0];
  if (signedData.signerInfos.length !== 1 || !signerInfo) {
    return emptyResult(digestHex, [
      `the container must hold exactly one signer, it holds ${signedData.signerInfos.length}`,
    ]);
  }
  if (signedData.encapContentInfo.eContent) problems.push('the container is not detached: it embeds content');
  if (signerInfo.signedAttrs) {
    problems.push('the signer uses signed attributes, which this portal does not produce or accept');
  }
  if (signerInfo.digestAlgorithm.algorithmId !== ALG_OID.sha256)
    problems.push('the digest algorithm is not SHA-256');
  const sigAlg = signerInfo.signatureAlgorithm.algorithmId;
  if (sigAlg !== ALG_OID.rsaEncryption && sigAlg !== ALG_OID.sha256WithRSAEncryption) {
    problems.push('the signature algorithm is not RSA PKCS#1 v1.5');
  }
  const certificates = (signedData.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  const sid: unknown = signerInfo.sid;
  const signer =
    sid instanceof pkijs.IssuerAndSerialNumber
      ? certificates.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber))
      : undefined;
  if (!signer) {
    return emptyResult(digestHex, [...problems, "the signer's certificate is not in the container"]);
  }

  // pkijs' own check of the signature over the content (hashing done by WebCrypto, independent of the digest path).
  try {
    const ok = await signedData.verify({ signer: 0, data: toArrayBuffer(contentBytes), checkChain: false });
    if (!ok) problems.push('the CMS signature does not verify over the document content');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    problems.push(`the CMS signature could not be verified over the document content (${message})`);
  }

  const signingTimeAttr = signerInfo.unsignedAttrs?.attributes.find((a) => a.type === CMS_OID.signingTime);
  const signingTime = timeValue(signingTimeAttr?.values[0]);
  const certificatePem = toPem(certificateDer(signer), 'CERTIFICATE');
  const others = certificates.filter((c) => c !== signer).map((c) => toPem(certificateDer(c), 'CERTIFICATE'));
  const embeddedCrls = (signedData.crls ?? [])
    .filter((c): c is pkijs.CertificateRevocationList => c instanceof pkijs.CertificateRevocationList)
    .map((c) => toPem(new Uint8Array(c.toSchema().toBER(false)), 'X509 CRL'));

  const verification = await verifySignature({
    digestHex,
    signature: new Uint8Array(signerInfo.signature.valueBlock.valueHexView),
    certificatePem,
    trustedCaPems,
    intermediatePems: others,
    crlPems: [...embeddedCrls, ...(options.crlPems ?? [])],
    now,
  });
  const container: CheckStatus = problems.length === 0 ? 'ok' : 'failed';
  const allProblems = [...problems, ...verification.problems];
  return {
    ...verification,
    valid: verification.valid && container === 'ok',
    problems: allProblems.filter((p, i) => allProblems.indexOf(p) === i),
    container,
    digestHex,
    signingTime,
    certificatePem,
  };
}
