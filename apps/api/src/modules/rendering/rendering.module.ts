import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { FileStorage } from '../../lib/file-storage.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import type { AnswerContextReader } from '../applications/answer-context.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { createAttachmentRepository } from '../attachments/attachments.repository.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { createSignatureRepository } from '../signatures/signatures.repository.js';
import { renderingHandlers } from './rendering.routes.js';
import { createRenderingService, type RenderingService } from './rendering.service.js';

/**
 * Application PDFs as jobs: the applicant's renderings and the municipality's (the staff jobs module
 * starts those through `service`); both kinds run here.
 */
export function renderingModule(deps: {
  db: Db;
  jobs: JobQueue;
  storage: FileStorage;
  applications: ApplicationService;
  published: PublishedConfiguration;
  /** What the answer rules read of an application (the applications module's reader). */
  answers: AnswerContextReader;
  clock: () => Date;
}): PortalModule & { service: RenderingService } {
  const { db, jobs, storage, published, clock } = deps;
  const rendering = createRenderingService({
    jobs,
    storage,
    applications: createApplicationRepository(db),
    published,
    signatures: createSignatureRepository(db),
    attachments: createAttachmentRepository(db),
    answers: deps.answers,
    clock,
  });
  return {
    handlers: renderingHandlers({ applications: deps.applications, rendering }),
    workers: [
      {
        kind: 'render_applicant',
        run: ({ jobId, params, progress }) => rendering.run(jobId, params, progress),
      },
      {
        kind: 'render_municipality',
        run: ({ jobId, params, progress }) => rendering.run(jobId, params, progress),
      },
    ],
    service: rendering,
  };
}
