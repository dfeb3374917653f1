import { AppError, conflict, notFound } from '../../http/errors.js';
import type { ApplicantContext } from '../../http/request.js';
import type { PublishedConfiguration, PublishedGroup } from '../configuration/published-configuration.js';
import type { MunicipalityRef } from '../municipalities/municipalities.repository.js';
import { counterOf } from '../counter/counter-scope.js';
import type { SessionRecord } from '../sessions/sessions.repository.js';
import type { SessionService } from '../sessions/sessions.service.js';
import type { AnswerContextReader, ApplicationAnswers } from './answer-context.js';
import { editableApplication, ownApplication } from './applications.policy.js';
import type { ApplicationRepository, ApplicationRow } from './applications.repository.js';
import { applicationView, SUBJECT_NAME_ITEMS } from './applications.view.js';

export interface OpenApplication {
  municipality: MunicipalityRef;
  application: ApplicationRow;
  group: PublishedGroup;
}

/** Loading, listing and removing a resident's applications, always scoped to the owner and municipality. */
export function createApplicationService(deps: {
  applications: ApplicationRepository;
  answers: AnswerContextReader;
  published: PublishedConfiguration;
  /** Confirms or drops a session the guard took from the kept ones (decision 0049). */
  sessions: Pick<SessionService, 'confirm' | 'forget'>;
  clock: () => Date;
}) {
  const { applications, published } = deps;

  const signedOut = () => new AppError('unauthenticated', 'sign-in required');

  /** A kept session confirmed by a query of its own, on the paths whose statement does not confirm it. */
  async function confirmed({ confirm }: ApplicantContext) {
    if (confirm && !(await deps.sessions.confirm('applicant', confirm.id))) throw signedOut();
  }

  async function open(
    { municipality, session, confirm }: ApplicantContext,
    id: string,
    opts: { edit?: boolean } = {},
  ): Promise<OpenApplication> {
    await confirmed({ municipality, session, confirm });
    const application = ownApplication(await applications.find(municipality.id, id), session);
    if (opts.edit) editableApplication(application);
    const group = await published.version(
      municipality.id,
      application.procedureGroupId,
      application.configurationVersion,
    );
    return { municipality, application, group };
  }

  /** `open` that also reads everything the answer rules need, in the same single statement. */
  async function openAnswers(
    { municipality, session, confirm }: ApplicantContext,
    id: string,
    opts: { edit?: boolean } = {},
  ): Promise<OpenApplication & { answers: ApplicationAnswers }> {
    // The kept session is confirmed by the same statement that reads the answers (decision 0049).
    const opened = await deps.answers.open(
      municipality.id,
      id,
      confirm && { id: confirm.id, now: deps.clock() },
    );
    if (confirm && !opened) await confirmed({ municipality, session, confirm });
    if (confirm && opened && !opened.sessionLive) {
      deps.sessions.forget('applicant', confirm.id);
      throw signedOut();
    }
    const application = ownApplication(opened?.application ?? null, session);
    if (opts.edit) editableApplication(application);
    const group = await published.version(
      municipality.id,
      application.procedureGroupId,
      application.configurationVersion,
    );
    return { municipality, application, group, answers: opened!.answersFor(group) };
  }

  /** Guarded attempts before a write goes through as decided on the last read (the last write wins). */
  const ATTEMPTS = 3;

  /**
   * Opens the application with its answers and runs `write` with the row version it read, again on a
   * fresh read while another write got in between (decision 0046); the last attempt is unguarded, so a
   * resident's write is never refused for a race. `write` answers null when its guard did not hold.
   */
  async function writeGuarded<T>(
    reopen: () => Promise<OpenApplication & { answers: ApplicationAnswers }>,
    write: (
      open: OpenApplication & { answers: ApplicationAnswers },
      guard: string | undefined,
    ) => Promise<T | null>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const open = await reopen();
      const done = await write(open, attempt < ATTEMPTS ? open.answers.version : undefined);
      if (done !== null) return done;
    }
  }

  return {
    open,
    openAnswers,
    writeGuarded,
    /** Keeps what a guarded save wrote for the next request (`AnswerContextReader.saved`). */
    saved: deps.answers.saved,
    /** The resident's applications of the municipality they signed in to (the call names none). */
    async list(session: SessionRecord | null) {
      if (!session?.municipalityId) throw notFound('applications');
      const bound = counterOf(session)?.application_id;
      const rows = (await applications.listForApplicant(session.municipalityId, session.subjectId)).filter(
        // A counter session lists only its application (decision 0026).
        (r) => !bound || r.application.id === bound,
      );
      const ids = rows.map((r) => r.application.id);
      // Two reads for the whole list, not two per application.
      const [documents, answers] = await Promise.all([
        applications.documentsOf(ids),
        applications.answersOf(ids, SUBJECT_NAME_ITEMS),
      ]);
      const views = [];
      for (const { application: row, municipalityCode } of rows) {
        const group = await published
          .version(row.municipalityId, row.procedureGroupId, row.configurationVersion)
          .catch(() => null);
        views.push(
          applicationView(row, municipalityCode, group, {
            documents: documents.filter((d) => d.applicationId === row.id),
            subjectAnswers: answers.get(row.id),
          }),
        );
      }
      return { applications: views };
    },
    /** Drafts only: once submitted, an application belongs to the municipality's records. */
    async remove(who: ApplicantContext, id: string) {
      const { application } = await open(who, id);
      if (application.status !== 'draft')
        throw conflict(`a ${application.status} application cannot be deleted`);
      await applications.delete(application.id);
      return { ok: true as const };
    },
  };
}
export type ApplicationService = ReturnType<typeof createApplicationService>;
