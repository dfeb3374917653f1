import type { FileStorage } from '../../lib/file-storage.js';
import { disposeListedFile } from './file-disposal.js';
import type { StaffJobsRepository } from './staff-jobs.repository.js';

interface Logger {
  error(obj: object, msg?: string): void;
}

/** Documents disposed of per batch; the run goes on batch after batch until none is left. */
const BATCH = 100;
/** Files retried per run from the retry list. */
const FILE_BATCH = 1000;

/**
 * The daily disposal (decision 0052): every finished document past its retention and not on legal hold is
 * deleted with its history and workflow, and its application's answers, attachments and renderings once
 * it was the application's last document. Each document goes in its own transaction with its audit record
 * and the list of its stored files; the files go after the commit and stay listed until deleted, so a
 * crash never leaves rows naming deleted files nor a disposal without its record.
 */
export function createDisposalService(deps: {
  repository: StaffJobsRepository;
  storage: FileStorage;
  /** Years kept when the procedure names none (RETENTION_YEARS_DEFAULT). */
  defaultYears: number;
  clock: () => Date;
  logger: Logger;
}) {
  const { repository, storage, defaultYears, logger } = deps;

  /** Deletes listed files; a missing one counts as deleted, a failing one stays listed for the next run. */
  async function deleteListedFiles(tried: Set<string>): Promise<number> {
    let deleted = 0;
    for (const { key } of await repository.filesToDispose(FILE_BATCH)) {
      // Tried once per run: a store that failed is not asked again until the next day.
      if (tried.has(key)) continue;
      tried.add(key);
      if (await disposeListedFile({ repository, storage, logger }, key)) deleted++;
    }
    return deleted;
  }

  return {
    /** One run: documents past their retention, batch by batch, then their files (and earlier leftovers). */
    async run(): Promise<{ documents: number; files: number }> {
      const now = deps.clock();
      let disposed = 0;
      const seen = new Set<string>();
      const tried = new Set<string>();
      for (;;) {
        const batch = (await repository.pastRetention(now, defaultYears, BATCH)).filter(
          (d) => !seen.has(d.id),
        );
        if (batch.length === 0) break;
        for (const d of batch) {
          seen.add(d.id);
          const years = d.procedureYears ?? defaultYears;
          const result = await repository.deleteDocuments(
            d.municipalityId,
            [d.id],
            // What, when and under which rule; no names, no answers, no reference number.
            () => ({
              municipalityId: d.municipalityId,
              actorKind: 'system',
              actorId: null,
              action: 'document.dispose',
              targetType: 'document',
              targetId: d.id,
              detail: {
                document_id: d.id,
                procedure_code: d.procedureCode,
                retention_years: years,
                retention_source: d.procedureYears === null ? 'default' : 'procedure',
                finished_at: d.finishedAt!.toISOString(),
                disposed_at: now.toISOString(),
              },
            }),
            { still: repository.stillDisposable(now, defaultYears), listFiles: true },
          );
          disposed += result.documents.length;
        }
        await deleteListedFiles(tried);
      }
      return { documents: disposed, files: await deleteListedFiles(tried) };
    },
  };
}
export type DisposalService = ReturnType<typeof createDisposalService>;
