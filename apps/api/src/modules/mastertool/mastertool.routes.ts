import type { FastifyRequest } from 'fastify';
import { requireMunicipality } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import { createMastertoolCatalog } from './catalog.js';
import type { GroupCreationService } from './group-creation.service.js';
import type { ReflectionService } from './reflection.service.js';

/** The master-tool calls of one environment (operator sign-in lives in accounts/sign-in.routes.ts). */
export function mastertoolHandlers(deps: {
  reflection: ReflectionService;
  creation: GroupCreationService;
  accounts: AccountRepository;
}) {
  const { reflection } = deps;
  const catalog = createMastertoolCatalog(reflection);
  const code = (request: FastifyRequest) => requireMunicipality(request).code;
  /** The signed-in operator's login id, recorded with each reflection. */
  const operator = async (request: FastifyRequest) => {
    const subject = request.session?.subjectId;
    return subject ? ((await deps.accounts.findOperatorById(subject))?.loginId ?? null) : null;
  };

  return [
    handle('operator.municipalities', () => reflection.municipalities()),
    handle('operator.reflection_managers.list', ({ request }) => reflection.list(code(request))),
    handle('operator.reflection_managers.get', ({ request, params }) =>
      reflection.manager(code(request), params.reflectionManagerId),
    ),
    handle('operator.reflection_managers.history', ({ request, params }) =>
      reflection.history(code(request), params.reflectionManagerId),
    ),
    handle('operator.reflection_managers.diff', ({ request, params, query }) =>
      reflection.diff(code(request), params.reflectionManagerId, query.version),
    ),
    handle('operator.material_templates', ({ request }) => catalog.materialTemplates(code(request))),
    handle('operator.reference_data', ({ request }) => catalog.referenceData(code(request))),
    handle('operator.procedure_group.get', ({ request, query }) =>
      reflection.draft(code(request), query.reflection_manager_id),
    ),
    handle('operator.procedure_group.create', ({ request, body }) =>
      reflection.createDraft(code(request), body.procedure_group),
    ),
    handle('operator.procedure_group.create_new', ({ request, body }) =>
      deps.creation.createNew(code(request), body),
    ),
    handle('operator.procedure_group.copy', ({ request, body }) => deps.creation.copy(code(request), body)),
    handle('operator.procedure_group.update', ({ request, query, body }) =>
      reflection.saveDraft(code(request), query.reflection_manager_id, body.procedure_group),
    ),
    handle('operator.reflect', async ({ request, params, body }) =>
      reflection.reflect(code(request), params.reflectionManagerId, body.version, await operator(request)),
    ),
  ];
}
