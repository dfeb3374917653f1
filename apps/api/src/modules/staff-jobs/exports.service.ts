import { japanDate, japanDayStart, nextDay } from '@portal/rules';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, pipeline, type Readable } from 'node:stream';
import { z } from 'zod';
import type {
  BulkExportRequest,
  ExportRequest,
  Procedure,
  ProcedureGroupConfiguration,
} from '@portal/contracts';
import { AppError, notFound } from '../../http/errors.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { AnswerContextReader } from '../applications/answer-context.js';
import { mismatchesOf, mismatchNames } from '../applications/answer-mismatches.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import { visibleDepartments } from '../staff/staff.policy.js';
import { csvEncoder, csvLines, toShiftJis } from './csv-encoding.js';
import {
  LEADING_COLUMNS,
  type ExportFlags,
  type ExportItemColumn,
  type ExportRepository,
  type ExportSelection,
} from './exports.repository.js';
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
import type { StaffJobsRepository } from './staff-jobs.repository.js';
import { writeSheet, type CellKind } from './xlsx-sheet.js';
import { zipToStorage } from './zip-stream.js';

/** What an export job carries (read back from the jobs table, so checked again). */
const ExportParams = z.object({
  municipalityId: z.number().int(),
  procedureGroupId: z.number().int(),
  version: z.number().int(),
  groupName: z.string(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  procedureIds: z.array(z.number().int()).min(1),
  encoding: z.enum(['utf-8', 'shift_jis']),
  /** A CSV or an xlsx per procedure (jobs queued before xlsx existed wrote CSV). */
  format: z.enum(['csv', 'xlsx']).default('csv'),
  /** The requester's departments when they asked (null: every department). */
  departmentIds: z.array(z.number().int()).nullable(),
  /** A selection from the staff list (documents-bulk/export/); null: every document in the range. */
  documentIds: z.array(z.uuid()).nullable().default(null),
});
type ExportParams = z.infer<typeof ExportParams>;

export const LEADING_HEADERS = LEADING_COLUMNS.map((c) => c.header);
const LEADING_KINDS: CellKind[] = LEADING_COLUMNS.map((c) => c.kind);
const ATTACHMENTS_FOLDER = '添付書類';

/** `_missing.txt`: files the storage did not have, then files still waiting for their malware scan. */
export function missingNotice(missing: readonly string[], waiting: readonly string[]): string {
  const section = (title: string, paths: readonly string[]) =>
    paths.length > 0 ? `${title}\r\n${paths.join('\r\n')}\r\n` : '';
  return (
    section('保存領域に見つからなかった添付書類 / attachments missing from storage', missing) +
    section(
      'ウイルス検査が終わっていない添付書類 / attachments still waiting for their malware scan',
      waiting,
    )
  );
}

/**
 * The item columns of a procedure: its standard items in fragment order, one column per answered repeat,
 * each with the kind of its xlsx cells (a date item's answers as dates, a number item's as numbers).
 */
export function itemColumns(
  config: ProcedureGroupConfiguration,
  procedure: Procedure,
  sequences: Map<string, number>,
): { columns: ExportItemColumn[]; headers: string[]; kinds: CellKind[] } {
  const items = new Map(config.standard_items.map((i) => [i.code, i]));
  const columns: ExportItemColumn[] = [];
  const headers: string[] = [];
  const kinds: CellKind[] = [];
  const codes = [...new Set(procedure.procedure_fragments.map((f) => f.standard_item_code))];
  const names = codes.map((code) => items.get(code)?.name ?? code);
  codes.forEach((code, i) => {
    // A name used twice in one procedure gets its code, so every header is unique.
    const name =
      names.indexOf(names[i]!) === names.lastIndexOf(names[i]!) ? names[i]! : `${names[i]}（${code}）`;
    const repeats = Math.max(1, sequences.get(code) ?? 1);
    for (let sequence = 1; sequence <= repeats; sequence++) {
      const item = items.get(code);
      columns.push({ code, sequence, choices: item?.choices ?? [], list: item?.type === 'checkbox' });
      headers.push(sequence === 1 ? name : `${name}（${sequence}）`);
      kinds.push(item?.type === 'number' ? 'number' : item?.type === 'date' ? 'date' : 'text');
    }
  });
  return { columns, headers, kinds };
}

/** `export_<group>_<start>_<end>.zip`, e.g. export_出生・子育て_2026-11-01_2026-11-30.zip. */
export const exportFileName = (p: Pick<ExportParams, 'groupName' | 'startDate' | 'endDate'>) =>
  `export_${safeFileName(p.groupName)}_${p.startDate}_${p.endDate}.zip`;

interface Logger {
  error(obj: object, msg?: string): void;
}

/**
 * Exports (decision 0005: exports.run, clerks for their own departments). A job writes one zip, streamed
 * to storage: per procedure a CSV (UTF-8 with BOM, or Shift_JIS; CRLF, every value quoted) or an xlsx
 * with typed cells (decision 0036) of the documents received in the Japan-time date range within the
 * requester's departments, and their attachments in a folder per reference number. An export is the
 * requester's: only they and administrators read its status and download it.
 */
export function createExportService(deps: {
  jobs: JobQueue;
  storage: FileStorage;
  exports: ExportRepository;
  repository: StaffJobsRepository;
  published: PublishedConfiguration;
  /** What the answer rules read of applications: the 確認元と異なる項目 column (issue 32). */
  answers: Pick<AnswerContextReader, 'loadMany' | 'answersOf'>;
  audit: AuditRepository;
  clock: () => Date;
  logger: Logger;
}) {
  const { jobs, storage, exports, published, audit, clock } = deps;

  /**
   * The names of the items whose answer differs from the card or the registry, per document of the
   * selection: the flags the staff detail shows (mismatchesOf, on each application's own version),
   * named as the procedure's columns are. Applications are read a page at a time.
   */
  async function flagsOf(
    selection: ExportSelection,
    config: ProcedureGroupConfiguration,
    codes: readonly string[],
  ): Promise<ExportFlags> {
    const items = new Map(config.standard_items.map((i) => [i.code, i]));
    const out = new Map<string, string>();
    for await (const page of exports.documentPages(selection)) {
      const loaded = await deps.answers.loadMany(selection.municipalityId, [
        ...new Set(page.map((p) => p.applicationId)),
      ]);
      const byId = new Map(loaded.map((l) => [l.application.id, l]));
      for (const { documentId, applicationId } of page) {
        const read = byId.get(applicationId);
        if (!read) continue;
        const group = await published.version(
          selection.municipalityId,
          read.application.procedureGroupId,
          read.application.configurationVersion,
        );
        const names = mismatchNames(
          mismatchesOf(group, deps.answers.answersOf(group, read).context),
          codes,
          items,
        );
        if (names !== '') out.set(documentId, names);
      }
    }
    return out;
  }

  async function exportJob(actor: Actor, jobId: string): Promise<JobRow> {
    const row = await jobOfKind(jobs, actor, jobId, 'export');
    if (actor.staff.permission !== 'administrator' && row.createdBy !== staffCreator(actor.staff))
      throw notFound('job');
    return row;
  }

  /** Queues an export job and records who asked for what. */
  async function enqueue(
    actor: Actor,
    params: ExportParams,
    what: Record<string, unknown>,
  ): Promise<JobView> {
    const jobId = await jobs.enqueue({
      kind: 'export',
      municipalityId: actor.municipality.id,
      params,
      createdBy: staffCreator(actor.staff),
    });
    await recordAct(
      audit,
      actor,
      'export.start',
      { type: 'job', id: jobId },
      {
        procedure_group_id: params.procedureGroupId,
        ...what,
        start_date: params.startDate,
        end_date: params.endDate,
        format: params.format,
        // An xlsx has no encoding to speak of.
        ...(params.format === 'csv' ? { encoding: params.encoding } : {}),
      },
    );
    return jobView((await jobs.get(jobId))!);
  }

  return {
    async start(
      actor: Actor,
      procedureGroupId: number,
      body: z.output<typeof ExportRequest>,
    ): Promise<JobView> {
      const group = await published.latest(actor.municipality.id, procedureGroupId);
      const codes = [...new Set(body.procedure_codes)];
      const procedures = codes.map((code) => group.config.disclosure.procedures.find((p) => p.code === code));
      const unknown = codes.filter((_, i) => !procedures[i]);
      if (unknown.length > 0) {
        throw new AppError(
          'validation_failed',
          `not a procedure of this group: ${unknown.join(', ')}`,
          'procedure_codes',
        );
      }
      const scope = visibleDepartments(actor.staff);
      if (scope !== null) {
        const departments = await deps.repository.departmentIds(actor.municipality.id);
        const outside = procedures.filter((p) => {
          const id = p!.department_code ? departments.get(p!.department_code) : undefined;
          return id === undefined || !scope.includes(id);
        });
        if (outside.length > 0) {
          throw new AppError(
            'validation_failed',
            `procedures of departments you do not belong to: ${outside.map((p) => p!.code).join(', ')}`,
            'procedure_codes',
          );
        }
      }
      const params: ExportParams = {
        municipalityId: actor.municipality.id,
        procedureGroupId,
        version: group.version,
        groupName: group.config.name,
        startDate: body.start_date,
        endDate: body.end_date,
        procedureIds: procedures.map((p) => p!.id),
        encoding: body.encoding,
        format: body.format,
        departmentIds: scope,
        documentIds: null,
      };
      return enqueue(actor, params, { procedure_codes: codes });
    },

    /**
     * Exports a selection from the staff list: the same zip, cut to those documents (within the
     * requester's departments), its date range the selection's first and last receipt in Japan time.
     */
    async startSelection(actor: Actor, body: z.output<typeof BulkExportRequest>): Promise<JobView> {
      const scope = visibleDepartments(actor.staff);
      const found = await deps.repository.exportSelection(actor.municipality.id, scope, body.document_ids);
      if (found.length === 0) throw notFound('documents');
      const groups = [...new Set(found.map((f) => f.procedureGroupId))];
      if (groups.length > 1) {
        throw new AppError(
          'validation_failed',
          'the documents belong to more than one procedure group: export each group on its own',
          'document_ids',
        );
      }
      const group = await published.latest(actor.municipality.id, groups[0]!);
      const procedureIds = [...new Set(found.map((f) => f.procedureId))];
      const gone = procedureIds.filter((id) => !group.config.disclosure.procedures.some((p) => p.id === id));
      if (gone.length > 0) {
        throw new AppError(
          'validation_failed',
          'a procedure of these documents is no longer published: export it by date range',
          'document_ids',
        );
      }
      const at = (seconds: number) => japanDate(new Date(seconds * 1000));
      const params: ExportParams = {
        municipalityId: actor.municipality.id,
        procedureGroupId: groups[0]!,
        version: group.version,
        groupName: group.config.name,
        startDate: at(Math.min(...found.map((f) => Number(f.first)))),
        endDate: at(Math.max(...found.map((f) => Number(f.last)))),
        procedureIds,
        encoding: body.encoding,
        format: body.format,
        departmentIds: scope,
        documentIds: body.document_ids,
      };
      return enqueue(actor, params, { document_count: body.document_ids.length });
    },

    status: async (actor: Actor, jobId: string): Promise<JobView> => jobView(await exportJob(actor, jobId)),

    async download(actor: Actor, jobId: string): Promise<{ stream: Readable; fileName: string }> {
      const row = await exportJob(actor, jobId);
      const stream = await storage.getStream(resultOf(row));
      const params = ExportParams.parse(row.params);
      await recordAct(audit, actor, 'export.download', { type: 'job', id: row.id });
      return { stream, fileName: exportFileName(params) };
    },

    /** The worker: CSVs (or xlsx files) and attachments into one zip written to storage as it is made. */
    async run(jobId: string, raw: Record<string, unknown>, progress: (percent: number) => Promise<void>) {
      const params = ExportParams.parse(raw);
      const group = await published.version(params.municipalityId, params.procedureGroupId, params.version);
      const config = group.config;
      const from = japanDayStart(params.startDate);
      const to = japanDayStart(nextDay(params.endDate));
      const plans = [];
      for (const procedureId of params.procedureIds) {
        const procedure = config.disclosure.procedures.find((p) => p.id === procedureId);
        if (!procedure) throw new Error(`procedure ${procedureId} is not in version ${params.version}`);
        const selection: ExportSelection = {
          municipalityId: params.municipalityId,
          procedureId,
          from,
          to,
          departmentIds: params.departmentIds,
          documentIds: params.documentIds,
        };
        const codes = procedure.procedure_fragments.map((f) => f.standard_item_code);
        const { columns, headers, kinds } = itemColumns(
          config,
          procedure,
          await exports.sequences(selection, codes),
        );
        const attaches = config.disclosure.procedure_attaches.filter((a) => a.procedure_id === procedureId);
        plans.push({
          procedure,
          selection,
          columns,
          flags: await flagsOf(selection, config, codes),
          headers: [...LEADING_HEADERS, ...headers],
          kinds: [...LEADING_KINDS, ...kinds],
          attaches,
          rows: await exports.count(selection),
        });
      }

      // Progress: rows written (counted as line ends of the CSV), throttled to a write per second.
      const total = Math.max(
        1,
        plans.reduce((n, p) => n + p.rows, 0),
      );
      let written = 0;
      let reportedAt = 0;
      // Writes one after another, all done before the job is marked succeeded (else a late 99 would stay).
      let reporting = Promise.resolve();
      const report = () => {
        const now = Date.now();
        if (now - reportedAt < 1000) return;
        reportedAt = now;
        const percent = Math.min(99, Math.floor((written / total) * 100));
        reporting = reporting.then(() => progress(percent)).catch(() => undefined);
      };

      const key = `exports/${params.municipalityId}/${jobId}.zip`;
      const zip = zipToStorage(storage, key, { mtime: clock() });
      const missing: string[] = [];
      // Not yet scanned for malware (decision 0051): never handed out, listed instead.
      const waiting: string[] = [];
      // An xlsx is a zip itself, written whole before it joins the export's zip: made in a folder of its own.
      const folder = params.format === 'xlsx' ? await mkdtemp(join(tmpdir(), 'portal-export-')) : null;
      try {
        for (const [index, plan] of plans.entries()) {
          if (folder) {
            const file = join(folder, `${index}.xlsx`);
            await writeSheet({
              file,
              name: plan.procedure.name,
              headers: plan.headers,
              kinds: plan.kinds,
              rows: exports.rows(plan.selection, plan.columns, plan.flags),
              onRow: () => {
                written += 1;
                report();
              },
            });
            // Compressed already: stored as it is.
            await zip.addStream(`${safeFileName(plan.procedure.name)}.xlsx`, createReadStream(file), {
              compress: false,
            });
          } else {
            const header = csvLines([plan.headers]);
            const source = await exports.csv(plan.selection, plan.columns, plan.flags);
            const counter = new Transform({
              transform(chunk: Buffer, _encoding, done) {
                for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) written += 1;
                report();
                done(null, chunk);
              },
            });
            const encoded = pipeline(source, counter, csvEncoder(params.encoding, header), (err) => {
              if (err) zip.abort(err);
            });
            await zip.addStream(`${safeFileName(plan.procedure.name)}.csv`, encoded, { compress: true });
          }

          const slotNames = new Map(plan.attaches.map((a) => [a.standard_item_code, a.name]));
          let reference = '';
          const used = new Set<string>();
          for await (const file of exports.attachments(
            plan.selection,
            plan.attaches.map((a) => a.standard_item_code),
          )) {
            if (file.reference_number !== reference) {
              reference = file.reference_number;
              used.clear();
            }
            const slot = slotNames.get(file.standard_item_code) ?? file.standard_item_code;
            const stem = safeFileName(
              `${slot}${file.sequence > 1 ? `（${file.sequence}）` : ''}_${file.file_name}`,
            );
            let name = stem;
            for (let n = 2; used.has(name); n++) name = `${n}_${stem}`;
            used.add(name);
            const path = `${ATTACHMENTS_FOLDER}/${safeFileName(file.reference_number)}/${name}`;
            if (file.scan_pending) {
              waiting.push(path);
              continue;
            }
            let stream: Readable;
            try {
              stream = await storage.getStream(file.storage_key);
            } catch {
              missing.push(path);
              continue;
            }
            // Scans and PDFs are compressed already: stored as they are.
            await zip.addStream(path, stream, { compress: false });
          }
        }
        if (missing.length > 0 || waiting.length > 0) {
          const notice = missingNotice(missing, waiting);
          zip.addBuffer(
            `${ATTACHMENTS_FOLDER}/_missing.txt`,
            params.encoding === 'utf-8' ? Buffer.from(`\ufeff${notice}`, 'utf8') : toShiftJis(notice),
            { compress: true },
          );
        }
        const size = await zip.finish();
        await reporting;
        await jobs.patchParams(jobId, { size, missingAttachments: missing.length + waiting.length });
      } catch (err) {
        zip.abort(err instanceof Error ? err : new Error(String(err)));
        throw err;
      } finally {
        // Read whole into the zip by now (finish waits for it), or no longer wanted.
        if (folder) await rm(folder, { recursive: true, force: true });
      }
      return { resultKey: key };
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;
