import type { FastifyReply, FastifyRequest } from 'fastify';
import { ETAG_HEADER, versionTag } from '@portal/contracts';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { handle } from '../../http/route-kit.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import type { StaffAction } from '../staff/staff.policy.js';
import { staffFor } from '../staff/staff-context.js';
import type { DepartmentService } from './departments.service.js';
import type { BulkDocumentService } from './documents-bulk.service.js';
import type { Actor, DocumentService } from './documents.service.js';

/** An uploaded file shown in the staff app's viewer: framed by our own pages only, running nothing. */
const ATTACHMENT_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/**
 * The staff documents area (decision 0005): each route checks one act, then the department scope
 * (a document out of scope answers 404).
 */
export function documentHandlers(deps: {
  documents: DocumentService;
  bulk: BulkDocumentService;
  departments: DepartmentService;
  accounts: AccountRepository;
}) {
  const { documents, accounts } = deps;
  /** An answer that shows a document also names its version as the ETag (decision 0034). */
  const tagged = <T extends { version: number }>(reply: FastifyReply, answer: T): T => {
    reply.header(ETAG_HEADER, versionTag(answer.version));
    return answer;
  };
  const actor = async (request: FastifyRequest, action: StaffAction): Promise<Actor> => ({
    staff: await staffFor(request, accounts, action),
    ip: request.ip ?? null,
  });

  return [
    handle('staff.documents.list', async ({ request, query }) =>
      documents.list((await actor(request, 'documents.read')).staff, query),
    ),
    handle('staff.departments', async ({ request }) =>
      deps.departments.visible((await actor(request, 'documents.read')).staff),
    ),
    handle('staff.documents.get', async ({ request, reply, params }) =>
      tagged(reply, await documents.detail(await actor(request, 'documents.read'), params.documentId)),
    ),
    handle('staff.documents.attachment', async ({ request, reply, params }) => {
      const file = await documents.attachment(
        await actor(request, 'documents.read'),
        params.documentId,
        params.attachmentId,
      );
      return reply
        .header('Content-Disposition', attachmentDisposition(file.fileName, 'inline'))
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', ATTACHMENT_CSP)
        .header('X-Frame-Options', 'SAMEORIGIN')
        .type(file.contentType)
        .send(file.bytes);
    }),
    handle('staff.documents.update', async ({ request, reply, params, body, version }) =>
      tagged(
        reply,
        await documents.update(
          await actor(request, 'documents.edit'),
          params.documentId,
          body.standard_item_fragments,
          version,
        ),
      ),
    ),
    handle('staff.documents.status', async ({ request, reply, params, body, version }) =>
      tagged(
        reply,
        await documents.setStatus(await actor(request, 'documents.status'), params.documentId, body, version),
      ),
    ),
    handle('staff.documents_bulk.status', async ({ request, body }) =>
      deps.bulk.status(await actor(request, 'documents.status'), body),
    ),
    handle('staff.documents_bulk.assignment', async ({ request, body }) =>
      deps.bulk.assign(await actor(request, 'workflow.act'), body),
    ),
    handle('staff.documents_bulk.workflow', async ({ request, body }) =>
      deps.bulk.workflow(await actor(request, 'workflow.act'), body),
    ),
    handle('staff.documents.reports', async ({ request, params }) =>
      documents.reports(await actor(request, 'documents.read'), params.documentId),
    ),
    handle('staff.documents.memos.get', async ({ request, reply, params }) =>
      tagged(reply, await documents.memos(await actor(request, 'documents.read'), params.documentId)),
    ),
    handle('staff.documents.memos.update', async ({ request, reply, params, body, version }) =>
      tagged(
        reply,
        await documents.updateMemos(
          await actor(request, 'documents.memos'),
          params.documentId,
          body,
          version,
        ),
      ),
    ),
    // A legal hold keeps a document past its retention: administrators only, like deletion (0052).
    handle('staff.documents.legal_hold', async ({ request, reply, params, body, version }) =>
      tagged(
        reply,
        await documents.legalHold(await actor(request, 'documents.delete'), params.documentId, body, version),
      ),
    ),
    handle('staff.workflow.status', async ({ request, params, body, version }) =>
      documents.moveStep(await actor(request, 'workflow.act'), params.workflowDetailId, body, version),
    ),
    handle('staff.overview', async ({ request }) =>
      documents.overview((await actor(request, 'overview.read')).staff),
    ),
    handle('staff.browsable', async ({ request }) =>
      documents.browsable((await actor(request, 'staff.browse')).staff),
    ),
  ];
}
