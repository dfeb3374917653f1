import type { FileStorage } from '../../lib/file-storage.js';
import type { StaffJobsRepository } from './staff-jobs.repository.js';

interface Logger {
  error(obj: object, msg?: string): void;
}

/**
 * Deletes one stored file listed in `file_disposals` by the transaction that removed its rows (decision
 * 0052): deleted (or already missing) leaves the list; a failure stays listed for the daily disposal.
 */
export async function disposeListedFile(
  deps: { repository: StaffJobsRepository; storage: FileStorage; logger: Logger },
  key: string,
): Promise<boolean> {
  try {
    await deps.storage.delete(key);
    await deps.repository.fileDisposed(key);
    return true;
  } catch (err) {
    deps.logger.error({ err, key }, 'could not delete a file; retried at the next disposal run');
    await deps.repository.fileDisposalFailed(key);
    return false;
  }
}
