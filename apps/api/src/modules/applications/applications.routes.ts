import { handle } from '../../http/route-kit.js';
import type { ApplicationService } from './applications.service.js';
import { applicantContext } from '../../http/request.js';

export function applicationHandlers(deps: { applications: ApplicationService }) {
  const { applications } = deps;
  return [
    handle('applicant.applications', async ({ request }) => applications.list(request.session)),
    handle('applicant.application.delete', async ({ request, params }) =>
      applications.remove(applicantContext(request), params.applicationId),
    ),
  ];
}
