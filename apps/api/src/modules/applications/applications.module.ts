import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import type { SessionService } from '../sessions/sessions.service.js';
import { createAnswerContextReader, type AnswerContextReader } from './answer-context.js';
import { createAnswerContextRepository } from './answer-context.repository.js';
import { createApplicationRepository } from './applications.repository.js';
import { applicationHandlers } from './applications.routes.js';
import { createApplicationService, type ApplicationService } from './applications.service.js';

/**
 * The applicant routes whose first read is `openAnswers`, which confirms the session in the statement
 * that reads the answers: the guard may take their session from the process's kept ones (decision 0049).
 */
export const SESSION_CONFIRMED_IN_ROUTE: ReadonlySet<string> = new Set([
  'applicant.form.values',
  'applicant.form.save_page',
  'applicant.concierge_assistant.save_form',
  'applicant.concierge_assistant.get',
  'applicant.concierge_assistant.answer',
  'applicant.application.procedures.get',
  'applicant.application.procedures.select',
  'applicant.application.way_ahead',
]);

/** A resident's applications; `service` is the gate every applicant module opens one through. */
export function applicationsModule(deps: {
  db: Db;
  published: PublishedConfiguration;
  sessions: Pick<SessionService, 'confirm' | 'forget'>;
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
    sessions: deps.sessions,
    clock: deps.clock,
  });
  return { handlers: applicationHandlers({ applications }), service: applications, answers };
}
