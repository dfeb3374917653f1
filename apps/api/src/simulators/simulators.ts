import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { environmentPaths, miidCallbackUrl } from '../environment-paths.js';
import { identityProviderPlugin, type IdentityProviderPluginOptions } from './idp/plugin.js';
import { createResidentDirectory } from './idp/residents.js';
import { mynaportalPlugin } from './mynaportal/mynaportal.plugin.js';
import { createMynaportalRepository } from './mynaportal/mynaportal.repository.js';
import { outboxPlugin } from './outbox/outbox.plugin.js';
import type { OutboxRepository } from './outbox/outbox.repository.js';
import { signingAppPlugin } from './signing-app/signing-app.plugin.js';
import { createSigningAppRepository } from './signing-app/signing-app.repository.js';
import { createTestCaStore } from './signing-app/test-ca.store.js';

/**
 * Mounts the development stand-ins of the national systems under /dev: the personal portal, the signing
 * app (with its test CA), the identity provider and the mail outbox. Only when SIMULATORS is on.
 */
export async function registerSimulators(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    clock: () => Date;
    /** What the identity provider knows of the portal as its client (the identity module's). */
    idp: IdentityProviderPluginOptions;
    outbox: OutboxRepository;
  },
): Promise<void> {
  const { config, db, clock } = deps;
  await app.register(mynaportalPlugin, {
    prefix: '/dev/mynaportal',
    portal: createMynaportalRepository(db),
    residents: createResidentDirectory(db),
    clock,
    baseUrl: `${config.publicUrl}/dev/mynaportal`,
  });
  const signingApp = createSigningAppRepository(db);
  await app.register(signingAppPlugin, {
    prefix: '/dev/signing-app',
    transactions: signingApp,
    residents: createResidentDirectory(db),
    ca: createTestCaStore({
      db,
      revocations: signingApp,
      crlUrl: `${config.signing.issuer}/ca/crl.pem`,
      clock,
    }),
    clock,
    clients: {
      [config.oidc.clientId]: Object.values(environmentPaths).map((p) =>
        miidCallbackUrl(config.publicUrl, p),
      ),
    },
  });
  // The Digital Authentication App stand-in.
  await app.register(identityProviderPlugin, { prefix: '/dev/idp', ...deps.idp });
  await app.register(outboxPlugin, { prefix: '/dev/outbox', outbox: deps.outbox });
}
