import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { EnvironmentPaths } from '../../environment-paths.js';
import type { PortalModule } from '../../http/module-kit.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { signatureHandlers } from './signatures.routes.js';
import { createSignatureRepository } from './signatures.repository.js';
import { createSigningService, type SigningService } from './signing.service.js';

/**
 * Digital signatures through the signing app; its `service` is also the trust source (CA chain, CRL) the
 * staff jobs module verifies signature packages against.
 */
export function signaturesModule(deps: {
  db: Db;
  config: Config;
  /** This environment's API and page prefixes, for the signing app's way back. */
  paths: EnvironmentPaths;
  applications: ApplicationService;
  clock: () => Date;
}): PortalModule & { service: SigningService } {
  const { db, config } = deps;
  const signing = createSigningService({
    signatures: createSignatureRepository(db),
    applications: createApplicationRepository(db),
    config: {
      issuer: config.signing.issuer,
      clientId: config.oidc.clientId,
      publicUrl: config.publicUrl,
      callbackOrigins: config.signing.callbackOrigins,
      trustedCaPem: config.signing.trustedCaPem ?? null,
      paths: deps.paths,
    },
    clock: deps.clock,
  });
  return {
    handlers: signatureHandlers({ applications: deps.applications, signing }),
    service: signing,
  };
}
