import type { FastifyRequest } from 'fastify';
import { ETAG_HEADER, versionTag } from '@portal/contracts';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { AppError } from '../../http/errors.js';
import { requireMunicipality } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import type { StaffAction } from '../staff/staff.policy.js';
import type { PullService } from './pull.service.js';
import type { SystemKeyContext } from './system-keys.policy.js';
import type { Origin, SystemKeyService } from './system-keys.service.js';
import type { WebhookService } from './webhooks.service.js';

/** The key the request guards authenticated (routes of the `integration` audience only). */
function keyOf(request: FastifyRequest): SystemKeyContext {
  if (!request.systemKey) throw new AppError('unauthenticated', 'send Authorization: Bearer <API key>');
  return request.systemKey;
}

const originOf = (request: FastifyRequest): Origin => ({
  municipality: requireMunicipality(request),
  ip: request.ip,
});

/** Administrators manage keys (accounts.manage); the keys pull documents (decision 0057). */
export function integrationHandlers(deps: {
  keys: SystemKeyService;
  pull: PullService;
  webhooks: WebhookService;
  /** The signed-in staff member, refused (403) without the permission (staff-context's staffFor). */
  staffFor: (request: FastifyRequest, action: StaffAction) => Promise<StaffIdentity>;
}) {
  const { keys, pull } = deps;
  const staffFor = (request: FastifyRequest, action: StaffAction) => deps.staffFor(request, action);
  return [
    handle('staff.system_keys.list', async ({ request }) => {
      const staff = await staffFor(request, 'accounts.manage');
      return keys.list(staff.municipalityId);
    }),
    handle('staff.system_keys.create', async ({ request, reply, body }) => {
      const staff = await staffFor(request, 'accounts.manage');
      reply.header('Cache-Control', 'no-store');
      return keys.create(originOf(request), staff, body);
    }),
    handle('staff.system_keys.revoke', async ({ request, reply, params, version }) => {
      const staff = await staffFor(request, 'accounts.manage');
      const key = await keys.revoke(originOf(request), staff, params.keyId, version);
      reply.header(ETAG_HEADER, versionTag(key.version));
      return key;
    }),
    handle('staff.system_keys.uses', async ({ request, params }) => {
      const staff = await staffFor(request, 'accounts.manage');
      return keys.uses(staff.municipalityId, params.keyId);
    }),
    handle('staff.system_keys.webhook', async ({ request, reply, params, body, version }) => {
      const staff = await staffFor(request, 'accounts.manage');
      const key = await keys.setWebhook(originOf(request), staff, params.keyId, body, version);
      reply.header('Cache-Control', 'no-store');
      reply.header(ETAG_HEADER, versionTag(key.version));
      return key;
    }),
    handle('staff.system_keys.deliveries', async ({ request, params }) => {
      const staff = await staffFor(request, 'accounts.manage');
      return deps.webhooks.deliveries(staff.municipalityId, params.keyId);
    }),
    handle('staff.system_keys.resend', async ({ request, params }) => {
      const staff = await staffFor(request, 'accounts.manage');
      return deps.webhooks.resend(originOf(request), staff, params.keyId, params.deliveryId);
    }),
    handle('integration.documents.list', async ({ request, query }) => pull.list(keyOf(request), query)),
    handle('integration.documents.get', async ({ request, reply, params }) => {
      const document = await pull.document(keyOf(request), params.code, params.documentId);
      reply.header(ETAG_HEADER, versionTag(document.version));
      return document;
    }),
    handle('integration.documents.attachment', async ({ request, reply, params }) => {
      const file = await pull.attachment(keyOf(request), params.documentId, params.attachmentId);
      return reply
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .type(file.contentType)
        .send(file.bytes);
    }),
    handle('integration.documents.rendering', async ({ request, reply, params }) => {
      const file = await pull.rendering(keyOf(request), params.documentId, params.renderingId);
      return reply
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .type('application/pdf')
        .send(file.bytes);
    }),
    handle('integration.documents.status', async ({ request, reply, params, body, version }) => {
      const document = await pull.setStatus(keyOf(request), params.documentId, body, version);
      reply.header(ETAG_HEADER, versionTag(document.version));
      return document;
    }),
  ];
}
