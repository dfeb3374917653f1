import type { FileStorage } from '../../lib/file-storage.js';
import { ScannerUnavailable, type MalwareScanner } from '../../lib/clamd.js';
import type { AttachmentRepository, AttachmentRow } from './attachments.repository.js';

/**
 * What became of a pending file: usable, refused and removed, or still pending: the scanner unreachable
 * (every file waits the same), or this file failed (e.g. not in the storage; retried when its claim lapses).
 */
export type ScanOutcome =
  | { state: 'clean' }
  | { state: 'infected'; signature: string }
  | { state: 'pending'; reason: 'unreachable' | 'failed' };

/** A claim older than this is taken to be lost with its process; the scanner's own timeout is shorter. */
export const SCAN_CLAIM_LAPSE_MS = 5 * 60_000;

interface Logger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The one decision on a scanned upload (decision 0051), for the upload's own scan and the queue's
 * sweep alike: clean makes it usable; infected removes row and file (nothing is kept); unreachable
 * leaves it pending for the next sweep.
 */
export function createAttachmentScans(deps: {
  attachments: AttachmentRepository;
  storage: FileStorage;
  scanner: MalwareScanner;
  clock: () => Date;
  logger: Logger;
}) {
  const { attachments, storage, scanner, clock, logger } = deps;

  /** Scans a file this process has claimed, and settles it; never rejects. */
  async function scanClaimed(row: AttachmentRow, bytes?: Buffer): Promise<ScanOutcome> {
    try {
      const verdict = await scanner.scan(bytes ?? (await storage.get(row.storageKey)));
      if (verdict.clean) {
        await attachments.markClean(row.id);
        return { state: 'clean' };
      }
      logger.warn(
        { attachmentId: row.id, municipalityId: row.municipalityId, signature: verdict.signature },
        'malware found in an upload: refused and removed',
      );
      await attachments.remove(row.id);
      await storage.delete(row.storageKey);
      return { state: 'infected', signature: verdict.signature };
    } catch (err) {
      if (!(err instanceof ScannerUnavailable)) {
        // Its claim is kept: the sweep goes on with the other files, and this one is tried after the lapse.
        logger.error({ err, attachmentId: row.id }, 'scan failed: retried when its claim lapses');
        return { state: 'pending', reason: 'failed' };
      }
      logger.warn({ err: err.message, attachmentId: row.id }, 'scanner unreachable: upload left pending');
      await attachments.releaseClaim(row.id).catch(() => undefined);
      return { state: 'pending', reason: 'unreachable' };
    }
  }

  return {
    scanClaimed,
    /**
     * Scans every pending file no other process holds, one claim at a time, and stops at the first
     * unreachable answer (the rest would wait the same); a file that fails alone does not hold up the
     * others. Run by the queue's cluster-wide schedule.
     */
    async sweep(): Promise<{ scanned: number; pending: boolean }> {
      let scanned = 0;
      for (;;) {
        const now = clock();
        const row = await attachments.claimPending(now, new Date(now.getTime() - SCAN_CLAIM_LAPSE_MS));
        if (!row) return { scanned, pending: false };
        const outcome = await scanClaimed(row);
        if (outcome.state === 'pending' && outcome.reason === 'unreachable')
          return { scanned, pending: true };
        if (outcome.state !== 'pending') scanned++;
      }
    },
  };
}
export type AttachmentScans = ReturnType<typeof createAttachmentScans>;
