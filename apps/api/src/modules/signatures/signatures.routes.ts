import { AppError } from '../../http/errors.js';
import { requireMunicipality, applicantContext } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import { isNavigation } from '../identity/identity.routes.js';
import type { ApplicationService } from '../applications/applications.service.js';
import type { SigningService } from './signing.service.js';

export function signatureHandlers(deps: { applications: ApplicationService; signing: SigningService }) {
  const { applications, signing } = deps;
  const edit = { edit: true };
  return [
    handle('applicant.signature.deeplink', async ({ request, params, body }) =>
      signing.deepLink(
        await applications.open(applicantContext(request), params.applicationId, edit),
        body.application_documents,
      ),
    ),
    handle('applicant.signature.create', async ({ request, params, body }) =>
      signing.start(
        await applications.open(applicantContext(request), params.applicationId, edit),
        body.application_documents,
      ),
    ),
    handle('applicant.signature.complete', async ({ request, params, body }) =>
      signing.confirm(
        await applications.open(applicantContext(request), params.applicationId),
        body.signing_id,
      ),
    ),
    handle('applicant.signature.info', async ({ request, params }) => {
      if (!request.session) throw new AppError('unauthenticated', 'sign-in required');
      return signing.get(request.session.subjectId, requireMunicipality(request).id, params.signingId);
    }),
    handle('applicant.miid.validate', async ({ query }) => signing.validateCallback(query.callbackUri)),
    handle('applicant.miid.callback', async ({ request, query, reply }) => {
      try {
        const { location } = await signing.complete(query.code, query.state);
        return await reply.redirect(location, 302);
      } catch (error) {
        // A resident's browser gets a page that says what happened, never an error body.
        if (!(error instanceof AppError) || !isNavigation(request)) throw error;
        return reply.redirect(signing.failedReturnPage(), 302);
      }
    }),
  ];
}
