// The resident's copy of the application: the documents rendered as PDFs (one per procedure) by a job the
// screen polls, then each PDF saved on its own (a phone opens it) or, when asked for all, the zip.
import { api, type ApiResult } from '../../lib/api';
import { waitForJob } from '../../lib/application/render-job';

/** A succeeded rendering of the resident's copy: its job, with the file of each procedure. */
export type RenderedCopy = ApiResult<'applicant.render.status'>;

/** The zip's file name: the reference numbers when there are some, else the application id. */
export function downloadName(references: readonly string[], applicationId: string): string {
  const tag = references.length > 0 ? references.join('_') : applicationId.slice(0, 8);
  return `application-${tag.replace(/[^0-9A-Za-z_-]/g, '')}.zip`;
}

/** Renders the copy with its page footers in `language` (the page's), and waits for it. */
export async function renderCopy(
  code: string,
  applicationId: string,
  language: 'ja' | 'en',
  opts: { signal?: AbortSignal; onProgress?: (p: number) => void } = {},
): Promise<RenderedCopy> {
  const job = await api('applicant.render.create', {
    params: { code, applicationId },
    body: { use_signature_digital_certificate: false, language },
    signal: opts.signal,
  });
  return waitForJob(code, applicationId, job, opts);
}

/** Saves one procedure's PDF of a rendered copy, under the name the rendering gave it. */
export async function downloadProcedure(
  code: string,
  applicationId: string,
  copy: RenderedCopy,
  procedureId: number,
): Promise<void> {
  const file = copy.documents.find((d) => d.procedure_id === procedureId);
  if (!file) throw new Error(`no copy of procedure ${procedureId}`);
  const blob = (await api('applicant.render.document', {
    params: { code, applicationId, jobId: copy.id, procedureId },
  })) as Blob;
  saveBlob(blob, file.file_name);
}

/** Saves every PDF of a rendered copy in one zip. */
export async function downloadDocuments(
  code: string,
  applicationId: string,
  copy: RenderedCopy,
  fileName: string,
): Promise<void> {
  const blob = (await api('applicant.render.download', {
    params: { code, applicationId, jobId: copy.id },
  })) as Blob;
  saveBlob(blob, fileName);
}

/** Hands a downloaded file to the browser to save under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // Not attached to the page: the navigation guard refuses blob: links in the document, and a detached
  // link's click only saves the file.
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
