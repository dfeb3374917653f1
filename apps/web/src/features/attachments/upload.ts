// Uploads one attachment with progress. fetch() reports no upload progress, so this one call uses
// XMLHttpRequest, sending what the API client sends (region header, CSRF token) and raising the same
// ApiError on failure.
import { apiClient, ApiError, type ApiProblem, type ApiResult } from '../../lib/api';
import { CSRF_HEADER, REGION_HEADER } from '@portal/contracts/http-names';
import { CSRF_TOKEN_MISSING } from '../../lib/api/errors';

export type AttachmentList = ApiResult<'applicant.attaches.list'>;
export type Attachment = AttachmentList['procedure_attaches'][number];
export type Slot = AttachmentList['required'][number];

/** The server's limit (attachments.service.ts MAX_UPLOAD_BYTES). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** What each attach type takes (the server judges by content; this only guides the file picker). */
export const acceptFor: Record<Slot['type'], string> = {
  PH: 'image/jpeg,image/png',
  SG: 'image/png,image/jpeg',
  OR: 'image/jpeg,image/png,application/pdf',
};

/** The problems of an error body, whatever its shape. */
export function problemsOf(text: string): ApiProblem[] {
  try {
    const body = JSON.parse(text) as { errors?: unknown };
    if (!Array.isArray(body.errors)) return [];
    return body.errors.flatMap((e) => {
      const { code, message, field } = (e ?? {}) as Record<string, unknown>;
      return typeof message === 'string'
        ? [
            {
              code: typeof code === 'string' ? code : 'unknown',
              message,
              ...(typeof field === 'string' ? { field } : {}),
            },
          ]
        : [];
    });
  } catch {
    return [];
  }
}

/** A size in words: 1.2 MB, 340 KB. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export interface UploadInput {
  code: string;
  applicationId: string;
  standardItemCode: string;
  sequence: number;
  file: Blob;
  fileName: string;
  /** 0..100 as the bytes go out. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export async function uploadAttachment(input: UploadInput): Promise<AttachmentList> {
  const token = await apiClient.csrfToken();
  if (token === null || token === undefined) throw new Error(CSRF_TOKEN_MISSING);
  const { AttachmentList: schema, pathFor, routeById } = await import('@portal/contracts');
  const url = pathFor(routeById('applicant.attaches.upload').path, {
    code: input.code,
    applicationId: input.applicationId,
  });
  const form = new FormData();
  form.set('standard_item_code', input.standardItemCode);
  form.set('sequence', String(input.sequence));
  form.set('file', input.file, input.fileName);

  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(REGION_HEADER, input.code);
    xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, []));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    input.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
  if (status < 200 || status >= 300) throw new ApiError(status, problemsOf(text));
  return schema.parse(JSON.parse(text));
}
