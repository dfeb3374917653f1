import type { Database } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import type { AnswerContextReader } from '../applications/answer-context.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import type { RenderingService } from '../rendering/rendering.service.js';
import { createDeletionService } from './deletion.service.js';
import { createDisposalService, type DisposalService } from './disposal.service.js';
import { createExportRepository } from './exports.repository.js';
import { createExportService } from './exports.service.js';
import { createSignatureZipService, type TrustSource } from './signature-zip.service.js';
import { createStaffJobsRepository } from './staff-jobs.repository.js';
import { staffJobHandlers } from './staff-jobs.routes.js';
import { createStaffRenderingService } from './staff-rendering.service.js';

interface Logger {
  error(obj: object, msg?: string): void;
}

/**
 * The staff jobs: municipality and report renderings, signature packages, deletion requests and exports,
 * with the workers of report renderings, deletions and exports (municipality renderings run in the
 * rendering module).
 */
export function staffJobsModule(deps: {
  database: Database;
  jobs: JobQueue;
  storage: FileStorage;
  accounts: AccountRepository;
  published: PublishedConfiguration;
  rendering: RenderingService;
  /** What the answer rules read of an application (the applications module's reader). */
  answers: AnswerContextReader;
  /** Where signature packages get the trusted CA chain and the current CRL (the signatures module). */
  trust: TrustSource;
  /** Grace delay of a deletion request, in seconds. */
  deleteDelaySeconds: number;
  /** Years a finished document is kept when its procedure names none (decision 0052). */
  retentionYearsDefault: number;
  clock: () => Date;
  logger: Logger;
}): PortalModule & { disposal: DisposalService } {
  const { database, jobs, storage, published, clock, logger } = deps;
  const repository = createStaffJobsRepository(database.db);
  const applications = createApplicationRepository(database.db);
  const audit = createAuditRepository(database.db);
  const renderings = createStaffRenderingService({
    jobs,
    storage,
    rendering: deps.rendering,
    repository,
    applications,
    published,
    answers: deps.answers,
    audit,
    clock,
  });
  const signatures = createSignatureZipService({
    repository,
    applications,
    published,
    storage,
    trust: deps.trust,
    audit,
    clock,
  });
  const deletion = createDeletionService({
    jobs,
    storage,
    repository,
    audit,
    delaySeconds: deps.deleteDelaySeconds,
    logger,
  });
  const disposal = createDisposalService({
    repository,
    storage,
    defaultYears: deps.retentionYearsDefault,
    clock,
    logger,
  });
  const exports = createExportService({
    jobs,
    storage,
    exports: createExportRepository(database),
    repository,
    published,
    answers: deps.answers,
    audit,
    clock,
    logger,
  });
  return {
    handlers: staffJobHandlers({ accounts: deps.accounts, renderings, signatures, deletion, exports }),
    workers: [
      {
        kind: 'render_document',
        run: ({ jobId, params, progress }) => renderings.runReport(jobId, params, progress),
      },
      { kind: 'documents_delete', run: ({ jobId, params }) => deletion.run(jobId, params) },
      { kind: 'export', run: ({ jobId, params, progress }) => exports.run(jobId, params, progress) },
      // Daily at 03:30 JST (pg-boss schedules in UTC), one process cluster-wide: retention (decision 0052).
      { schedule: 'document-disposal', cron: '30 18 * * *', run: async () => void (await disposal.run()) },
    ],
    disposal,
  };
}
