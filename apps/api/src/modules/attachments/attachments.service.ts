import { createHash, randomUUID } from 'node:crypto';
import { advanceStep, type AttachType, type ProcedureGroupConfiguration } from '@portal/contracts';
import type { z } from 'zod';
import type { AttachmentList } from '@portal/contracts';
import { AppError, notFound, validationFailed } from '../../http/errors.js';
import type { FileStorage } from '../../lib/file-storage.js';
import { correctableSlot } from '../applications/applications.policy.js';
import type { ApplicationRow } from '../applications/applications.repository.js';
import type { AttachmentRepository, AttachmentRow } from './attachments.repository.js';
import { attachmentView } from './attachments.view.js';
import type { FunnelService } from '../funnel/funnel.service.js';
import { inspectUpload } from './file-inspection.js';
import type { AttachmentScans } from './attachment-scan.js';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_SEQUENCE = 10;

type Slot = { standard_item_code: string; name: string; type: AttachType; en?: { name?: string } };

/** The attachment slots of the procedures the resident chose. */
export function slotsOf(config: ProcedureGroupConfiguration, procedureIds: number[]): Slot[] {
  const chosen = new Set(procedureIds);
  const seen = new Set<string>();
  const slots: Slot[] = [];
  for (const a of config.disclosure.procedure_attaches) {
    if (!chosen.has(a.procedure_id) || seen.has(a.standard_item_code)) continue;
    seen.add(a.standard_item_code);
    slots.push({
      standard_item_code: a.standard_item_code,
      name: a.name,
      type: a.type,
      ...(a.en ? { en: a.en } : {}),
    });
  }
  return slots;
}

/** A file waiting for its malware scan may not be submitted, read by staff or downloaded (decision 0051). */
export const isPendingScan = (row: { scanState: string }) => row.scanState === 'pending';

/** The refusal of a step that needs a file still waiting for its scan. */
export const pendingScanRefusal = (code: string) =>
  new AppError('conflict', 'the file is waiting for its malware scan; try again shortly', code);

export function createAttachmentService(deps: {
  attachments: AttachmentRepository;
  storage: FileStorage;
  /** Counts the steps residents reach (decision 0053). */
  funnel: Pick<FunnelService, 'reach'>;
  clock: () => Date;
  /** Malware scanning; null when it is off (the upload is kept `unscanned`). */
  scanning: { scans: AttachmentScans; inlineTimeoutMs: number } | null;
}) {
  const { attachments, storage, clock, scanning } = deps;

  async function list(
    application: ApplicationRow,
    config: ProcedureGroupConfiguration,
  ): Promise<z.input<typeof AttachmentList>> {
    return {
      required: slotsOf(config, application.procedureIds),
      procedure_attaches: (await attachments.list(application.id)).map(attachmentView),
    };
  }

  function slot(application: ApplicationRow, config: ProcedureGroupConfiguration, code: string): Slot {
    const found = slotsOf(config, application.procedureIds).find((s) => s.standard_item_code === code);
    if (!found)
      throw new AppError(
        'validation_failed',
        'no such attachment for the chosen procedures',
        'standard_item_code',
      );
    return found;
  }

  return {
    list,
    /** The attachments page as the resident reads it: reaching it counts while it is their step. */
    async page(application: ApplicationRow, config: ProcedureGroupConfiguration) {
      if (application.currentStep === 'attachments') await deps.funnel.reach(application, 'attachments');
      return list(application, config);
    },
    async upload(
      application: ApplicationRow,
      config: ProcedureGroupConfiguration,
      input: { code: string; sequence: number; fileName: string; bytes: Buffer },
    ) {
      const target = slot(application, config, input.code);
      correctableSlot(application, { code: input.code, type: target.type });
      if (!Number.isInteger(input.sequence) || input.sequence < 1 || input.sequence > MAX_SEQUENCE) {
        throw new AppError('validation_failed', `sequence must be 1 to ${MAX_SEQUENCE}`, 'sequence');
      }
      const checked = await inspectUpload(input.bytes, target.type);
      const key = `attachments/${application.id}/${randomUUID()}`;
      await storage.put(key, checked.bytes);
      const id = randomUUID();
      const uploadedAt = clock();
      let replaced: AttachmentRow | null;
      try {
        replaced = await attachments.upsert({
          id,
          municipalityId: application.municipalityId,
          applicationId: application.id,
          standardItemCode: input.code,
          sequence: input.sequence,
          type: target.type,
          fileName: input.fileName.slice(0, 200) || 'file',
          contentType: checked.contentType,
          size: checked.bytes.length,
          sha256: createHash('sha256').update(checked.bytes).digest('hex'),
          storageKey: key,
          uploadedAt,
          // Claimed by this upload: the queue's sweep leaves it alone while the scan below runs.
          ...(scanning ? { scanState: 'pending', scanClaimedAt: uploadedAt } : { scanState: 'unscanned' }),
        });
      } catch (err) {
        await storage.delete(key);
        throw err;
      }
      if (replaced) await storage.delete(replaced.storageKey);
      if (scanning) {
        const row = await attachments.find(application.id, input.code, input.sequence);
        if (row?.id === id) {
          // A slow scanner: the answer says pending, and the scan still settles the file when it ends.
          const outcome = await Promise.race([
            scanning.scans.scanClaimed(row, checked.bytes),
            new Promise<null>((resolve) => setTimeout(() => resolve(null), scanning.inlineTimeoutMs).unref()),
          ]);
          if (outcome?.state === 'infected') {
            throw new AppError(
              'malware_found',
              `the file contains malware (${outcome.signature}) and was not kept`,
              'file',
            );
          }
        }
      }
      return list(application, config);
    },
    /** One of the application's own files, as stored (the resident downloads what they sent). */
    async file(application: ApplicationRow, code: string, sequence: number) {
      const row = await attachments.find(application.id, code, sequence);
      if (!row) throw notFound('attachment');
      if (isPendingScan(row)) throw pendingScanRefusal('file');
      return {
        bytes: await storage.get(row.storageKey),
        fileName: row.fileName,
        contentType: row.contentType,
      };
    },
    async remove(
      application: ApplicationRow,
      config: ProcedureGroupConfiguration,
      code: string,
      sequence: number,
    ) {
      const row = await attachments.find(application.id, code, sequence);
      if (!row) throw notFound('attachment');
      correctableSlot(application, { code, type: row.type });
      await attachments.remove(row.id);
      await storage.delete(row.storageKey);
      return list(application, config);
    },
    /**
     * Confirms the step: every slot of the chosen procedures needs a file, except handwritten signatures
     * (SG), which the signature screen draws after this step (submission checks every slot again); the
     * listed files are kept as final.
     */
    async confirm(
      application: ApplicationRow,
      config: ProcedureGroupConfiguration,
      chosen: { standard_item_code: string; sequence: number }[],
    ) {
      const rows = await attachments.list(application.id);
      const picked = rows.filter((r) =>
        chosen.some((c) => c.standard_item_code === r.standardItemCode && c.sequence === r.sequence),
      );
      if (picked.length !== chosen.length) {
        throw new AppError(
          'validation_failed',
          'a listed attachment has not been uploaded',
          'procedure_attaches',
        );
      }
      const waiting = picked.find(isPendingScan);
      if (waiting) throw pendingScanRefusal(waiting.standardItemCode);
      const missing = slotsOf(config, application.procedureIds).filter(
        (s) => s.type !== 'SG' && !picked.some((r) => r.standardItemCode === s.standard_item_code),
      );
      if (missing.length > 0) {
        throw validationFailed(
          missing.map((s) => ({ field: s.standard_item_code, message: `${s.name} is required` })),
        );
      }
      await attachments.confirm(
        application.id,
        picked.map((r) => r.id),
        { currentStep: advanceStep(application.currentStep, 'signature'), at: clock() },
      );
      await deps.funnel.reach(application, 'signature');
      return list(application, config);
    },
  };
}
export type AttachmentService = ReturnType<typeof createAttachmentService>;
