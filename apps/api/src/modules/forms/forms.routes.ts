import { handle } from '../../http/route-kit.js';
import type { ApplicationService } from '../applications/applications.service.js';
import type { FormService } from './forms.service.js';

export function formHandlers(deps: { applications: ApplicationService; forms: FormService }) {
  const { applications, forms } = deps;
  return [
    handle('applicant.form.get', async ({ request, params }) =>
      forms.definition(await applications.open(request, params.applicationId)),
    ),
    handle('applicant.form.values', async ({ request, params }) =>
      forms.values(await applications.open(request, params.applicationId)),
    ),
    handle('applicant.form.create', async ({ request, params, body }) =>
      forms.saveForm(await applications.open(request, params.applicationId, { edit: true }), body),
    ),
    handle('applicant.form.update', async ({ request, params, body }) =>
      forms.saveAssistantForm(await applications.open(request, params.applicationId, { edit: true }), body),
    ),
  ];
}
