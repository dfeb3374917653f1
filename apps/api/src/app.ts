import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { environmentPaths } from './environment-paths.js';
import { createFastify } from './http/fastify-instance.js';
import { keptCompression, SYNC_COMPRESSION_MAX_BYTES } from './http/kept-compression.js';
import { mountModules, startWorkers, type PortalModule } from './http/module-kit.js';
import { createJobQueue, type JobQueue } from './jobs/job-queue.js';
import { maintenanceModule } from './jobs/maintenance.js';
import type { FileStorage } from './lib/file-storage.js';
import { configuredFileStorage } from './lib/storage.js';
import { accountsModule } from './modules/accounts/accounts.module.js';
import { addressesModule } from './modules/addresses/addresses.module.js';
import { banksModule } from './modules/banks/banks.module.js';
import {
  applicationsModule,
  SESSION_CONFIRMED_IN_ROUTE,
} from './modules/applications/applications.module.js';
import { createClamdScanner, type MalwareScanner } from './lib/clamd.js';
import { attachmentsModule } from './modules/attachments/attachments.module.js';
import { MAX_UPLOAD_BYTES } from './modules/attachments/attachments.service.js';
import { completionModule } from './modules/completion/completion.module.js';
import { conciergeModule } from './modules/concierge/concierge.module.js';
import { funnelModule } from './modules/funnel/funnel.module.js';
import { counterModule } from './modules/counter/counter.module.js';
import { createConfigurationRepository } from './modules/configuration/configuration.repository.js';
import { createPublishedConfiguration } from './modules/configuration/published-configuration.js';
import { documentsModule } from './modules/documents/documents.module.js';
import { formsModule } from './modules/forms/forms.module.js';
import { identificationModule } from './modules/identification/identification.module.js';
import { identityModule } from './modules/identity/identity.module.js';
import { integrationModule } from './modules/integration/integration.module.js';
import { createWebhookSender } from './modules/integration/webhook-sender.js';
import { createWebhookRepository } from './modules/integration/webhooks.repository.js';
import { createBackgroundWork, createMailer } from './modules/mail/mailer.js';
import type { EnvironmentDatabases, EnvironmentName } from './modules/mastertool/reflection.service.js';
import { mastertoolModule } from './modules/mastertool/mastertool.module.js';
import { cachedMunicipalities, webMunicipalityCheck } from './modules/municipalities/municipality-lookup.js';
import { namesModule } from './modules/names/names.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { renderingModule } from './modules/rendering/rendering.module.js';
import { createSessionRepository } from './modules/sessions/sessions.repository.js';
import { createSessionService } from './modules/sessions/sessions.service.js';
import { staffFor } from './modules/staff/staff-context.js';
import { signaturesModule } from './modules/signatures/signatures.module.js';
import { staffAccountsModule } from './modules/staff-accounts/staff-accounts.module.js';
import { staffJobsModule } from './modules/staff-jobs/staff-jobs.module.js';
import { submissionModule } from './modules/submission/submission.module.js';
import { resolveAppSecret } from './modules/system/app-secret.js';
import { createMetrics, metricsPlugin } from './modules/system/metrics.js';
import { systemModule } from './modules/system/system.module.js';
import { addressLimitPlugin } from './plugins/address-limit.js';
import { devOriginPlugin } from './plugins/dev-origin.js';
import { errorHandlerPlugin } from './plugins/error-handler.js';
import { requestRateLimitPlugin } from './plugins/rate-limit.js';
import { requestGuardsPlugin } from './plugins/request-guards.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { stagingForwardPlugin } from './plugins/staging-forward.js';
import { webPlugin } from './plugins/web.js';
import { createOutboxRepository } from './simulators/outbox/outbox.repository.js';
import { registerSimulators } from './simulators/simulators.js';

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
  /** The malware scanner of uploads; by default clamd at CLAMD_URL when scanning is on (tests count scans). */
  malwareScanner?: MalwareScanner;
  version?: string;
  /** The environment this instance serves: production under /api (default), staging under /stg-api. */
  environment?: EnvironmentName;
  /** Both environments' databases, for the master tool; without them its calls answer 501. */
  environments?: EnvironmentDatabases;
  /** The staging instance `/stg-api/*` is handed to (production only; see environments.ts). */
  staging?: FastifyInstance;
}

/**
 * Builds the server: shared services, the modules (decision 0016), then the cross-cutting plugins, the
 * route table and the development stand-ins. It never listens; server.ts and tests decide that.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const db = database.db;
  const clock = deps.clock ?? (() => new Date());
  const environment = deps.environment ?? 'production';
  const paths = environmentPaths[environment];
  /** Where this environment's web pages are (staging's under /stg). */
  const webUrl = `${config.publicUrl}${paths.web}`;
  const app = createFastify(config, environment);

  // Shared by several modules and plugins: one of each per app.
  const secret = await resolveAppSecret(db, config.appSecret);
  const metrics = createMetrics();
  const municipalities = cachedMunicipalities(db);
  const storage = deps.storage ?? configuredFileStorage(config);
  const jobs =
    deps.jobs ?? createJobQueue({ database, clock, logger: app.log, metrics: metrics.jobs, ...config.jobs });
  // Business counters: each service gets the ones it adds to (no global registry).
  const counters = metrics.applications;
  const signInFailures = metrics.signInFailures;
  const sessions = createSessionService({
    sessions: createSessionRepository(db),
    clock,
    ttlMs: config.sessionTtlMs,
    idleMs: config.sessionIdleMs,
  });
  const published = createPublishedConfiguration({
    configuration: createConfigurationRepository(db),
    liveTtlMs: deps.configurationTtlMs ?? 2000,
  });
  const outbox = createOutboxRepository(db);
  // SMTP when SMTP_URL is set; otherwise mails are kept in dev_outbox (shown at /dev/outbox with simulators).
  const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outbox, clock });
  if (mailer.kind === 'outbox' && config.env === 'production') {
    app.log.warn('SMTP_URL is unset: mails are kept in the dev_outbox table, not sent');
  }
  const malwareScanner = config.malwareScan
    ? (deps.malwareScanner ?? createClamdScanner({ url: config.malwareScan.clamdUrl }))
    : null;
  if (!malwareScanner && environment === 'production') {
    app.log.warn('malware scanning is off: uploads are stored unscanned (set CLAMD_URL; decision 0051)');
  }
  const background = createBackgroundWork((err) => app.log.error({ err }, 'background work failed'));

  // The modules, each built from what it declares; later ones use services of earlier ones.
  const applications = applicationsModule({ db, published, sessions, clock });
  const accounts = accountsModule({
    db,
    sessions,
    secureCookies: config.secureCookies,
    signInFailures,
    clock,
  });
  const funnel = funnelModule({
    db,
    published,
    accounts: accounts.repository,
    ...(deps.environments
      ? {
          residents: {
            db: deps.environments.production.db,
            published: createPublishedConfiguration({
              configuration: createConfigurationRepository(deps.environments.production.db),
            }),
          },
        }
      : {}),
  });
  const concierge = conciergeModule({
    db,
    published,
    applications: applications.service,
    counters,
    funnel: funnel.service,
    clock,
  });
  const rendering = renderingModule({
    db,
    jobs,
    storage,
    applications: applications.service,
    published,
    answers: applications.answers,
    clock,
  });
  const signatures = signaturesModule({ db, config, paths, applications: applications.service, clock });
  const notifications = notificationsModule({
    db,
    jobs,
    mailer,
    attempts: accounts.repository,
    secret,
    webUrl,
    draftRetentionDays: config.draftRetentionDays,
    clock,
    logger: app.log,
  });
  const identity = identityModule({
    config,
    db,
    secret,
    sessions,
    municipalities,
    signInFailures,
    clock,
    environment,
    // Staging signs in as production's client, with production's stored key.
    ...(deps.environments ? { keyDb: deps.environments.production.db } : {}),
  });
  // Before the documents and submission: their changes write deliveries and kick this sender (decision 0059).
  const webhookSender = createWebhookSender({
    webhooks: createWebhookRepository(db),
    jobs,
    sending: config.webhooks,
    clock,
    logger: app.log,
  });
  const documents = documentsModule({
    db,
    answers: applications.answers,
    accounts: accounts.repository,
    published,
    storage,
    counters,
    sender: notifications.sender,
    webhooks: webhookSender,
    retentionYearsDefault: config.retentionYearsDefault,
    clock,
    logger: app.log,
  });
  const integration = integrationModule({
    db,
    staffFor: (request, action) => staffFor(request, accounts.repository, action),
    documents: documents.systemDocuments,
    apiBase: paths.api,
    webhookSender,
    webhookPolicy: config.webhooks.policy,
    clock,
  });
  const modules: PortalModule[] = [
    systemModule({ database, storage, metrics, jobs, logger: app.log, version: deps.version ?? '0.1.0' }),
    concierge,
    applications,
    funnel,
    formsModule({
      db,
      applications: applications.service,
      concierge: concierge.service,
      published,
      clock,
    }),
    attachmentsModule({
      db,
      applications: applications.service,
      storage,
      funnel: funnel.service,
      clock,
      scanning: malwareScanner
        ? { scanner: malwareScanner, inlineTimeoutMs: config.malwareScan!.inlineTimeoutMs }
        : null,
      logger: app.log,
    }),
    submissionModule({
      db,
      applications: applications.service,
      answers: applications.answers,
      counters,
      sender: notifications.sender,
      webhooks: webhookSender,
      sessions,
      funnel: funnel.service,
      clock,
    }),
    completionModule({ db, applications: applications.service }),
    identificationModule({
      db,
      applications: applications.service,
      portalUrl: config.mynaportalUrl,
      webUrl,
      funnel: funnel.service,
      clock,
    }),
    rendering,
    signatures,
    accounts,
    staffAccountsModule({
      db,
      accounts: accounts.repository,
      mailer,
      background,
      webUrl,
      sessions,
      secureCookies: config.secureCookies,
      clock,
    }),
    identity,
    counterModule({
      db,
      applications: applications.service,
      accounts: accounts.repository,
      published,
      sessions,
      secret,
      secureCookies: config.secureCookies,
      webUrl: config.publicUrl,
      webBase: paths.web,
      clock,
    }),
    addressesModule(),
    banksModule(),
    namesModule(),
    mastertoolModule({ environment, environments: deps.environments, accounts: accounts.repository, clock }),
    documents,
    integration,
    notifications,
    staffJobsModule({
      database,
      jobs,
      storage,
      accounts: accounts.repository,
      published,
      rendering: rendering.service,
      answers: applications.answers,
      trust: signatures.service,
      deleteDelaySeconds: config.documentsDeleteDelaySeconds,
      retentionYearsDefault: config.retentionYearsDefault,
      clock,
      logger: app.log,
    }),
    maintenanceModule({ database, clock }),
  ];

  await app.register(errorHandlerPlugin);
  // Development: residents on 127.0.0.1 when PUBLIC_URL says localhost (or the reverse) are moved to
  // PUBLIC_URL's host before sign-in, where its cookies and the provider's return meet. Never in production.
  if (config.simulators && config.env !== 'production' && environment === 'production') {
    await app.register(devOriginPlugin, { publicUrl: config.publicUrl });
  }
  // Answers over 1 KiB go out compressed (brotli quality 4, else gzip); requests are never inflated.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    globalDecompression: false,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    zlib: keptCompression(),
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });
  await app.register(securityHeadersPlugin, { secure: config.secureCookies });
  await app.register(metricsPlugin, { metrics });
  // Before the guards: a call they refuse is counted too, and its answer carries the RateLimit-* headers.
  await app.register(requestRateLimitPlugin, config.rateLimits);
  await app.register(requestGuardsPlugin, {
    secret,
    secureCookies: config.secureCookies,
    municipalities,
    sessions,
    confirmedInRoute: SESSION_CONFIRMED_IN_ROUTE,
    systemKeys: integration.keys,
  });
  // Before any route: sign-in-like routes, stand-ins' PIN forms included, count failures per address.
  await app.register(addressLimitPlugin, {
    attempts: accounts.repository,
    clock,
    ...config.signInAddressLimit,
    refusals: metrics.addressLimited,
  });

  mountModules(app, modules);
  if (deps.staging) await app.register(stagingForwardPlugin, { staging: deps.staging });
  if (config.simulators)
    await registerSimulators(app, { config, db, clock, idp: identity.devProvider, outbox });
  await app.register(webPlugin, {
    root: deps.webRoot ?? null,
    // Staging's pages (/stg/...) name staging's municipalities.
    municipalityExists: webMunicipalityCheck(
      municipalities,
      deps.environments && environment !== 'staging' ? deps.environments.staging.db : null,
    ),
    // The key of a municipality's server-rendered pages: a reflection renders them again (decision 0060).
    publishedVersions: async (code) => {
      const municipality = await municipalities.findByCode(code);
      if (!municipality) return '';
      const live = await published.liveVersions(municipality.id);
      return live.map((v) => `${v.groupId}:${v.version}`).join(',');
    },
    // A page's plain form is a write of a resident without the script (decision 0061).
    pageFormLimit: {
      max: config.rateLimits.perSession.writes * config.rateLimits.addressFactor,
      windowMs: config.rateLimits.windowMs,
    },
    // A rendered page view is a read: its render's calls are counted here instead (rate-limit.ts).
    pageRenderLimit: {
      max: config.rateLimits.perSession.reads,
      windowMs: config.rateLimits.windowMs,
    },
  });

  // Background work starts with the app and stops with it (a job queued before a restart runs after it).
  app.addHook('onReady', () => startWorkers(jobs, modules));
  app.addHook('onClose', async () => {
    await background.idle();
    await mailer.close();
    await jobs.stop();
  });
  return app;
}
