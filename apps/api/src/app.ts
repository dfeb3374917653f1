import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { unsafeTextPath } from '@portal/contracts';
import type { Config } from './config.js';
import { AppError } from './http/errors.js';
import type { Database } from './db/client.js';
import { registerRouteTable, type HandlerMap } from './http/route-kit.js';
import { addressLimitPlugin } from './plugins/address-limit.js';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler.js';
import { requestGuardsPlugin } from './plugins/request-guards.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { devOriginPlugin } from './plugins/dev-origin.js';
import { webPlugin } from './plugins/web.js';
import { localFileStorage, type FileStorage } from './lib/file-storage.js';
import { ttlCache } from './lib/ttl-cache.js';
import { createApplicationRepository } from './modules/applications/applications.repository.js';
import { applicationHandlers } from './modules/applications/applications.routes.js';
import { createApplicationService } from './modules/applications/applications.service.js';
import { createAttachmentRepository } from './modules/attachments/attachments.repository.js';
import { attachmentHandlers } from './modules/attachments/attachments.routes.js';
import { createAttachmentService, MAX_UPLOAD_BYTES } from './modules/attachments/attachments.service.js';
import { createPublishedConfiguration } from './modules/configuration/published-configuration.js';
import { createAccountRepository } from './modules/accounts/accounts.repository.js';
import { signInHandlers } from './modules/accounts/sign-in.routes.js';
import { createSignInService } from './modules/accounts/sign-in.service.js';
import { conciergeFlowHandlers } from './modules/concierge/concierge-flow.routes.js';
import { createConciergeFlowService } from './modules/concierge/concierge-flow.service.js';
import { createDocumentRepository } from './modules/documents/documents.repository.js';
import { documentHandlers } from './modules/documents/documents.routes.js';
import { createSignatureRepository } from './modules/signatures/signatures.repository.js';
import { submissionHandlers } from './modules/submission/submission.routes.js';
import { createSubmissionService } from './modules/submission/submission.service.js';
import { createBasicFourService } from './modules/identification/basic-four.service.js';
import { createIdentificationRepository } from './modules/identification/identification.repository.js';
import { identificationHandlers } from './modules/identification/identification.routes.js';
import { createSelfInformationService } from './modules/identification/self-information.service.js';
import { mynaportalPlugin } from './simulators/mynaportal/mynaportal.plugin.js';
import { createMynaportalRepository } from './simulators/mynaportal/mynaportal.repository.js';
import { formHandlers } from './modules/forms/forms.routes.js';
import { createFormService } from './modules/forms/forms.service.js';
import { createRegistryRepository } from './modules/registry/registry.repository.js';
import { conciergeHandlers } from './modules/concierge/concierge.routes.js';
import { createConciergeService } from './modules/concierge/concierge.service.js';
import { createConfigurationRepository } from './modules/configuration/configuration.repository.js';
import { createMunicipalityRepository } from './modules/municipalities/municipalities.repository.js';
import { createSessionRepository } from './modules/sessions/sessions.repository.js';
import { createSessionService } from './modules/sessions/sessions.service.js';
import { resolveAppSecret } from './modules/system/app-secret.js';
import { createMetrics, metricsPlugin } from './modules/system/metrics.js';
import { systemHandlers } from './modules/system/system.routes.js';
import { addressHandlers } from './modules/addresses/addresses.routes.js';
import { createAddressService } from './modules/addresses/addresses.service.js';
import { personNameHandlers } from './modules/names/person-name.routes.js';
import { identitySignIn } from './modules/identity/identity.module.js';
import { createJobQueue, type JobQueue } from './jobs/job-queue.js';
import { environmentPaths, miidCallbackUrl } from './environment-paths.js';
import { registerMaintenanceJobs } from './jobs/maintenance.js';
import { renderingHandlers } from './modules/rendering/rendering.routes.js';
import { createRenderingService } from './modules/rendering/rendering.service.js';
import { signatureHandlers } from './modules/signatures/signatures.routes.js';
import { createSigningService } from './modules/signatures/signing.service.js';
import { createStaffJobs } from './modules/staff-jobs/staff-jobs.routes.js';
import { createResidentDirectory } from './simulators/idp/residents.js';
import { signingAppPlugin } from './simulators/signing-app/signing-app.plugin.js';
import { completionHandlers } from './modules/completion/completion.routes.js';
import { createCompletionRepository } from './modules/completion/completion.repository.js';
import { createCompletionService } from './modules/completion/completion.service.js';
import { createSigningAppRepository } from './simulators/signing-app/signing-app.repository.js';
import { createTestCaStore } from './simulators/signing-app/test-ca.store.js';
import { identityProviderPlugin } from './simulators/idp/plugin.js';
import { mastertoolHandlers } from './modules/mastertool/mastertool.routes.js';
import {
  createReflectionService,
  type EnvironmentDatabases,
  type EnvironmentName,
} from './modules/mastertool/reflection.service.js';
import { stagingForwardPlugin } from './plugins/staging-forward.js';
import { createAuditRepository } from './modules/audit/audit.repository.js';
import { createBackgroundWork, createMailer } from './modules/mail/mailer.js';
import { createStaffAccountRepository } from './modules/staff-accounts/staff-accounts.repository.js';
import { staffAccountHandlers } from './modules/staff-accounts/staff-accounts.routes.js';
import { createStaffAccountService } from './modules/staff-accounts/staff-accounts.service.js';
import { outboxPlugin } from './simulators/outbox/outbox.plugin.js';
import { createOutboxRepository } from './simulators/outbox/outbox.repository.js';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: () => Date;
  /** Where the built web targets live; null serves none (API only). */
  webRoot?: string | null;
  /** How long a process may keep serving a version after a newer one is published (default 2 s). */
  configurationTtlMs?: number;
  /** The job queue; by default one on the same database, started when the app is ready. */
  jobs?: JobQueue;
  /** Uploaded and rendered files; defaults to DATA_DIR/files. */
  storage?: FileStorage;
  version?: string;
  /** The environment this instance serves: production under /api (default), staging under /stg-api. */
  environment?: EnvironmentName;
  /** Both environments' databases, for the master tool; without them its calls answer 501. */
  environments?: EnvironmentDatabases;
  /** The staging instance `/stg-api/*` is handed to (production only; see environments.ts). */
  staging?: FastifyInstance;
}

/** Builds the server: plugins, then modules. It never listens; server.ts and tests decide that. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  const db = database.db;

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(deps.environment === 'staging' ? { msgPrefix: '[staging] ' } : {}) },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
    bodyLimit: 1024 * 1024,
    // Only trusted peers may name the client address: sign-in limits and the audit log count by it.
    trustProxy: config.trustProxy,
  });
  // Text no column can hold is refused before any schema, for every route alike (issue 13).
  app.setValidatorCompiler((route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    return (data: unknown) => {
      const field = unsafeTextPath(data);
      if (field === null) return validate(data);
      return { error: new AppError('validation_failed', 'contains a character that is not allowed', field) };
    };
  });
  app.setSerializerCompiler(serializerCompiler);

  const secret = await resolveAppSecret(db, config.appSecret);
  const metrics = createMetrics();
  const municipalityRepository = createMunicipalityRepository(db);
  const municipalityCache = ttlCache<string, Awaited<ReturnType<typeof municipalityRepository.findByCode>>>(
    60_000,
  );
  const municipalities = {
    findByCode: (code: string) => municipalityCache.get(code, () => municipalityRepository.findByCode(code)),
  };
  const storage = deps.storage ?? localFileStorage(join(config.dataDir, 'files'));
  const sessions = createSessionService({
    sessions: createSessionRepository(db),
    clock,
    ttlMs: config.sessionTtlMs,
  });
  const configuration = createConfigurationRepository(db);
  const published = createPublishedConfiguration({
    configuration,
    liveTtlMs: deps.configurationTtlMs ?? 2000,
  });
  const concierge = createConciergeService({ published, clock });
  const applicationRepository = createApplicationRepository(db);
  const applications = createApplicationService({ applications: applicationRepository, published, clock });
  const flow = createConciergeFlowService({ concierge, applications: applicationRepository, clock });
  const identification = createIdentificationRepository(db);
  const forms = createFormService({
    applications: applicationRepository,
    registry: createRegistryRepository(db),
    identification,
    clock,
  });
  const paths = environmentPaths[deps.environment ?? 'production'];
  /** Where this environment's web pages are (staging's under /stg). */
  const webUrl = `${config.publicUrl}${paths.web}`;
  const basicFour = createBasicFourService({ applications: applicationRepository, identification, clock });
  const selfInformation = createSelfInformationService({
    identification,
    applications: applicationRepository,
    portalUrl: config.mynaportalUrl,
    // The resident comes back to this environment's pages (/stg/... on staging).
    publicUrl: webUrl,
    clock,
  });
  const attachmentRepository = createAttachmentRepository(db);
  const attachments = createAttachmentService({ attachments: attachmentRepository, storage, clock });
  const jobs = deps.jobs ?? createJobQueue({ database, clock, logger: app.log, ...config.jobs });
  const signatureRepository = createSignatureRepository(db);
  const rendering = createRenderingService({
    jobs,
    storage,
    applications: applicationRepository,
    published,
    signatures: signatureRepository,
    clock,
  });
  const signing = createSigningService({
    signatures: signatureRepository,
    applications: applicationRepository,
    config: {
      issuer: config.signing.issuer,
      clientId: config.oidc.clientId,
      publicUrl: config.publicUrl,
      callbackOrigins: config.signing.callbackOrigins,
      trustedCaPem: config.signing.trustedCaPem ?? null,
      paths,
    },
    clock,
  });
  const submission = createSubmissionService({
    applications: applicationRepository,
    attachments: attachmentRepository,
    documents: createDocumentRepository(db),
    signatures: signatureRepository,
    clock,
  });
  const accounts = createAccountRepository(db);
  const signIn = createSignInService({ accounts, sessions, clock });
  const audit = createAuditRepository(db);
  const outbox = createOutboxRepository(db);
  // SMTP when SMTP_URL is set; otherwise mails are kept in dev_outbox (shown at /dev/outbox with simulators).
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outbox, clock });
  if (mailer.kind === 'outbox' && config.env === 'production') {
    app.log.warn('SMTP_URL is unset: mails are kept in the dev_outbox table, not sent');
  }
  const background = createBackgroundWork((err) => app.log.error({ err }, 'background work failed'));
  const staffAccounts = createStaffAccountService({
    repository: createStaffAccountRepository(db),
    accounts,
    audit,
    mailer,
    background,
    clock,
    // Mailed links open this environment's staff pages (/stg/staff/... on staging).
    publicUrl: webUrl,
  });
  const identity = identitySignIn({
    config,
    db,
    secret,
    sessions,
    municipalities,
    applications: applicationRepository,
    clock,
    environment: deps.environment ?? 'production',
    ...(deps.environments ? { keyDb: deps.environments.production.db } : {}),
  });

  await app.register(errorHandlerPlugin);
  // Development: residents on 127.0.0.1 when PUBLIC_URL says localhost (or the reverse) are moved to
  // PUBLIC_URL's host before sign-in, where its cookies and the provider's return meet. Never in production.
  if (
    config.simulators &&
    config.env !== 'production' &&
    (deps.environment ?? 'production') === 'production'
  ) {
    await app.register(devOriginPlugin, { publicUrl: config.publicUrl });
  }
  // Answers over 1 KiB go out compressed (brotli quality 4, else gzip); requests are never inflated.
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  await app.register(securityHeadersPlugin, { secure: config.secureCookies });
  await app.register(metricsPlugin, { metrics });
  await app.register(requestGuardsPlugin, {
    secret,
    secureCookies: config.secureCookies,
    municipalities,
    sessions,
  });
  // Before any route: sign-in-like routes, stand-ins' PIN forms included, count failures per address.
  await app.register(addressLimitPlugin, { attempts: accounts, clock, ...config.signInAddressLimit });

  const staffJobs = createStaffJobs({
    database,
    jobs,
    storage,
    accounts,
    applications: applicationRepository,
    published,
    rendering,
    trust: signing,
    deleteDelaySeconds: config.documentsDeleteDelaySeconds,
    clock,
    logger: app.log,
  });

  const handlers: HandlerMap = new Map([
    ...systemHandlers({ db, metrics, version: deps.version ?? '0.1.0' }),
    ...conciergeHandlers({ concierge, configuration }),
    ...applicationHandlers({ applications }),
    ...conciergeFlowHandlers({ applications, flow }),
    ...formHandlers({ applications, forms, concierge, published }),
    ...attachmentHandlers({ applications, attachments }),
    ...submissionHandlers({ applications, submission }),
    ...completionHandlers({
      applications,
      completion: createCompletionService({ completion: createCompletionRepository(db) }),
    }),
    ...identificationHandlers({ applications, basicFour, selfInformation }),
    ...renderingHandlers({ applications, rendering }),
    ...signatureHandlers({ applications, signing }),
    ...signInHandlers({ signIn, sessions, accounts, secureCookies: config.secureCookies, audit }),
    ...staffAccountHandlers({ service: staffAccounts, accounts }),
    ...identity.handlers,
    ...addressHandlers({ addresses: createAddressService() }),
    ...personNameHandlers(),
    ...(deps.environments
      ? mastertoolHandlers({
          reflection: createReflectionService({
            environment: deps.environment ?? 'production',
            databases: deps.environments,
            clock,
          }),
          accounts,
        })
      : []),
    ...documentHandlers({ db, accounts, published, storage, clock }),
    ...staffJobs.handlers,
  ]);
  registerRouteTable(app, handlers);
  if (deps.staging) await app.register(stagingForwardPlugin, { staging: deps.staging });
  if (config.simulators) {
    await app.register(mynaportalPlugin, {
      prefix: '/dev/mynaportal',
      portal: createMynaportalRepository(db),
      residents: createResidentDirectory(db),
      clock,
      baseUrl: `${config.publicUrl}/dev/mynaportal`,
    });
  }
  if (config.simulators) {
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
  }
  // The development identity provider (Digital Authentication App stand-in); absent when simulators are off.
  if (config.simulators)
    await app.register(identityProviderPlugin, { prefix: '/dev/idp', ...identity.devProvider });
  if (config.simulators) await app.register(outboxPlugin, { prefix: '/dev/outbox', outbox });
  // Staging's pages (/stg/...) name staging's municipalities.
  const stagingMunicipalities =
    deps.environments && deps.environment !== 'staging'
      ? createMunicipalityRepository(deps.environments.staging.db)
      : null;
  const stagingMunicipalityCache = ttlCache<string, boolean>(60_000);
  await app.register(webPlugin, {
    root: deps.webRoot ?? null,
    municipalityExists: async (code, environment) => {
      if (environment === 'production') return (await municipalities.findByCode(code)) !== null;
      if (!stagingMunicipalities) return true;
      return stagingMunicipalityCache.get(
        code,
        async () => (await stagingMunicipalities.findByCode(code)) !== null,
      );
    },
  });

  // Background work starts with the app and stops with it (a job queued before a restart runs after it).
  app.addHook('onReady', async () => {
    await jobs.start();
    await jobs.work('render_applicant', ({ jobId, params, progress }) =>
      rendering.run(jobId, params, progress),
    );
    await jobs.work('render_municipality', ({ jobId, params, progress }) =>
      rendering.run(jobId, params, progress),
    );
    await staffJobs.registerWorkers();
    await registerMaintenanceJobs(jobs, database, clock);
  });
  app.addHook('onClose', async () => {
    await background.idle();
    await mailer.close();
    await jobs.stop();
  });
  return app;
}
