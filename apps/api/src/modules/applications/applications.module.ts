import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { createAnswerContextReader, type AnswerContextReader } from './answer-context.js';
import { createAnswerContextRepository } from './answer-context.repository.js';
import { createApplicationRepository } from './applications.repository.js';
import { applicationHandlers } from './applications.routes.js';
import { createApplicationService, type ApplicationService } from './applications.service.js';

/** A resident's applications; `service` is the gate every applicant module opens one through. */
export function applicationsModule(deps: {
  db: Db;
  published: PublishedConfiguration;
  clock: () => Date;
}): PortalModule & {
  service: ApplicationService;
  /** What the answer rules read of an application, in one statement (forms, submission, staff edits). */
  answers: AnswerContextReader;
} {
  const answers = createAnswerContextReader({
    repository: createAnswerContextRepository(deps.db),
    clock: deps.clock,
  });
  const applications = createApplicationService({
    applications: createApplicationRepository(deps.db),
    answers,
    published: deps.published,
    clock: deps.clock,
  });
  return { handlers: applicationHandlers({ applications }), service: applications, answers };
}
