import { attachmentDisposition } from '../../http/content-disposition.js';
import { handle } from '../../http/route-kit.js';
import type { ApplicationService } from '../applications/applications.service.js';
import type { RenderingService } from './rendering.service.js';
import { applicantContext } from '../../http/request.js';

export function renderingHandlers(deps: { applications: ApplicationService; rendering: RenderingService }) {
  const { applications, rendering } = deps;
  return [
    handle('applicant.render.create', async ({ request, params, body }) => {
      const open = await applications.open(applicantContext(request), params.applicationId);
      return rendering.start(open, 'applicant', `applicant:${open.application.applicantId}`, {
        ...(body.language ? { language: body.language } : {}),
      });
    }),
    handle('applicant.render.status', async ({ request, params }) => {
      const open = await applications.open(applicantContext(request), params.applicationId);
      return rendering.status(open.application.id, params.jobId);
    }),
    handle('applicant.render.download', async ({ request, reply, params }) => {
      const open = await applications.open(applicantContext(request), params.applicationId);
      const file = await rendering.download(open.application.id, params.jobId);
      return reply
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('Cache-Control', 'private, no-store')
        .type('application/zip')
        .send(file.bytes);
    }),
    handle('applicant.render.document', async ({ request, reply, params }) => {
      const open = await applications.open(applicantContext(request), params.applicationId);
      const file = await rendering.document(open.application.id, params.jobId, params.procedureId);
      // Inline: a phone opens the PDF in its viewer; the name is kept for saving it.
      return reply
        .header('Content-Disposition', attachmentDisposition(file.fileName, 'inline'))
        .header('Cache-Control', 'private, no-store')
        .type('application/pdf')
        .send(file.bytes);
    }),
  ];
}
