import { handle } from '../../http/route-kit.js';
import type { ApplicationService } from '../applications/applications.service.js';
import type { SubmissionService } from './submission.service.js';

export function submissionHandlers(deps: {
  applications: ApplicationService;
  submission: SubmissionService;
}) {
  return [
    handle('applicant.document.status', async ({ request, params, body }) => {
      const open = await deps.applications.open(request, params.applicationId);
      return body.status === 'submitted' ? deps.submission.submit(open) : deps.submission.withdraw(open);
    }),
  ];
}
