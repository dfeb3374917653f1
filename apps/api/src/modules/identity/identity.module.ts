import type { Config } from '../../config.js';
import { environmentPaths } from '../../environment-paths.js';
import type { Db } from '../../db/client.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import type { MunicipalityRef } from '../municipalities/municipalities.repository.js';
import type { SessionService } from '../sessions/sessions.service.js';
import type { SignInFailureCounter } from '../system/metrics.js';
import { resolveClientKey, type ClientKey } from './client-key.js';
import { createIdentityRepository } from './identity.repository.js';
import { identityHandlers } from './identity.routes.js';
import { createIdentityService } from './identity.service.js';
import { createOidcClient } from './oidc-client.js';

type IdentityEnvironment = keyof typeof environmentPaths;

/** The portal's redirect URI at the identity provider, per environment. */
export const callbackUrl = (publicUrl: string, environment: IdentityEnvironment = 'production') =>
  `${publicUrl}${environmentPaths[environment].api}/applicant/login/callback/`;

/**
 * Resident sign-in, wired once: the OpenID Connect client (key from OIDC_CLIENT_PRIVATE_JWK or stored in
 * app_settings), the route handlers, and what the development identity provider needs to know about
 * the portal as its client.
 */
export function identityModule(deps: {
  config: Config;
  db: Db;
  secret: string;
  sessions: SessionService;
  municipalities: { findByCode(code: string): Promise<MunicipalityRef | null> };
  signInFailures: SignInFailureCounter;
  clock: () => Date;
  /** Which environment signs in here (default production). */
  environment?: IdentityEnvironment;
  /**
   * Where the client key is kept when none is configured: production's database, so staging signs in as
   * the same client (one registration at the provider, with both environments' redirect URIs).
   */
  keyDb?: Db;
}) {
  const { config, db } = deps;
  const environment = deps.environment ?? 'production';
  let key: Promise<ClientKey> | null = null;
  const clientKey = () => {
    key ??= resolveClientKey(deps.keyDb ?? db, config.oidc.privateJwk);
    key.catch(() => {
      key = null;
    });
    return key;
  };
  const redirectUri = callbackUrl(config.publicUrl, environment);
  const oidc = createOidcClient({
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    redirectUri,
    clientKey,
    allowHttp: config.simulators,
  });
  const repository = createIdentityRepository(db);
  const identity = createIdentityService({
    oidc,
    applications: createApplicationRepository(db),
    identity: repository,
    sessions: deps.sessions,
    municipalities: deps.municipalities,
    secret: deps.secret,
    publicUrl: config.publicUrl,
    webBase: environmentPaths[environment].web,
    signInFailures: deps.signInFailures,
    clock: deps.clock,
  });
  return {
    oidc,
    clientKey,
    handlers: identityHandlers({
      identity,
      repository,
      sessions: deps.sessions,
      secureCookies: config.secureCookies,
    }),
    /** Options of the development identity provider (mounted at /dev/idp when simulators are on). */
    devProvider: {
      db,
      issuer: config.oidc.issuer,
      clientId: config.oidc.clientId,
      redirectUris: [callbackUrl(config.publicUrl, 'production'), callbackUrl(config.publicUrl, 'staging')],
      clientKey,
    },
  };
}
