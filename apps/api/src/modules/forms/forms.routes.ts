import { requireMunicipality, applicantContext } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { ApplicationService } from '../applications/applications.service.js';
import type { ConciergeService } from '../concierge/concierge.service.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import type { FormService } from './forms.service.js';

export function formHandlers(deps: {
  applications: ApplicationService;
  forms: FormService;
  concierge: ConciergeService;
  published: PublishedConfiguration;
}) {
  const { applications, forms } = deps;
  return [
    handle('applicant.form.get', async ({ request, reply, query }) => {
      const municipality = requireMunicipality(request);
      // A given version serves applications that started on it; without one, the live version.
      const group =
        query.version === undefined
          ? await deps.concierge.openGroup(municipality.id, query.procedure_group_id)
          : await deps.published.version(municipality.id, query.procedure_group_id, query.version);
      return reply.type('application/json').send(forms.definition(group, query.procedure_ids));
    }),
    handle('applicant.form.values', async ({ request, reply, params }) => {
      const open = await applications.openAnswers(applicantContext(request), params.applicationId);
      // Written once per kept answer context: a read whose context still holds sends the same text.
      const json = forms.valuesJson(open, (value) => reply.serialize(value) as string);
      return reply.type('application/json').send(json);
    }),
    handle('applicant.form.save_page', async ({ request, reply, params, body }) => {
      const json = await forms.saveForm(
        () => applications.openAnswers(applicantContext(request), params.applicationId, { edit: true }),
        body,
        (value) => reply.serialize(value) as string,
      );
      return reply.type('application/json').send(json);
    }),
    handle('applicant.concierge_assistant.save_form', async ({ request, reply, params, body }) => {
      const json = await forms.saveAssistantForm(
        () => applications.openAnswers(applicantContext(request), params.applicationId, { edit: true }),
        body,
        (value) => reply.serialize(value) as string,
      );
      return reply.type('application/json').send(json);
    }),
  ];
}
