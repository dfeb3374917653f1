import type { SignInFailureReason } from '@portal/contracts';
import type { ApplicationRepository } from '../applications/applications.repository.js';
import type { MunicipalityRef } from '../municipalities/municipalities.repository.js';
import type { SessionRecord } from '../sessions/sessions.repository.js';
import type { SessionService } from '../sessions/sessions.service.js';
import type { SignInFailureCounter } from '../system/metrics.js';
import { AppError, notFound } from '../../http/errors.js';
import { profileFromClaims, profileFromSessionData, type IdentityProfile } from './claims.js';
import type { IdentityRepository } from './identity.repository.js';
import type { AuthorizationTransaction, OidcClient } from './oidc-client.js';
import { sameText } from '../../lib/same-text.js';
import { seal, unseal } from './sealed-cookie.js';

/** Scopes of identification (basic four information); signing asks for `openid sign` instead. */
export const IDENTIFICATION_SCOPE = 'openid name address birthdate gender';
/** The service a resident links by signing in with the Digital Authentication App (My Number Card). */
export const JPKI_SERVICE = 'jpki';

/** The login transaction travels in this HttpOnly cookie, sent only to the login and callback paths. */
export const LOGIN_COOKIE = 'portal_applicant_login';
export const LOGIN_COOKIE_PATH = '/api/applicant/login/';
const LOGIN_PURPOSE = 'applicant-login';
export const LOGIN_TTL_MS = 10 * 60_000;

/** What the login cookie holds between the redirect and the callback. */
export interface LoginTransaction extends AuthorizationTransaction {
  municipality_code: string;
  return_to: string;
}

/**
 * A same-origin path to come back to: starts with one '/', no scheme-relative '//' or '/\' (browsers read
 * a backslash as a slash), no control characters, and it must resolve on the portal's own origin.
 */
export function safeReturnTo(value: string, publicUrl: string): string {
  const refuse = () =>
    new AppError('validation_failed', 'return_to must be a path on this site starting with "/"', 'return_to');
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) throw refuse();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) throw refuse();
  const origin = new URL(publicUrl).origin;
  let resolved: URL;
  try {
    resolved = new URL(value, origin);
  } catch {
    throw refuse();
  }
  if (resolved.origin !== origin) throw refuse();
  return value;
}

/** Adds one query parameter to a relative path (the return_to) without touching the rest. */
function withParam(path: string, name: string, value: string): string {
  const hash = path.indexOf('#');
  const base = hash >= 0 ? path.slice(0, hash) : path;
  const fragment = hash >= 0 ? path.slice(hash) : '';
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}${encodeURIComponent(name)}=${encodeURIComponent(value)}${fragment}`;
}

export interface IdentityDeps {
  oidc: OidcClient;
  applications: Pick<ApplicationRepository, 'ensureApplicant'>;
  identity: IdentityRepository;
  sessions: SessionService;
  municipalities: { findByCode(code: string): Promise<MunicipalityRef | null> };
  secret: string;
  publicUrl: string;
  /** The applicant pages' base of this environment ('' or '/stg'), for the default way back. */
  webBase?: string;
  /** Counts sign-ins that did not complete, by reason (kind `resident`). */
  signInFailures: SignInFailureCounter;
  clock: () => Date;
}

/**
 * Resident sign-in with the Digital Authentication App (OpenID Connect): the redirect, the callback that
 * starts an applicant session, and the profile kept from the identity claims.
 */
export function createIdentityService(deps: IdentityDeps) {
  const { oidc, identity, sessions, clock } = deps;

  return {
    /** The authorization request: where to send the browser, and the sealed transaction for its cookie. */
    async startLogin(municipalityCode: string, returnTo: string | undefined) {
      const municipality = await deps.municipalities.findByCode(municipalityCode);
      if (!municipality)
        throw new AppError('not_found', `municipality ${municipalityCode} not found`, 'municipality_code');
      const target = safeReturnTo(
        returnTo ?? `${deps.webBase ?? ''}/municipalities/${municipality.code}`,
        deps.publicUrl,
      );
      const { url, transaction } = await oidc.authorizationRequest(IDENTIFICATION_SCOPE);
      const expiresAt = new Date(clock().getTime() + LOGIN_TTL_MS);
      const payload: LoginTransaction = {
        ...transaction,
        municipality_code: municipality.code,
        return_to: target,
      };
      return { location: url.href, cookie: seal(deps.secret, LOGIN_PURPOSE, payload, expiresAt), expiresAt };
    },

    /**
     * The transaction of this browser, when the callback's state is its state. A missing, altered,
     * expired or foreign one is refused (400) before anything else happens.
     */
    openTransaction(cookie: string | undefined, state: string): LoginTransaction {
      const tx = unseal<LoginTransaction>(deps.secret, LOGIN_PURPOSE, cookie, clock());
      if (!tx) {
        throw new AppError('bad_request', 'no sign-in is in progress in this browser; start again', 'state');
      }
      if (typeof tx.state !== 'string' || !sameText(tx.state, state)) {
        throw new AppError('bad_request', 'state does not match the sign-in in progress', 'state');
      }
      return tx;
    },

    /** Counts a callback that did not sign the resident in (the reason only: never who, nor from where). */
    signInFailed(reason: SignInFailureReason): void {
      deps.signInFailures.inc({ kind: 'resident', reason });
    },

    /**
     * The page of the applicant app that says why sign-in did not complete, with the next step: the
     * sign-in's municipality and the page to return to when this browser's transaction is known, the
     * portal-wide page otherwise. A path on this site (the callback's redirect is relative).
     */
    failureLocation(tx: LoginTransaction | null, reason: SignInFailureReason): string {
      const base = deps.webBase ?? '';
      if (!tx) return withParam(`${base}/signin-failed`, 'reason', reason);
      const page = withParam(
        `${base}/municipalities/${tx.municipality_code}/signin-failed`,
        'reason',
        reason,
      );
      return withParam(page, 'return_to', tx.return_to);
    },

    /**
     * Redeems the code, validates the ID token and reads userinfo; then keeps the profile, links the JPKI
     * service and starts the applicant session of the transaction's municipality.
     */
    async completeLogin(tx: LoginTransaction, search: string, previousToken: string | undefined) {
      const municipality = await deps.municipalities.findByCode(tx.municipality_code);
      if (!municipality) throw notFound(`municipality ${tx.municipality_code}`);
      const result = await oidc.complete(search, tx);
      const profile = profileFromClaims(result.userinfo);
      const applicantId = await deps.applications.ensureApplicant(result.subject);
      await identity.saveProfile(applicantId, profile);
      await identity.link(applicantId, JPKI_SERVICE);
      await sessions.end(previousToken);
      const session = await sessions.start({
        kind: 'applicant',
        subjectId: applicantId,
        municipalityId: municipality.id,
        data: {
          subject: result.subject,
          municipality_code: municipality.code,
          claims: profile,
          authenticated_at: clock().toISOString(),
        },
      });
      return { ...session, returnTo: tx.return_to };
    },

    /** Stores the profile from the identity claims kept with the session, and returns it. */
    async storeProfileFromSession(session: SessionRecord): Promise<IdentityProfile> {
      const profile = profileFromSessionData(session.data);
      if (!profile) {
        throw new AppError(
          'conflict',
          'this session carries no identity claims; sign in with the My Number Card',
        );
      }
      await identity.saveProfile(session.subjectId, profile);
      return profile;
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
