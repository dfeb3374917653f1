import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { documentStates, workflowStepStates, type StandardItemFragmentValue } from '@portal/contracts';
import { demoData, DEMO_PASSWORD } from '@portal/demo';
import { dueAtFor } from '@portal/rules';
import type { Database } from '../../db/client.js';
import { attachments } from '../../db/schema/index.js';
import { localFileStorage } from '../../lib/file-storage.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import { validValue } from '../../testing/form-fill.js';
import { browser, type TestApp } from '../../testing/test-app.js';
import { createDocumentRepository } from './documents.repository.js';
import { duplicateKey } from './duplicates.js';

/** Fixtures of the staff documents tests: signed-in staff and submitted documents inserted directly. */

export const M = '/api/municipalities/999999';
export const demo = demoData.municipalities.find((m) => m.code === '999999')!;
export const group = demo.procedure_groups[0]!;
export const catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));

/** The demo staff by short name: admin/clerk/viewer of shimin and kodomo, and the other town's admin. */
export const STAFF = {
  adminShimin: 'admin.shimin@demo.example.jp',
  clerkShimin: 'clerk.shimin@demo.example.jp',
  viewerShimin: 'viewer.shimin@demo.example.jp',
  adminKodomo: 'admin.kodomo@demo.example.jp',
  clerkKodomo: 'clerk.kodomo@demo.example.jp',
  viewerKodomo: 'viewer.kodomo@demo.example.jp',
  adminKenko: 'admin.kenko@sample.example.jp',
} as const;
export type StaffName = keyof typeof STAFF;

export type StaffClient = Awaited<ReturnType<typeof browser>> & { id: string };

/** A browser signed in as a demo staff member (POST login/ with the demo password). */
export async function signInStaff(
  t: TestApp,
  email: string,
  code = email.endsWith('sample.example.jp') ? '999998' : '999999',
) {
  const client = await browser(t.app, code);
  const res = await client.request('POST', `/api/municipalities/${code}/login/`, {
    login_id: email,
    password: DEMO_PASSWORD,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} answered ${res.statusCode}: ${res.body}`);
  return { ...client, id: (res.json() as { user: { id: string } }).user.id } as StaffClient;
}

/** Every demo staff member signed in once. */
export async function signInAll(t: TestApp): Promise<Record<StaffName, StaffClient>> {
  const out: Partial<Record<StaffName, StaffClient>> = {};
  for (const [name, email] of Object.entries(STAFF)) out[name as StaffName] = await signInStaff(t, email);
  return out as Record<StaffName, StaffClient>;
}

/** A small PNG (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

export interface SubmittedDocuments {
  applicationId: string;
  applicantId: string;
  /** Document ids by procedure code. */
  documents: Record<string, string>;
  /** Workflow step ids of each document, in order. */
  steps: Record<string, string[]>;
  /** Attachment ids by standard item code. */
  attachments: Record<string, string>;
}

/**
 * A submitted application of the demo group inserted straight into the tables: valid answers to every
 * item of the procedures, a PNG in every attachment slot, and the documents with their workflow steps
 * created by the documents repository's `submit` (as the submission service does).
 */
export async function submittedDocuments(
  t: TestApp,
  storageDir: string,
  opts: {
    procedureCodes?: string[];
    answers?: Record<string, string | string[] | null>;
    /** Later children of a repeatable group (sequence 2, ...), stored besides the answers. */
    repeats?: StandardItemFragmentValue[];
    applicantName?: { name: string; kana: string | null };
    at?: Date;
    subject?: string;
    /** Give the documents their duplicate key, as the submission service does (decision 0021). */
    duplicateKey?: boolean;
  } = {},
): Promise<SubmittedDocuments> {
  const codes = opts.procedureCodes ?? ['birth_notification', 'child_allowance'];
  const procedures = group.disclosure.procedures.filter((p) => codes.includes(p.code));
  const applications = createApplicationRepository(t.database.db);
  const municipalityId = Number(
    (await t.database.executeSql('select id from municipalities where code = $1', ['999999'])).rows[0]!.id,
  );
  const applicantId = await applications.ensureApplicant(opts.subject ?? `fixture-${randomUUID()}`);
  const application = await applications.insert({
    municipalityId,
    applicantId,
    procedureGroupId: group.id,
    configurationVersion: 1,
    status: 'draft',
    currentStep: 'complete',
    procedureIds: procedures.map((p) => p.id),
  });
  const defaults: Record<string, string> = {
    spouse_exists: 'yes',
    spouse_last_name: '山田',
    applicant_pension_type: 'employee',
    applicant_last_name: '山田',
    applicant_first_name: '太郎',
    applicant_last_name_kana: 'ヤマダ',
    applicant_first_name_kana: 'タロウ',
    insurance_type: 'social',
  };
  const values: StandardItemFragmentValue[] = [];
  for (const code of new Set(
    procedures.flatMap((p) => p.procedure_fragments.map((f) => f.standard_item_code)),
  )) {
    const def = catalog.get(code);
    if (!def) continue;
    const value =
      opts.answers && code in opts.answers
        ? opts.answers[code]!
        : def.choices.some((c) => c.value === defaults[code]) || (def.choices.length === 0 && defaults[code])
          ? defaults[code]!
          : validValue(def);
    values.push({ standard_item_code: code, sequence: 1, value });
  }
  const at = opts.at ?? new Date();
  await applications.saveAnswers(application.id, [...values, ...(opts.repeats ?? [])], at);

  const storage = localFileStorage(join(storageDir, 'files'));
  const attachmentIds: Record<string, string> = {};
  for (const slot of group.disclosure.procedure_attaches.filter((a) =>
    procedures.some((p) => p.id === a.procedure_id),
  )) {
    const key = `attachments/${application.id}/${randomUUID()}.png`;
    await storage.put(key, PNG);
    const row = await t.database.db
      .insert(attachments)
      .values({
        municipalityId,
        applicationId: application.id,
        standardItemCode: slot.standard_item_code,
        sequence: 1,
        type: slot.type,
        fileName: `${slot.name}.png`,
        contentType: 'image/png',
        size: PNG.length,
        sha256: 'f'.repeat(64),
        storageKey: key,
        isConfirmed: true,
      })
      .returning({ id: attachments.id });
    attachmentIds[slot.standard_item_code] = row[0]!.id;
  }

  const templates = new Map(group.workflow_templates.map((w) => [w.id, w]));
  await createDocumentRepository(t.database.db).submit({
    municipalityId,
    applicationId: application.id,
    at,
    status: { document: documentStates.initial, step: workflowStepStates.initial, application: 'submitted' },
    documents: procedures.map((p) => ({
      procedureId: p.id,
      departmentCode: p.department_code,
      dueAt: dueAtFor(at, p.processing_days),
      duplicateKey: opts.duplicateKey
        ? duplicateKey([...values, ...(opts.repeats ?? [])], opts.applicantName?.name ?? '山田 太郎')
        : null,
      applicantName: opts.applicantName?.name ?? '山田 太郎',
      applicantNameKana: opts.applicantName?.kana === undefined ? 'ヤマダ タロウ' : opts.applicantName.kana,
      signature: null,
      steps: (p.workflow_template_id ? (templates.get(p.workflow_template_id)?.steps ?? []) : []).map(
        (s) => ({
          sequence: s.sequence,
          name: s.name,
          departmentCode: s.department_code,
        }),
      ),
    })),
  });
  const rows = await t.database.executeSql(
    `select d.id, p.code from documents d join procedures p on p.id = d.procedure_id where d.application_id = $1`,
    [application.id],
  );
  const documents: Record<string, string> = {};
  const steps: Record<string, string[]> = {};
  for (const r of rows.rows) {
    documents[String(r.code)] = String(r.id);
    const s = await t.database.executeSql(
      'select id from workflow_details where document_id = $1 order by sequence',
      [r.id],
    );
    steps[String(r.code)] = s.rows.map((x) => String(x.id));
  }
  return { applicationId: application.id, applicantId, documents, steps, attachments: attachmentIds };
}

/** Audit rows of a document (oldest first). */
export async function auditOf(t: TestApp, documentId: string) {
  const rows = await t.database.executeSql(
    'select actor_id, action, target_type, target_id, detail from audit_log where target_id = $1 order by id',
    [documentId],
  );
  return rows.rows as {
    actor_id: string;
    action: string;
    target_type: string;
    target_id: string;
    detail: Record<string, unknown> | null;
  }[];
}

/** The If-Match header naming a document version (decision 0034). */
export const ifMatch = (version: number | string) => ({ 'if-match': `"${version}"` });

/** The If-Match of a document as it is now (read from the table: no audited read). */
export async function currentIfMatch(t: { database: Pick<Database, 'executeSql'> }, documentId: string) {
  const rows = await t.database.executeSql('select version from documents where id = $1', [documentId]);
  return ifMatch(String(rows.rows[0]?.version ?? 1));
}

/** The If-Match of the document a workflow step belongs to, as it is now. */
export async function stepIfMatch(t: { database: Pick<Database, 'executeSql'> }, stepId: string) {
  const rows = await t.database.executeSql(
    'select d.version from documents d join workflow_details w on w.document_id = d.id where w.id = $1',
    [stepId],
  );
  return ifMatch(String(rows.rows[0]?.version ?? 1));
}
