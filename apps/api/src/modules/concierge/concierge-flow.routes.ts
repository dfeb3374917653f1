import { AppError } from '../../http/errors.js';
import { requireMunicipality, applicantContext } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { cardSignInOf } from '../identification/identification.state.js';
import type { ConciergeFlowService } from './concierge-flow.service.js';

export function conciergeFlowHandlers(deps: {
  applications: ApplicationService;
  flow: ConciergeFlowService;
}) {
  const { applications, flow } = deps;
  return [
    handle('applicant.concierge_filter.evaluate', async ({ request, body }) =>
      flow.evaluateFilter(requireMunicipality(request).id, body),
    ),
    handle('applicant.application.create', async ({ request, body }) => {
      if (!request.session) throw new AppError('unauthenticated', 'sign-in required');
      return flow.create(requireMunicipality(request), request.session.subjectId, body);
    }),
    handle('applicant.concierge_assistant.get', async ({ request, params, query }) =>
      flow.assistant(
        await applications.openAnswers(applicantContext(request), params.applicationId),
        query.concierge_sub_category_id,
      ),
    ),
    handle('applicant.concierge_assistant.answer', async ({ request, params, body }) =>
      flow.answerAssistant(
        () => applications.openAnswers(applicantContext(request), params.applicationId, { edit: true }),
        body,
      ),
    ),
    handle('applicant.application.procedures.get', async ({ request, params }) =>
      flow.proceduresPage(await applications.openAnswers(applicantContext(request), params.applicationId)),
    ),
    handle('applicant.application.way_ahead', async ({ request, params }) =>
      flow.wayAhead(
        await applications.openAnswers(applicantContext(request), params.applicationId),
        cardSignInOf(request.session?.data) !== null,
      ),
    ),
    handle('applicant.application.procedures.select', async ({ request, params, body }) =>
      flow.chooseProcedures(
        await applications.openAnswers(applicantContext(request), params.applicationId, { edit: true }),
        body.procedure_ids,
      ),
    ),
  ];
}
