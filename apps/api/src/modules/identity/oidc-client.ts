import { importJWK } from 'jose';
import * as oidc from 'openid-client';
import { AppError } from '../../http/errors.js';
import type { ClientKey } from './client-key.js';

export interface OidcClientOptions {
  /** Issuer identifier (discovery at `${issuer}/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  /** Where the identity provider sends the resident back (registered there). */
  redirectUri: string;
  clientKey: () => Promise<ClientKey>;
  /** Allow an http issuer: only for the development stand-in (simulators on). */
  allowHttp: boolean;
}

/** What the relying party keeps between the redirect and the callback; never sent to the provider as is. */
export interface AuthorizationTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface CompletedAuthorization {
  subject: string;
  idToken: oidc.IDToken;
  userinfo: oidc.UserInfoResponse;
  accessToken: string;
}

/**
 * The relying party side of the Digital Authentication App (authorization code + PKCE S256, state and
 * nonce, private_key_jwt at the token endpoint). The provider's metadata is discovered once per process
 * (again after a failure); its signing keys are fetched and refreshed by openid-client.
 */
export function createOidcClient(opts: OidcClientOptions) {
  let pending: Promise<oidc.Configuration> | null = null;

  function configuration(): Promise<oidc.Configuration> {
    pending ??= (async () => {
      const issuer = new URL(opts.issuer);
      const insecure = issuer.protocol === 'http:';
      if (insecure && !opts.allowHttp) {
        throw new Error(`OpenID Connect issuer ${opts.issuer} must use https`);
      }
      const key = await opts.clientKey();
      const privateKey = (await importJWK(key.privateJwk, key.alg)) as oidc.CryptoKey;
      return oidc.discovery(
        issuer,
        opts.clientId,
        { redirect_uris: [opts.redirectUri], response_types: ['code'] },
        oidc.PrivateKeyJwt({ key: privateKey, kid: key.kid }),
        { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 10 },
      );
    })();
    pending.catch(() => {
      pending = null;
    });
    return pending;
  }

  return {
    configuration,

    /** The authorization request URL and the transaction to keep until the callback. */
    async authorizationRequest(
      scope: string,
      options: { extra?: Record<string, string>; redirectUri?: string } = {},
    ): Promise<{ url: URL; transaction: AuthorizationTransaction }> {
      const config = await configuration().catch(unavailable);
      const transaction: AuthorizationTransaction = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        ...options.extra,
        redirect_uri: options.redirectUri ?? opts.redirectUri,
        response_type: 'code',
        scope,
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url, transaction };
    },

    /**
     * Checks the authorization response against the transaction (state), redeems the code (PKCE verifier,
     * private_key_jwt), validates the ID token (signature, issuer, audience, nonce) and reads userinfo.
     * `search` is the callback's query string as received; `redirectUri` must be the one of the request.
     */
    async complete(
      search: string,
      transaction: AuthorizationTransaction,
      options: { redirectUri?: string } = {},
    ): Promise<CompletedAuthorization> {
      const config = await configuration().catch(unavailable);
      const currentUrl = new URL(options.redirectUri ?? opts.redirectUri);
      currentUrl.search = search;
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new AppError('bad_request', 'the identity provider sent no ID token');
        const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
        return { subject: idToken.sub, idToken, userinfo, accessToken: tokens.access_token };
      } catch (err) {
        throw asAppError(err);
      }
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;

function unavailable(err: unknown): never {
  throw unavailableError(err);
}

const providerDown = new Set(['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);

/** Refusals by the provider or failed checks are the request's fault (400); an unreachable provider is 503. */
function asAppError(err: unknown): Error {
  if (err instanceof AppError) return err;
  if (err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError) {
    return new AppError('bad_request', `sign-in was refused by the identity provider (${err.error})`, 'code');
  }
  if (err instanceof oidc.WWWAuthenticateChallengeError) {
    return new AppError('bad_request', 'the identity provider refused the access token', 'code');
  }
  if (err instanceof oidc.ClientError) {
    if (err.code && providerDown.has(err.code)) return unavailableError(err);
    return new AppError('bad_request', `the sign-in response could not be verified: ${err.message}`, 'code');
  }
  if (err instanceof TypeError && err.message === 'fetch failed') return unavailableError(err);
  return err instanceof Error ? err : new Error(String(err));
}

function unavailableError(cause: unknown): AppError {
  const error = new AppError('unavailable', 'the identity provider cannot be reached; try again later');
  error.cause = cause;
  return error;
}
