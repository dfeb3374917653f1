import { createHash } from 'node:crypto';
import { z } from 'zod';
import { AppError, notFound } from '../../http/errors.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { jobView, type JobRow } from '../../jobs/job-view.js';
import type { ApplicationRepository } from '../applications/applications.repository.js';
import type { OpenApplication } from '../applications/applications.service.js';
import type { AttachmentRepository } from '../attachments/attachments.repository.js';
import type { PublishedConfiguration, PublishedGroup } from '../configuration/published-configuration.js';
import type { AnswerContextReader } from '../applications/answer-context.js';
import { mismatchesOf } from '../applications/answer-mismatches.js';
import type { SignatureRepository } from '../signatures/signatures.repository.js';
import { renderApplicationPdfs } from './application-pdf.js';
import { zipFiles } from './zip.js';

/** What a rendering job carries (read back from the jobs table, so checked again). */
const RenderParams = z.object({
  applicationId: z.uuid(),
  municipalityId: z.number().int(),
  municipalityCode: z.string(),
  municipalityName: z.string(),
  /** Optional so jobs queued before it existed still run. */
  municipalityNameEn: z.string().nullable().optional(),
  audience: z.enum(['applicant', 'municipality']),
  /** Only these procedures (default: every chosen procedure). */
  procedureIds: z.array(z.number().int()).optional(),
  /** One extra copy of each (the municipality's additional print), not `printed_copies`. */
  additional: z.boolean().optional(),
  /** Reference numbers to print, by procedure id (documents already received). */
  referenceNumbers: z.record(z.string(), z.string()).optional(),
  /** The language of the page footers (the resident's screen language); default Japanese. */
  language: z.enum(['ja', 'en']).optional(),
});
type RenderParams = z.infer<typeof RenderParams>;
/** What a caller may add to a rendering job: the options above and tags of its own (e.g. the staff's document). */
export type RenderOptions = Pick<
  RenderParams,
  'procedureIds' | 'additional' | 'referenceNumbers' | 'language'
> &
  Record<string, unknown>;

/** An applicant's name as the form has it (last, then first). */
function nameOf(values: { standard_item_code: string; value: unknown }[]) {
  const get = (code: string) => {
    const v = values.find((x) => x.standard_item_code === code)?.value;
    return typeof v === 'string' ? v : '';
  };
  return [get('applicant_last_name'), get('applicant_first_name')].filter(Boolean).join(' ');
}

/**
 * Rendering application PDFs as jobs: one PDF per chosen procedure (the municipality's rendering has
 * `printed_copies` copies), kept in storage with its SHA-256 (what a resident signs), and a zip to download.
 */
export function createRenderingService(deps: {
  jobs: JobQueue;
  storage: FileStorage;
  applications: ApplicationRepository;
  published: PublishedConfiguration;
  signatures: SignatureRepository;
  attachments: Pick<AttachmentRepository, 'find'>;
  /** What the answer rules read of an application: the staff copy flags what differs from the card. */
  answers: Pick<AnswerContextReader, 'load' | 'answersOf'>;
  clock: () => Date;
}) {
  const { jobs, storage, applications, clock } = deps;

  async function jobOf(applicationId: string, jobId: string): Promise<JobRow> {
    const row = await jobs.get(jobId);
    if (!row || (row.params as { applicationId?: string }).applicationId !== applicationId)
      throw notFound('rendering job');
    return row;
  }

  async function mismatchesOfApplication(applicationId: string, group: PublishedGroup) {
    const read = await deps.answers.load(group.municipalityId, applicationId);
    return read ? mismatchesOf(group, deps.answers.answersOf(group, read).context) : null;
  }

  return {
    /** The worker: renders, stores every PDF and the zip, and records each document's digest. */
    async run(jobId: string, raw: Record<string, unknown>, progress: (percent: number) => Promise<void>) {
      const params = RenderParams.parse(raw);
      const application = await applications.find(params.municipalityId, params.applicationId);
      if (!application) throw new Error(`application ${params.applicationId} not found`);
      const group = await deps.published.version(
        params.municipalityId,
        application.procedureGroupId,
        application.configurationVersion,
      );
      const values = await applications.answers(application.id);
      // The municipality's copy marks what differs from the card or the registry (issue 32); the
      // resident's copy (the one they sign) stays as they answered.
      const mismatches =
        params.audience === 'municipality' ? await mismatchesOfApplication(application.id, group) : null;
      const procedures = group.config.disclosure.procedures
        .filter((p) => application.procedureIds.includes(p.id))
        .filter((p) => !params.procedureIds || params.procedureIds.includes(p.id))
        .map((p) => (params.additional ? { ...p, printed_copies: 1 } : p));
      // The handwritten signature (an SG slot's upload) is printed on its procedure's form, as a Figure.
      const handwritten = async (procedureId: number) => {
        const slot = group.config.disclosure.procedure_attaches.find(
          (a) => a.procedure_id === procedureId && a.type === 'SG',
        );
        const row = slot ? await deps.attachments.find(application.id, slot.standard_item_code, 1) : null;
        return row ? { image: await storage.get(row.storageKey) } : null;
      };
      // A sent application's copy carries its 受付番号 (issue 33): the documents' own, unless named.
      const sent = application.submittedAt ? await applications.documentsOf([application.id]) : [];
      const references = new Map(sent.map((d) => [String(d.procedureId), d.referenceNumber]));
      const pdfs = [];
      for (const procedure of procedures) {
        const id = String(procedure.id);
        const reference = params.referenceNumbers?.[id] ?? references.get(id) ?? null;
        const [pdf] = await renderApplicationPdfs({
          municipality: {
            code: params.municipalityCode,
            name: params.municipalityName,
            name_en: params.municipalityNameEn ?? null,
          },
          footerLanguage: params.language ?? 'ja',
          config: group.config,
          procedures: [procedure],
          values,
          applicant: { name: nameOf(values) },
          ...(reference ? { referenceNumber: reference } : {}),
          submittedAt: application.submittedAt,
          signature: await handwritten(procedure.id),
          now: clock(),
          audience: params.audience,
          mismatches,
        });
        pdfs.push(pdf!);
      }
      await progress(60);
      const documents = [];
      for (const pdf of pdfs) {
        const procedure = procedures.find((p) => p.code === pdf.procedure_code)!;
        const key = `rendered/${application.id}/${jobId}/${procedure.id}.pdf`;
        await storage.put(key, pdf.bytes);
        const sha256 = createHash('sha256').update(pdf.bytes).digest('hex');
        await deps.signatures.insertRendering({
          municipalityId: params.municipalityId,
          applicationId: application.id,
          procedureId: procedure.id,
          jobId,
          audience: params.audience,
          storageKey: key,
          sha256,
          pages: pdf.pages,
        });
        documents.push({
          procedure_id: procedure.id,
          procedure_code: procedure.code,
          file_name: pdf.file_name,
          sha256,
          pages: pdf.pages,
        });
      }
      const zipKey = `rendered/${application.id}/${jobId}.zip`;
      await storage.put(zipKey, await zipFiles(pdfs.map((p) => ({ name: p.file_name, bytes: p.bytes }))));
      await jobs.patchParams(jobId, { documents });
      return { resultKey: zipKey };
    },

    async start(
      open: OpenApplication,
      audience: 'applicant' | 'municipality',
      createdBy: string,
      options: RenderOptions = {},
    ) {
      if (open.application.procedureIds.length === 0) {
        throw new AppError('validation_failed', 'choose the procedures first', 'procedure_ids');
      }
      const params: RenderParams & Record<string, unknown> = {
        ...options,
        applicationId: open.application.id,
        municipalityId: open.municipality.id,
        municipalityCode: open.municipality.code,
        municipalityName: open.municipality.name,
        municipalityNameEn: open.municipality.nameEn,
        audience,
      };
      const kind = audience === 'applicant' ? 'render_applicant' : 'render_municipality';
      const jobId = await jobs.enqueue({
        kind,
        municipalityId: open.municipality.id,
        params: { ...params },
        createdBy,
      });
      return jobView((await jobs.get(jobId))!);
    },

    status: async (applicationId: string, jobId: string) => jobView(await jobOf(applicationId, jobId)),

    /** One PDF of a succeeded job (one procedure), to open on its own: a phone shows it, a zip it cannot. */
    async document(
      applicationId: string,
      jobId: string,
      procedureId: number,
    ): Promise<{ bytes: Buffer; fileName: string }> {
      const row = await jobOf(applicationId, jobId);
      if (row.status !== 'succeeded') {
        throw new AppError('conflict', `the rendering is ${row.status}; download it once it has succeeded`);
      }
      const documents = (row.params as { documents?: { procedure_id: number; file_name: string }[] })
        .documents;
      const found = documents?.find((d) => d.procedure_id === procedureId);
      if (!found) throw notFound(`rendered document of procedure ${procedureId}`);
      return {
        bytes: await storage.get(`rendered/${applicationId}/${jobId}/${procedureId}.pdf`),
        fileName: found.file_name,
      };
    },

    async download(applicationId: string, jobId: string): Promise<{ bytes: Buffer; fileName: string }> {
      const row = await jobOf(applicationId, jobId);
      if (row.status !== 'succeeded' || !row.resultKey) {
        throw new AppError('conflict', `the rendering is ${row.status}; download it once it has succeeded`);
      }
      return {
        bytes: await storage.get(row.resultKey),
        fileName: `application-${applicationId.slice(0, 8)}.zip`,
      };
    },
  };
}
export type RenderingService = ReturnType<typeof createRenderingService>;
