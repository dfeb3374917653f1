import * as C from '@portal/contracts';
import { notFound } from '../../http/errors.js';
import { requireMunicipality as municipalityOf } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import { publishedJson, type PublishedConfiguration } from '../configuration/published-configuration.js';
import type { ConciergeService } from './concierge.service.js';
import { wayAhead } from './way-ahead.js';

export function conciergeHandlers(deps: { concierge: ConciergeService; published: PublishedConfiguration }) {
  return [
    handle('applicant.home', async ({ request, reply }) =>
      reply.type('application/json').send(await deps.concierge.homeJson(municipalityOf(request))),
    ),
    handle('applicant.terms', async ({ request, reply, query }) => {
      const terms = await deps.published.termsJson(municipalityOf(request).id, query.device);
      if (!terms) throw notFound(`terms of service for ${query.device}`);
      return reply.type('application/json').send(terms);
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
    handle('applicant.concierge_assistant.questions', async ({ request, reply, query }) => {
      const municipalityId = municipalityOf(request).id;
      // A given version serves applications that started on it; without one, the live version.
      const group =
        query.version === undefined
          ? await deps.concierge.openGroup(municipalityId, query.procedure_group_id)
          : await deps.published.version(municipalityId, query.procedure_group_id, query.version);
      const body = publishedJson(group, 'assistant-questions', C.AssistantQuestions, () => ({
        procedure_group_id: group.config.id,
        version: group.version,
        categories: group.config.concierge_set.assistant_concierge_category,
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
        ...(group.config.resident_texts ? { resident_texts: group.config.resident_texts } : {}),
      }));
      return reply.type('application/json').send(body);
    }),
    handle('applicant.way_ahead', async ({ request, reply, query }) => {
      const group = await deps.concierge.openGroup(municipalityOf(request).id, query.procedure_group_id);
      const body = publishedJson(group, 'way-ahead', C.WayAhead, () => wayAhead(group.config));
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
