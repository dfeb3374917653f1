import { notFound } from '../../http/errors.js';
import { requireMunicipality as municipalityOf } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { ConfigurationRepository } from '../configuration/configuration.repository.js';
import type { ConciergeService } from './concierge.service.js';

export function conciergeHandlers(deps: {
  concierge: ConciergeService;
  configuration: ConfigurationRepository;
}) {
  return [
    handle('applicant.home', async ({ request }) => {
      const m = municipalityOf(request);
      return {
        municipality: {
          code: m.code,
          name: m.name,
          name_en: m.nameEn,
          maintenance_message: m.maintenanceMessage,
        },
        procedure_groups: await deps.concierge.publishedGroups(m.id),
      };
    }),
    handle('applicant.terms', async ({ request, query }) => {
      const terms = await deps.configuration.terms(municipalityOf(request).id, query.device);
      if (!terms) throw notFound(`terms of service for ${query.device}`);
      return { device: query.device, title: terms.title, body: terms.body, updated_at: terms.updatedAt };
    }),
  ];
}
