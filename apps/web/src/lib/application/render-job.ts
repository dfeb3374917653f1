// The rendering job of an application's documents (for signing, or the resident's copy): polled until it
// ends.
import { api, type ApiResult } from '../api';
import { isJobOpen } from '../jobs/useJob';

type Job = ApiResult<'applicant.render.status'>;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      window.clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

/** Polls a rendering job until it ends; throws when it fails or takes too long. */
export async function waitForJob(
  code: string,
  applicationId: string,
  job: Job,
  opts: {
    intervalMs?: number;
    timeoutMs?: number;
    signal?: AbortSignal;
    onProgress?: (p: number) => void;
  } = {},
): Promise<Job> {
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  let current = job;
  while (isJobOpen(current)) {
    opts.onProgress?.(current.progress);
    if (Date.now() > deadline) throw new Error('rendering took too long');
    await sleep(opts.intervalMs ?? 800, opts.signal);
    current = await api('applicant.render.status', {
      params: { code, applicationId, jobId: current.id },
      signal: opts.signal,
    });
  }
  if (current.status !== 'succeeded') throw new Error(current.error ?? `rendering ${current.status}`);
  opts.onProgress?.(100);
  return current;
}
