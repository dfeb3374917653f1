import { handle } from '../../http/route-kit.js';
import type { ApplicationService } from '../applications/applications.service.js';
import type { BasicFourService } from './basic-four.service.js';

export function identificationHandlers(deps: {
  applications: ApplicationService;
  basicFour: BasicFourService;
}) {
  const { applications, basicFour } = deps;
  const edit = { edit: true };
  return [
    handle('applicant.basic_four.status', async ({ request, params }) =>
      basicFour.status(await applications.open(request, params.applicationId)),
    ),
    handle('applicant.basic_four.create', async ({ request, params, body }) =>
      basicFour.verify(await applications.open(request, params.applicationId, edit), body),
    ),
    handle('applicant.basic_four.update', async ({ request, params, body }) =>
      basicFour.verify(await applications.open(request, params.applicationId, edit), body),
    ),
    handle('applicant.basic_four.delete', async ({ request, params }) =>
      basicFour.withdraw(await applications.open(request, params.applicationId, edit)),
    ),
  ];
}
