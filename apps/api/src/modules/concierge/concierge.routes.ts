import * as C from '@portal/contracts';
import { notFound } from '../../http/errors.js';
import { requireMunicipality as municipalityOf } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { ConfigurationRepository } from '../configuration/configuration.repository.js';
import { publishedJson } from '../configuration/published-configuration.js';
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
    handle('applicant.concierge_filter.get', async ({ request, reply, query }) => {
      const group = await deps.concierge.openGroup(municipalityOf(request).id, query.procedure_group_id);
      const body = publishedJson(group, 'concierge-filter', C.ConciergeFilter, () => ({
        procedure_group_id: group.config.id,
        version: group.version,
        category: group.config.concierge_set.filter_concierge_category,
      }));
      return reply.type('application/json').send(body);
    }),
    handle('applicant.procedures', async ({ request, reply, query }) => {
      const group = await deps.concierge.openGroup(municipalityOf(request).id, query.procedure_group_id);
      const body = publishedJson(group, 'procedures', C.ApplicationProcedures, () => ({
        available: group.config.disclosure.procedures,
        selected_ids: [],
        explanations: [],
      }));
      return reply.type('application/json').send(body);
    }),
    handle('applicant.procedure_overview', async ({ request, reply, query }) => {
      const group = await deps.concierge.openGroup(municipalityOf(request).id, query.procedure_group_id);
      const { procedures, procedure_attaches } = group.config.disclosure;
      const body = publishedJson(group, 'procedure-overview', C.ProcedureOverview, () => ({
        procedures: procedures.map((p) => ({
          id: p.id,
          code: p.code,
          name: p.name,
          remarks: p.remarks,
          printed_copies: p.printed_copies,
          ...(p.en ? { en: p.en } : {}),
          attaches: procedure_attaches
            .filter((a) => a.procedure_id === p.id)
            .map((a) => ({ name: a.name, type: a.type, ...(a.en ? { en: a.en } : {}) })),
          requires_digital_signature: p.is_signature_digital_certificate,
        })),
      }));
      return reply.type('application/json').send(body);
    }),
    handle('applicant.procedural_rules', async ({ request, reply, query }) => {
      const group = await deps.concierge.openGroup(municipalityOf(request).id, query.procedure_group_id);
      const body = publishedJson(group, 'procedural-rules', C.ProceduralRulesResponse, () => ({
        rules: group.config.disclosure.procedures.map((p) => ({
          procedure_code: p.code,
          procedural_rules: p.procedural_rules,
        })),
      }));
      return reply.type('application/json').send(body);
    }),
  ];
}
