import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { requireMunicipality } from '../../http/request.js';
import { handle } from '../../http/route-kit.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import type { StaffAction } from '../staff/staff.policy.js';
import { staffFor } from '../staff/staff-context.js';
import type { DeletionService } from './deletion.service.js';
import type { ExportService } from './exports.service.js';
import type { SignatureZipService } from './signature-zip.service.js';
import type { Actor } from './staff-jobs.common.js';
import type { StaffRenderingService } from './staff-rendering.service.js';

/**
 * A file answer: attachment disposition with the Japanese name (RFC 5987), never cached. The reply is
 * returned so the handler's promise settles only when a streamed file has been sent (Fastify's reply is
 * thenable); otherwise the route kit would answer again with an empty body while the stream still flows.
 */
function sendZip(reply: FastifyReply, file: { fileName: string; stream?: Readable; bytes?: Buffer }) {
  return reply
    .header('Content-Disposition', attachmentDisposition(file.fileName))
    .header('Cache-Control', 'private, no-store')
    .type('application/zip')
    .send(file.stream ?? file.bytes);
}

/**
 * The staff jobs' routes: municipality and report renderings, signature packages, deletion requests and
 * exports. Each route checks one act (decision 0005), then scope: a document, job or application of
 * another department or municipality answers 404. Every start, cancel and download is audited.
 */
export function staffJobHandlers(deps: {
  accounts: AccountRepository;
  renderings: StaffRenderingService;
  signatures: SignatureZipService;
  deletion: DeletionService;
  exports: ExportService;
}) {
  const { accounts, renderings, signatures, deletion, exports } = deps;

  const actor = async (request: FastifyRequest, action: StaffAction): Promise<Actor> => ({
    staff: await staffFor(request, accounts, action),
    municipality: requireMunicipality(request),
    ip: request.ip ?? null,
  });

  return [
    handle('staff.render.application', async ({ request, params, body }) =>
      renderings.startApplication(
        await actor(request, 'documents.render'),
        params.applicationId,
        params.documentId,
        body.is_additional,
      ),
    ),
    handle('staff.render.application.status', async ({ request, params }) =>
      renderings.applicationStatus(
        await actor(request, 'documents.render'),
        params.applicationId,
        params.jobId,
      ),
    ),
    handle('staff.render.application.download', async ({ request, reply, params }) => {
      const file = await renderings.applicationDownload(
        await actor(request, 'documents.render'),
        params.applicationId,
        params.jobId,
      );
      return sendZip(reply, file);
    }),
    handle('staff.render.report', async ({ request, params }) =>
      renderings.startReport(await actor(request, 'documents.render'), params.documentId, params.reportId),
    ),
    handle('staff.render.report.status', async ({ request, params }) =>
      renderings.reportStatus(await actor(request, 'documents.render'), params.jobId),
    ),
    handle('staff.render.report.download', async ({ request, reply, params }) => {
      return sendZip(
        reply,
        await renderings.reportDownload(await actor(request, 'documents.render'), params.jobId),
      );
    }),
    handle('staff.signature.zip', async ({ request, reply, params }) => {
      return sendZip(
        reply,
        await signatures.zip(
          await actor(request, 'documents.render'),
          params.applicationId,
          params.documentId,
        ),
      );
    }),
    handle('staff.documents_delete.create', async ({ request, body }) =>
      deletion.request(await actor(request, 'documents.delete'), body.document_ids),
    ),
    handle('staff.documents_delete.cancel', async ({ request, query }) =>
      deletion.cancel(await actor(request, 'documents.delete'), query.documents_delete_id),
    ),
    handle('staff.export.create', async ({ request, params, body }) =>
      exports.start(await actor(request, 'exports.run'), params.procedureGroupId, body),
    ),
    handle('staff.documents_bulk.export', async ({ request, body }) =>
      exports.startSelection(await actor(request, 'exports.run'), body),
    ),
    handle('staff.export.status', async ({ request, params }) =>
      exports.status(await actor(request, 'exports.run'), params.jobId),
    ),
    handle('staff.export.download', async ({ request, reply, params }) => {
      return sendZip(reply, await exports.download(await actor(request, 'exports.run'), params.jobId));
    }),
  ];
}
