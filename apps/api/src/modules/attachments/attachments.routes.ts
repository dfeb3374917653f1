import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { attachmentDisposition } from '../../http/content-disposition.js';
import { AppError } from '../../http/errors.js';
import { handle } from '../../http/route-kit.js';
import type { ApplicationService } from '../applications/applications.service.js';
import { MAX_UPLOAD_BYTES, type AttachmentService } from './attachments.service.js';
import { applicantContext } from '../../http/request.js';

// @fastify/multipart augments the CommonJS typings of fastify; this module sees the ESM ones.
type MultipartRequest = FastifyRequest & {
  parts(options: {
    limits: { fileSize: number; files: number; fields: number };
  }): AsyncIterableIterator<Multipart>;
};

/** Reads the multipart upload: fields standard_item_code and sequence, and one file (size-limited). */
async function readUpload(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | null = null;
  try {
    for await (const part of (request as MultipartRequest).parts({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        file = { fileName: part.filename, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        'payload_too_large',
        `files may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
        'file',
      );
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('unsupported_media_type', 'send the file as multipart/form-data', 'file');
    }
    throw new AppError('bad_request', 'the upload could not be read', 'file');
  }
  if (!file || file.bytes.length === 0) throw new AppError('validation_failed', 'a file is required', 'file');
  if (!fields.standard_item_code)
    throw new AppError('validation_failed', 'standard_item_code is required', 'standard_item_code');
  const sequence = Number(fields.sequence ?? '1');
  return { code: fields.standard_item_code, sequence, ...file };
}

export function attachmentHandlers(deps: {
  applications: ApplicationService;
  attachments: AttachmentService;
}) {
  const { applications, attachments } = deps;
  return [
    handle('applicant.attaches.list', async ({ request, params }) => {
      const { application, group } = await applications.open(applicantContext(request), params.applicationId);
      return attachments.page(application, group.config);
    }),
    handle('applicant.attaches.upload', async ({ request, params }) => {
      const { application, group } = await applications.open(
        applicantContext(request),
        params.applicationId,
        { edit: true },
      );
      return attachments.upload(application, group.config, await readUpload(request));
    }),
    handle('applicant.attaches.confirm', async ({ request, params, body }) => {
      const { application, group } = await applications.open(
        applicantContext(request),
        params.applicationId,
        { edit: true },
      );
      return attachments.confirm(application, group.config, body.procedure_attaches);
    }),
    handle('applicant.attaches.file', async ({ request, reply, params, query }) => {
      const { application } = await applications.open(applicantContext(request), params.applicationId);
      const file = await attachments.file(application, query.standard_item_code, query.sequence);
      return reply
        .header('Content-Disposition', attachmentDisposition(file.fileName, 'attachment'))
        .header('Cache-Control', 'private, no-store')
        .type(file.contentType)
        .send(file.bytes);
    }),
    handle('applicant.attaches.delete', async ({ request, params, query }) => {
      const { application, group } = await applications.open(
        applicantContext(request),
        params.applicationId,
        { edit: true },
      );
      return attachments.remove(application, group.config, query.standard_item_code, query.sequence);
    }),
  ];
}
