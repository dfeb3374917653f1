import { handle } from '../../http/route-kit.js';
import type { ApplicationService } from '../applications/applications.service.js';
import type { BasicFourService } from './basic-four.service.js';
import type { SelfInformationService } from './self-information.service.js';
import { applicantContext } from '../../http/request.js';

export function identificationHandlers(deps: {
  applications: ApplicationService;
  basicFour: BasicFourService;
  selfInformation: SelfInformationService;
}) {
  const { applications, basicFour, selfInformation } = deps;
  const edit = { edit: true };
  return [
    handle('applicant.basic_four.status', async ({ request, params }) =>
      basicFour.status(await applications.open(applicantContext(request), params.applicationId)),
    ),
    handle('applicant.basic_four.create', async ({ request, params, body }) =>
      basicFour.verify(await applications.open(applicantContext(request), params.applicationId, edit), body),
    ),
    handle('applicant.basic_four.update', async ({ request, params, body }) =>
      basicFour.verify(await applications.open(applicantContext(request), params.applicationId, edit), body),
    ),
    handle('applicant.self_information.get', async ({ request, params }) =>
      selfInformation.status(await applications.open(applicantContext(request), params.applicationId)),
    ),
    handle('applicant.self_information.update', async ({ request, params, body }) =>
      selfInformation.update(
        await applications.open(applicantContext(request), params.applicationId, edit),
        body.status,
      ),
    ),
    handle('applicant.identification.get', async ({ request, params }) =>
      basicFour.overview(
        await applications.open(applicantContext(request), params.applicationId),
        request.session,
      ),
    ),
    handle('applicant.identification.jpki', async ({ request, params }) =>
      basicFour.identifyByCard(
        await applications.open(applicantContext(request), params.applicationId, edit),
        request.session,
      ),
    ),
    handle('applicant.basic_four.delete', async ({ request, params }) =>
      basicFour.withdraw(await applications.open(applicantContext(request), params.applicationId, edit)),
    ),
  ];
}
