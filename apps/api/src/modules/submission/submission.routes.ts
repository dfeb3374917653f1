import { validationFailed } from '../../http/errors.js';
import { COUNTER_MARKER_COOKIE } from '@portal/contracts';
import { handle } from '../../http/route-kit.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { counterOf } from '../counter/counter-scope.js';
import { counterCheckOf } from '../counter/counter.service.js';
import { sessionCookie, type SessionService } from '../sessions/sessions.service.js';
import type { SubmissionService } from './submission.service.js';
import { applicantContext } from '../../http/request.js';

export function submissionHandlers(deps: {
  applications: ApplicationService;
  submission: SubmissionService;
  sessions: Pick<SessionService, 'end'>;
}) {
  return [
    handle('applicant.document.status', async ({ request, reply, params, body }) => {
      const open = await deps.applications.open(applicantContext(request), params.applicationId);
      if (body.status !== 'submitted') return deps.submission.withdraw(open);
      const counter = counterOf(request.session);
      if (!counter) return deps.submission.submit(open);
      // At the counter: channel counter, with the clerk's identity check of this session (decision 0026).
      const check = counterCheckOf(open.application, counter);
      if (!check) {
        throw validationFailed([
          { field: 'identification', message: 'check the applicant’s identity at the counter first' },
        ]);
      }
      const submitted = await deps.submission.submit(open, check);
      // Submitted: the counter session ends; the tablet goes back to the staff area.
      await deps.sessions.end(request.cookies[sessionCookie.applicant]);
      reply.clearCookie(sessionCookie.applicant, { path: '/' });
      reply.clearCookie(COUNTER_MARKER_COOKIE, { path: '/' });
      return submitted;
    }),
  ];
}
