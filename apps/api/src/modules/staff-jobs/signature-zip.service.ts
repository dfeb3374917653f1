import { createHash } from 'node:crypto';
import { japanDateTime } from '@portal/rules';
import * as pkijs from 'pkijs';
import { notFound } from '../../http/errors.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { ApplicationRepository } from '../applications/applications.repository.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { pdfFileName } from '../rendering/application-pdf.js';
import { zipFiles } from '../rendering/zip.js';
import {
  certificatePem,
  fromPem,
  parseCertificate,
  verifyDetachedCms,
  type CmsVerification,
} from '../signatures/crypto/index.js';
import { inScope } from '../staff/staff.policy.js';
import { recordAct, safeFileName, type Actor } from './staff-jobs.common.js';
import type { StaffJobsRepository } from './staff-jobs.repository.js';

/** Where trust comes from: the signing service's configured CAs and its current CRL (signing.service.ts). */
export interface TrustSource {
  trustAnchors(): Promise<string[]>;
  currentCrl(): Promise<string>;
}

const CHECK_LABELS: Record<string, string> = {
  container: '署名データの形式 / container',
  certificate: '証明書の形式 / certificate',
  signature: '署名値 / signature value',
  validity: '証明書の有効期間 / validity period',
  chain: '証明書チェーン / chain to a trusted CA',
  keyUsage: '鍵用途 / key usage',
  policy: '証明書ポリシー / certificate policy (JPKI signing)',
  revocation: '失効確認 / revocation (CRL)',
  facts: '基本4情報 / JPKI subject facts',
};
const STATUS_LABELS: Record<string, string> = {
  ok: '合格 / passed',
  failed: '不合格 / failed',
  not_checked: '未確認 / not checked',
};

/** An instant in Japan time, e.g. 2026-11-01 09:30:00 JST (2026-11-01T00:30:00.000Z). */
function japanTime(at: Date | null | undefined): string {
  if (!at) return '—';
  return `${japanDateTime(at)} JST (${at.toISOString()})`;
}

export interface ReportInput {
  referenceNumber: string;
  procedureName: string;
  pdfName: string;
  pdfSha256: string;
  recordedDigest: string | null;
  verifiedAt: Date;
  verification: CmsVerification | null;
  notBefore: Date | null;
  /** Why verification could not run (trust anchors or CRL unavailable). */
  trustProblem: string | null;
}

/** The verification report (.txt): Japanese and English labels, the verifier's own sentences as they are. */
export function verificationReport(input: ReportInput): string {
  const v = input.verification;
  const valid = v !== null && v.valid && input.trustProblem === null;
  const digestNote =
    input.recordedDigest === null
      ? '—'
      : input.recordedDigest === input.pdfSha256
        ? `${input.recordedDigest}（一致 / matches）`
        : `${input.recordedDigest}（不一致 / DOES NOT MATCH）`;
  const problems = [...(input.trustProblem ? [input.trustProblem] : []), ...(v?.problems ?? [])];
  const lines = [
    '電子署名 検証レポート / Digital signature verification report',
    '='.repeat(64),
    `受付番号 / Reference number: ${input.referenceNumber}`,
    `手続き / Procedure: ${input.procedureName}`,
    `署名対象文書 / Signed document: ${input.pdfName}`,
    `文書の SHA-256 / Document SHA-256: ${input.pdfSha256}`,
    `申請時に記録した SHA-256 / Digest recorded at submission: ${digestNote}`,
    `検証日時 / Verified at: ${japanTime(input.verifiedAt)}`,
    `署名時刻（署名者の申告、署名の対象外）/ Signing time (unsigned attribute): ${japanTime(v?.signingTime)}`,
    '',
    '署名者証明書 / Signer certificate',
    '-'.repeat(64),
    `署名者 / Signer: ${v?.subject?.name ?? '—'}`,
    `主体者 / Subject: ${v?.subjectDn ?? '—'}`,
    `シリアル番号 / Serial number: ${v?.serial ?? '—'}`,
    `発行者 / Issuer: ${v?.issuer ?? '—'}`,
    `有効期間 / Validity: ${japanTime(input.notBefore)} 〜 ${japanTime(v?.notAfter)}`,
    `証明書チェーン / Certificate chain: ${v && v.chain.length > 0 ? v.chain.join(' → ') : '—'}`,
    '',
    '検証項目 / Checks',
    '-'.repeat(64),
    ...(v
      ? [
          `${CHECK_LABELS.container}: ${STATUS_LABELS[v.container]}`,
          ...Object.entries(v.checks).map(([k, s]) => `${CHECK_LABELS[k] ?? k}: ${STATUS_LABELS[s] ?? s}`),
        ]
      : ['（検証できませんでした / verification could not run）']),
    '',
    `結果 / Result: ${valid ? '有効 / VALID' : '無効または未確認 / NOT VALID'}`,
    '問題点 / Problems:',
    ...(problems.length > 0 ? problems.map((p) => `  - ${p}`) : ['  なし / none']),
    '',
  ];
  return lines.join('\r\n');
}

/** Every certificate in a CMS container, signer first as the container holds them, as PEM. */
function containerCertificates(cms: Uint8Array): string[] {
  try {
    const info = pkijs.ContentInfo.fromBER(
      cms.buffer.slice(cms.byteOffset, cms.byteOffset + cms.byteLength) as ArrayBuffer,
    );
    const signed = new pkijs.SignedData({ schema: info.content });
    return (signed.certificates ?? [])
      .filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate)
      .map((c) => certificatePem(c));
  } catch {
    return [];
  }
}

/**
 * The signature package of a signed document (decision 0005: documents.render): the signed PDF as stored
 * (the rendering the signature covers), the detached CMS (.p7s, DER), its certificate chain (.pem) and a
 * verification report made now, against the trusted CAs and the current CRL.
 */
export function createSignatureZipService(deps: {
  repository: StaffJobsRepository;
  applications: ApplicationRepository;
  published: PublishedConfiguration;
  storage: FileStorage;
  trust: TrustSource;
  audit: AuditRepository;
  clock: () => Date;
}) {
  const { repository, storage, audit, clock } = deps;

  return {
    async zip(actor: Actor, applicationId: string, documentId: string) {
      const document = await repository.document(actor.municipality.id, documentId);
      if (
        !document ||
        document.applicationId !== applicationId ||
        !inScope(actor.staff, document.departmentId)
      )
        throw notFound('document');
      const signature = document.signature as {
        container?: unknown;
        digest?: unknown;
        rendered_document_id?: unknown;
      } | null;
      if (
        !signature ||
        typeof signature.container !== 'string' ||
        typeof signature.rendered_document_id !== 'string'
      )
        throw notFound('signature');
      const rendering = await repository.rendering(applicationId, signature.rendered_document_id);
      if (!rendering) throw notFound('signed document');
      const application = await deps.applications.find(actor.municipality.id, applicationId);
      if (!application) throw notFound('application');
      const group = await deps.published.version(
        actor.municipality.id,
        application.procedureGroupId,
        application.configurationVersion,
      );
      const procedure = group.config.disclosure.procedures.find((p) => p.id === document.procedureId);
      const procedureName = procedure?.name ?? String(document.procedureId);

      const pdf = await storage.get(rendering.storageKey).catch(() => {
        throw notFound('signed document file');
      });
      const cms = fromPem(signature.container, 'CMS');
      const now = clock();
      let verification: CmsVerification | null = null;
      let trustProblem: string | null = null;
      try {
        const anchors = await deps.trust.trustAnchors();
        const crl = await deps.trust.currentCrl();
        verification = await verifyDetachedCms(cms, pdf, anchors, { now, crlPems: [crl] });
      } catch (err) {
        trustProblem = `the trusted CAs or the CRL could not be fetched: ${err instanceof Error ? err.message : String(err)}`;
      }
      let notBefore: Date | null = null;
      if (verification?.certificatePem) {
        try {
          notBefore = parseCertificate(verification.certificatePem).notBefore.value;
        } catch {
          notBefore = null;
        }
      }
      const base = `${document.referenceNumber}_${safeFileName(procedureName)}`;
      const pdfName = pdfFileName(procedureName, document.referenceNumber);
      const report = verificationReport({
        referenceNumber: document.referenceNumber,
        procedureName,
        pdfName,
        pdfSha256: createHash('sha256').update(pdf).digest('hex'),
        recordedDigest: typeof signature.digest === 'string' ? signature.digest : null,
        verifiedAt: now,
        verification,
        notBefore,
        trustProblem,
      });
      const bytes = await zipFiles(
        [
          { name: pdfName, bytes: pdf },
          { name: `${base}.p7s`, bytes: cms },
          {
            name: `${base}_certificates.pem`,
            bytes: Buffer.from(containerCertificates(cms).join(''), 'utf8'),
          },
          // With a byte order mark, so Notepad and Excel read the Japanese as UTF-8.
          { name: `${base}_verification.txt`, bytes: Buffer.from(`\ufeff${report}`, 'utf8') },
        ],
        { mtime: now },
      );
      await recordAct(
        audit,
        actor,
        'signature.zip.download',
        { type: 'document', id: document.id },
        {
          is_valid: verification?.valid === true && trustProblem === null,
        },
      );
      return { bytes, fileName: `${base}_電子署名.zip` };
    },
  };
}
export type SignatureZipService = ReturnType<typeof createSignatureZipService>;
