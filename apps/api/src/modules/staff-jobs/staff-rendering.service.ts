import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Procedure, ReportTemplate } from '@portal/contracts';
import { notFound } from '../../http/errors.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { AnswerContextReader } from '../applications/answer-context.js';
import { mismatchesOf } from '../applications/answer-mismatches.js';
import type { ApplicationRepository } from '../applications/applications.repository.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { pdfFileName, renderProcedurePdf } from '../rendering/application-pdf.js';
import type { RenderingService } from '../rendering/rendering.service.js';
import { zipFiles } from '../rendering/zip.js';
import { inScope } from '../staff/staff.policy.js';
import {
  jobOfKind,
  jobView,
  recordAct,
  resultOf,
  safeFileName,
  staffCreator,
  type Actor,
  type JobRow,
  type JobView,
} from './staff-jobs.common.js';
import type { StaffDocument, StaffJobsRepository } from './staff-jobs.repository.js';

/** What a report rendering job carries (read back from the jobs table, so checked again). */
const ReportParams = z.object({
  municipalityId: z.number().int(),
  municipalityCode: z.string(),
  municipalityName: z.string(),
  documentId: z.uuid(),
  reportId: z.number().int(),
});

/**
 * A report as a form of its own: the report's standard items, each under the section (fragment name) it
 * has in the document's procedure, or under the report's name when the procedure does not ask for it.
 * The renderer needs nothing else, so a report prints like the application form it comes from.
 */
export function reportProcedure(procedure: Procedure, report: ReportTemplate): Procedure {
  const sections = new Map(procedure.procedure_fragments.map((f) => [f.standard_item_code, f.name]));
  return {
    ...procedure,
    name: report.name,
    remarks: null,
    printed_copies: 1,
    procedure_fragments: report.standard_item_codes.map((code, i) => ({
      id: i + 1,
      name: sections.get(code) ?? report.name,
      standard_item_code: code,
    })),
  };
}

/**
 * Staff renderings (decision 0005: documents.render, viewers too). The municipality's rendering of an
 * application reuses the rendering service's job (kind render_municipality): `printed_copies` copies of
 * each document of the application within the staff member's departments, or, with `is_additional`,
 * one more copy of the requested document only. A report of a document is a job of its own
 * (render_document) rendered here.
 */
export function createStaffRenderingService(deps: {
  jobs: JobQueue;
  storage: FileStorage;
  rendering: RenderingService;
  repository: StaffJobsRepository;
  applications: ApplicationRepository;
  published: PublishedConfiguration;
  /** What the answer rules read of an application: a report flags what differs from the card. */
  answers: Pick<AnswerContextReader, 'load' | 'answersOf'>;
  audit: AuditRepository;
  clock: () => Date;
}) {
  const { jobs, storage, repository, applications, published, audit, clock } = deps;

  async function documentInScope(actor: Actor, documentId: string): Promise<StaffDocument> {
    const found = await repository.document(actor.municipality.id, documentId);
    if (!found || !inScope(actor.staff, found.departmentId)) throw notFound('document');
    return found;
  }

  async function applicationOf(municipalityId: number, document: StaffDocument) {
    const application = await applications.find(municipalityId, document.applicationId);
    if (!application) throw notFound('application');
    const group = await published.version(
      municipalityId,
      application.procedureGroupId,
      application.configurationVersion,
    );
    const procedure = group.config.disclosure.procedures.find((p) => p.id === document.procedureId);
    if (!procedure) throw notFound('procedure');
    return { application, group, procedure };
  }

  /** A job started from a document the actor still sees (a deleted or out-of-scope document hides it). */
  async function scopedJob(actor: Actor, row: JobRow): Promise<{ row: JobRow; document: StaffDocument }> {
    const documentId = (row.params as { documentId?: unknown }).documentId;
    if (typeof documentId !== 'string') throw notFound('job');
    return { row, document: await documentInScope(actor, documentId) };
  }

  async function municipalityJob(actor: Actor, applicationId: string, jobId: string) {
    const row = await jobOfKind(jobs, actor, jobId, 'render_municipality');
    if ((row.params as { applicationId?: unknown }).applicationId !== applicationId) throw notFound('job');
    return scopedJob(actor, row);
  }

  const reportJob = async (actor: Actor, jobId: string) =>
    scopedJob(actor, await jobOfKind(jobs, actor, jobId, 'render_document'));

  async function download(row: JobRow): Promise<Readable> {
    return storage.getStream(resultOf(row));
  }

  return {
    async startApplication(
      actor: Actor,
      applicationId: string,
      documentId: string,
      isAdditional: boolean,
    ): Promise<JobView> {
      const document = await documentInScope(actor, documentId);
      if (document.applicationId !== applicationId) throw notFound('document');
      const { application, group } = await applicationOf(actor.municipality.id, document);
      const chosen = isAdditional
        ? [document]
        : (await repository.documentsOfApplication(actor.municipality.id, applicationId)).filter((d) =>
            inScope(actor.staff, d.departmentId),
          );
      const view = await deps.rendering.start(
        { municipality: actor.municipality, application, group },
        'municipality',
        staffCreator(actor.staff),
        {
          procedureIds: chosen.map((d) => d.procedureId),
          additional: isAdditional,
          referenceNumbers: Object.fromEntries(chosen.map((d) => [String(d.procedureId), d.referenceNumber])),
          documentId: document.id,
          fileName: `${document.referenceNumber}_申請書${isAdditional ? '_追加' : ''}.zip`,
        },
      );
      await recordAct(
        audit,
        actor,
        'render.municipality.start',
        { type: 'document', id: document.id },
        {
          job_id: view.id,
          is_additional: isAdditional,
          reference_numbers: chosen.map((d) => d.referenceNumber),
        },
      );
      return view;
    },

    async applicationStatus(actor: Actor, applicationId: string, jobId: string): Promise<JobView> {
      return jobView((await municipalityJob(actor, applicationId, jobId)).row);
    },

    async applicationDownload(actor: Actor, applicationId: string, jobId: string) {
      const { row, document } = await municipalityJob(actor, applicationId, jobId);
      const stream = await download(row);
      await recordAct(
        audit,
        actor,
        'render.municipality.download',
        { type: 'document', id: document.id },
        {
          job_id: row.id,
        },
      );
      const fileName = (row.params as { fileName?: string }).fileName ?? `${document.referenceNumber}.zip`;
      return { stream, fileName };
    },

    async startReport(actor: Actor, documentId: string, reportId: number): Promise<JobView> {
      const document = await documentInScope(actor, documentId);
      const { group, procedure } = await applicationOf(actor.municipality.id, document);
      const report = group.config.reports.find(
        (r) => r.id === reportId && r.procedure_code === procedure.code,
      );
      if (!report) throw notFound('report');
      const params: z.input<typeof ReportParams> & Record<string, unknown> = {
        municipalityId: actor.municipality.id,
        municipalityCode: actor.municipality.code,
        municipalityName: actor.municipality.name,
        documentId: document.id,
        reportId: report.id,
        fileName: `${document.referenceNumber}_${safeFileName(report.name)}.zip`,
      };
      const jobId = await jobs.enqueue({
        kind: 'render_document',
        municipalityId: actor.municipality.id,
        params,
        createdBy: staffCreator(actor.staff),
      });
      await recordAct(
        audit,
        actor,
        'render.report.start',
        { type: 'document', id: document.id },
        {
          job_id: jobId,
          report_id: report.id,
          report_name: report.name,
        },
      );
      return jobView((await jobs.get(jobId))!);
    },

    async reportStatus(actor: Actor, jobId: string): Promise<JobView> {
      return jobView((await reportJob(actor, jobId)).row);
    },

    async reportDownload(actor: Actor, jobId: string) {
      const { row, document } = await reportJob(actor, jobId);
      const stream = await download(row);
      await recordAct(
        audit,
        actor,
        'render.report.download',
        { type: 'document', id: document.id },
        {
          job_id: row.id,
        },
      );
      const fileName = (row.params as { fileName?: string }).fileName ?? `${document.referenceNumber}.zip`;
      return { stream, fileName };
    },

    /** The worker of render_document: the report as a one-copy PDF in a zip, stored under the application. */
    async runReport(
      jobId: string,
      raw: Record<string, unknown>,
      progress: (percent: number) => Promise<void>,
    ) {
      const params = ReportParams.parse(raw);
      const document = await repository.document(params.municipalityId, params.documentId);
      if (!document) throw new Error(`document ${params.documentId} no longer exists`);
      const { application, group, procedure } = await applicationOf(params.municipalityId, document);
      const report = group.config.reports.find((r) => r.id === params.reportId);
      if (!report) throw new Error(`report ${params.reportId} no longer exists`);
      // The answers and what differs from the card or the registry (issue 32), read once.
      const read = await deps.answers.load(params.municipalityId, application.id);
      if (!read) throw new Error(`application ${application.id} no longer exists`);
      const pdf = await renderProcedurePdf({
        municipality: { code: params.municipalityCode, name: params.municipalityName },
        config: group.config,
        procedure: reportProcedure(procedure, report),
        values: read.answers,
        mismatches: mismatchesOf(group, deps.answers.answersOf(group, read).context),
        applicant: { name: document.applicantName },
        referenceNumber: document.referenceNumber,
        submittedAt: document.receivedAt,
        now: clock(),
        copies: 1,
      });
      await progress(70);
      const fileName = pdfFileName(report.name, document.referenceNumber);
      const key = `rendered/${application.id}/reports/${jobId}.zip`;
      await storage.put(key, await zipFiles([{ name: fileName, bytes: pdf.bytes }]));
      await jobs.patchParams(jobId, {
        documents: [
          {
            procedure_id: procedure.id,
            procedure_code: procedure.code,
            file_name: fileName,
            sha256: createHash('sha256').update(pdf.bytes).digest('hex'),
            pages: pdf.pages,
          },
        ],
      });
      return { resultKey: key };
    },
  };
}
export type StaffRenderingService = ReturnType<typeof createStaffRenderingService>;
