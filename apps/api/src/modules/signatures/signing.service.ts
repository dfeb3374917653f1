import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { DeepLinkRequest, SignatureCertificateInfo } from '@portal/contracts';
import { signTransactionStates, type SignTransactionStatus } from '@portal/contracts';
import { environmentPaths, miidCallbackUrl, type EnvironmentPaths } from '../../environment-paths.js';
import { AppError, conflict, notFound } from '../../http/errors.js';
import { assertTransition } from '../../http/transitions.js';
import { ttlCache } from '../../lib/ttl-cache.js';
import type { ApplicationRepository } from '../applications/applications.repository.js';
import type { OpenApplication } from '../applications/applications.service.js';
import { buildDetachedCms, cmsToPem, pemBlocks, toPem, verifySignature } from './crypto/index.js';
import type { SignatureRepository, SignTransactionRow } from './signatures.repository.js';

const TRANSACTION_TTL_MS = 10 * 60_000;

type Documents = z.output<typeof DeepLinkRequest>['application_documents'];

interface SigningResult {
  signatures: { digest: string; signature: string }[];
  certificate_pem: string;
  chain_pems: string[];
}

export interface SigningConfig {
  issuer: string;
  clientId: string;
  publicUrl: string;
  callbackOrigins: string[];
  /** PEM of the trusted CA certificates; null fetches the development test CA's chain from the issuer. */
  trustedCaPem: string | null;
  /** This environment's API and page prefixes, for the signing app's way back (default production's). */
  paths?: EnvironmentPaths;
}

/**
 * Digital signatures through the signing app (the miid route): register a sign transaction over the
 * digests of the rendered documents, send the resident by deep link, redeem the callback's code once,
 * verify every signature (signature, chain to a trusted CA, CRL, signer = applicant) and keep a detached
 * CMS container per document. A refused result stores no signature.
 */
export function createSigningService(deps: {
  signatures: SignatureRepository;
  applications: ApplicationRepository;
  config: SigningConfig;
  clock: () => Date;
  fetch?: typeof fetch;
}) {
  const { signatures, config, clock } = deps;
  const http = deps.fetch ?? fetch;
  const paths = config.paths ?? environmentPaths.production;
  const callbackUri = miidCallbackUrl(config.publicUrl, paths);
  const anchors = ttlCache<string, string[]>(10 * 60_000);

  async function call<T>(path: string, body: unknown): Promise<T> {
    const res = await http(`${config.issuer}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json().catch(() => ({}))) as T & { error?: string };
    if (!res.ok)
      throw new AppError('bad_request', `the signing app refused: ${json.error ?? res.status}`, 'code');
    return json;
  }

  async function text(url: string): Promise<string> {
    const res = await http(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new AppError('unavailable', `could not fetch ${url} (${res.status})`);
    return res.text();
  }

  const trusted = () =>
    anchors.get('trusted', async () => {
      const pem = config.trustedCaPem ?? (await text(`${config.issuer}/ca/chain.pem`));
      return pemBlocks(pem, 'CERTIFICATE').map((der) => toPem(der, 'CERTIFICATE'));
    });

  /** The CRL named by the signing service (only ever fetched from the signing service's own origin). */
  const crl = () => text(`${config.issuer}/ca/crl.pem`);

  async function documentsMatchRenderings(applicationId: string, documents: Documents) {
    const latest = await signatures.latestRenderings(applicationId);
    for (const d of documents) {
      const rendering = latest.get(d.procedure_id);
      if (!rendering || rendering.sha256 !== d.digest) {
        throw new AppError(
          'validation_failed',
          `the digest of procedure ${d.procedure_id} is not the one of its current document: render it again`,
          'application_documents',
        );
      }
    }
  }

  function info(row: SignTransactionRow): z.input<typeof SignatureCertificateInfo> {
    const v = row.verification;
    return {
      signing_id: row.id,
      status: row.status as SignTransactionStatus,
      subject_name: v?.subject_name ?? null,
      issuer: v?.issuer ?? null,
      not_after: v?.not_after ?? null,
      verified_at: row.status === 'verified' ? row.updatedAt.toISOString() : null,
    };
  }

  async function register(open: OpenApplication, documents: Documents) {
    const { application } = open;
    const procedures = new Set(application.procedureIds);
    const foreign = documents.filter((d) => !procedures.has(d.procedure_id));
    if (foreign.length > 0) {
      throw new AppError(
        'validation_failed',
        'a document of a procedure not chosen',
        'application_documents',
      );
    }
    await documentsMatchRenderings(application.id, documents);
    const registered = await call<{ transaction_id: string }>('/api/transactions', {
      client_id: config.clientId,
      digests: documents.map((d) => d.digest),
    });
    const verifier = randomBytes(48).toString('base64url');
    const state = randomBytes(24).toString('base64url');
    const row = await signatures.insertTransaction({
      applicationId: application.id,
      status: 'registered',
      documents,
      state,
      codeVerifier: verifier,
      expiresAt: new Date(clock().getTime() + TRANSACTION_TTL_MS),
    });
    const link = new URL(`${config.issuer}/authorize`);
    link.searchParams.set('client_id', config.clientId);
    link.searchParams.set('redirect_uri', callbackUri);
    link.searchParams.set('response_type', 'code');
    link.searchParams.set('scope', 'openid sign');
    link.searchParams.set('state', state);
    link.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    link.searchParams.set('code_challenge_method', 'S256');
    link.searchParams.set('transaction_id', registered.transaction_id);
    return { row, deepLink: link.toString() };
  }

  async function move(
    row: SignTransactionRow,
    to: SignTransactionStatus,
    patch: Partial<SignTransactionRow> = {},
  ) {
    assertTransition(signTransactionStates, row.status as SignTransactionStatus, to);
    const moved = await signatures.moveTransaction(row, { status: to, updatedAt: clock(), ...patch });
    if (!moved) throw new AppError('bad_request', 'this signing result was already used', 'state');
    return moved;
  }

  /** Checks every signature of the result; returns the problems (none means valid) and the containers. */
  async function verify(row: SignTransactionRow, result: SigningResult, applicantId: string) {
    const problems: string[] = [];
    const containers: Record<string, string> = {};
    const trustedCaPems = await trusted();
    const crlPems = [await crl()];
    let meta: { subject_name: string; issuer: string; not_after: string } | null = null;
    const profile = await deps.applications.profile(applicantId);
    for (const doc of row.documents) {
      const signed = result.signatures.find((s) => s.digest === doc.digest);
      if (!signed) {
        problems.push(
          `procedure ${doc.procedure_id}: the signing app returned no signature for its document`,
        );
        continue;
      }
      const signature = Buffer.from(signed.signature, 'base64');
      const check = await verifySignature({
        digestHex: doc.digest,
        signature,
        certificatePem: result.certificate_pem,
        trustedCaPems,
        intermediatePems: result.chain_pems,
        crlPems,
        now: clock(),
      });
      problems.push(...check.problems.map((p) => `procedure ${doc.procedure_id}: ${p}`));
      if (
        check.valid &&
        profile?.birth_date &&
        check.subject &&
        check.subject.birth_date !== profile.birth_date
      ) {
        problems.push('the signer is not the resident who applies');
      }
      if (check.valid) {
        meta = {
          subject_name: check.subject?.name ?? '',
          issuer: check.issuer ?? '',
          not_after: check.notAfter?.toISOString() ?? '',
        };
        containers[String(doc.procedure_id)] = cmsToPem(
          buildDetachedCms({
            digestHex: doc.digest,
            signature,
            certificatePem: result.certificate_pem,
            chainPems: trustedCaPems,
            signingTime: clock(),
          }),
        );
      }
    }
    return { problems, containers, meta };
  }

  return {
    info,
    /** The trusted CA certificates (PEM) and the signing service's current CRL: staff re-verify with them. */
    trustAnchors: () => trusted(),
    currentCrl: () => crl(),
    async deepLink(open: OpenApplication, documents: Documents) {
      const { row, deepLink } = await register(open, documents);
      return { signing_id: row.id, deep_link: deepLink, expires_at: row.expiresAt.toISOString() };
    },
    async start(open: OpenApplication, documents: Documents) {
      return info((await register(open, documents)).row);
    },
    /** The state of a sign transaction of one of the resident's applications. */
    async get(applicantId: string, municipalityId: number, signingId: string) {
      const row = await signatures.transactionOf(signingId, applicantId, municipalityId);
      if (!row) throw notFound('sign transaction');
      if (row.status === 'registered' && row.expiresAt <= clock()) return info(await move(row, 'expired'));
      return info(row);
    },
    /** The page a browser returning with an unusable signing result lands on (it explains and leads on). */
    failedReturnPage(): string {
      return `${config.publicUrl}${paths.web}/miid/temporary?result=unusable`;
    },
    /** Only origins configured for the signing app's return are valid (no open redirect). */
    validateCallback(callbackUri: string) {
      try {
        return { is_valid: config.callbackOrigins.includes(new URL(callbackUri).origin) };
      } catch {
        return { is_valid: false };
      }
    },
    /**
     * The signing app's return: the state names one registered transaction (a replay finds none), the
     * code is redeemed with the PKCE verifier, and the result is verified before anything is kept.
     */
    async complete(code: string, state: string): Promise<{ location: string }> {
      const row = await signatures.transactionByState(state);
      if (!row || row.status !== 'registered') {
        throw new AppError('bad_request', 'this signing result is unknown or was already used', 'state');
      }
      if (row.expiresAt <= clock()) {
        await move(row, 'expired');
        throw new AppError('bad_request', 'the signing request expired: sign again', 'state');
      }
      const result = await call<SigningResult>('/api/token', {
        code,
        code_verifier: row.codeVerifier,
        client_id: config.clientId,
      });
      const application = await signatures.applicationOf(row.applicationId);
      if (!application) throw notFound('application');
      const checked = await verify(row, result, application.applicantId);
      const at = `${config.publicUrl}${paths.web}/miid/temporary/signatureRedirectScreen?signing_id=${row.id}`;
      if (checked.problems.length > 0) {
        await move(row, 'failed', { verification: { problems: checked.problems } });
        return { location: `${at}&result=failed` };
      }
      const signed = await move(row, 'signed', { certificate: result.certificate_pem });
      await move(signed, 'verified', {
        signatures: checked.containers,
        verification: { ...checked.meta, problems: [] },
      });
      return { location: `${at}&result=verified` };
    },
    /** PUT signature-digital-certificate: the current state, refused unless it belongs to the application. */
    async confirm(open: OpenApplication, signingId: string) {
      const row = await signatures.transactionOf(
        signingId,
        open.application.applicantId,
        open.municipality.id,
      );
      if (!row || row.applicationId !== open.application.id) throw notFound('sign transaction');
      if (row.status === 'failed') throw conflict('the signature could not be verified: sign again');
      return info(row);
    },
  };
}
export type SigningService = ReturnType<typeof createSigningService>;
