import { handle } from '../../http/route-kit.js';
import type { ApplicationService } from '../applications/applications.service.js';
import type { CompletionService } from './completion.service.js';
import { applicantContext } from '../../http/request.js';

export function completionHandlers(deps: {
  applications: ApplicationService;
  completion: CompletionService;
}) {
  const { applications, completion } = deps;
  return [
    handle('applicant.completion.get', async ({ request, params }) =>
      completion.view(await applications.open(applicantContext(request), params.applicationId)),
    ),
    handle('applicant.completion.rate', async ({ request, params, body }) =>
      completion.rate(await applications.open(applicantContext(request), params.applicationId), body),
    ),
  ];
}
