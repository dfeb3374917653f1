// The resident's copy of the application: the documents rendered as PDFs (one per procedure) in a zip,
// made by a job the screen polls, then saved by the browser.
import { api } from '../../lib/api';
import { waitForJob } from '../../lib/application/render-job';

/** The zip's file name: the reference numbers when there are some, else the application id. */
export function downloadName(references: readonly string[], applicationId: string): string {
  const tag = references.length > 0 ? references.join('_') : applicationId.slice(0, 8);
  return `application-${tag.replace(/[^0-9A-Za-z_-]/g, '')}.zip`;
}

export async function downloadDocuments(
  code: string,
  applicationId: string,
  fileName: string,
  opts: { signal?: AbortSignal; onProgress?: (p: number) => void } = {},
): Promise<void> {
  const job = await api('applicant.render.create', {
    params: { code, applicationId },
    body: { use_signature_digital_certificate: false },
    signal: opts.signal,
  });
  const done = await waitForJob(code, applicationId, job, opts);
  const blob = (await api('applicant.render.download', {
    params: { code, applicationId, jobId: done.id },
    signal: opts.signal,
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
