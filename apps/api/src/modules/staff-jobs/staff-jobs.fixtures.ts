import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '@portal/demo';
import { browser, type TestApp } from '../../testing/test-app.js';

/** Test helpers of the staff jobs: signed-in staff, documents seeded in SQL, zips and CSV read back. */

export type StaffClient = Awaited<ReturnType<typeof browser>>;

/** A browser signed in as a demo staff member (or not signed in, with `email` null). */
export async function staffClient(app: FastifyInstance, email: string | null, code = '999999') {
  const client = await browser(app, code);
  if (email) {
    const login = await client.request('POST', `/api/municipalities/${code}/login/`, {
      login_id: email,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode, login.body).toBe(200);
  }
  return client;
}

const one = async (t: TestApp, text: string, values: unknown[] = []) =>
  (await t.database.executeSql(text, values)).rows[0] ?? {};

export interface SeededDocument {
  documentId: string;
  applicationId: string;
  reference: string;
}

/**
 * A received document written straight to the database (with its application, answers and attachment
 * files in `storageRoot/files`), so tests choose dates, departments and awkward values freely.
 */
export async function seedDocument(
  t: TestApp,
  input: {
    storageRoot: string;
    procedureCode: string;
    reference: string;
    receivedAt: Date;
    applicantName?: string;
    municipalityCode?: string;
    /** Adds the document to this application instead of a new one. */
    applicationId?: string;
    answers?: { code: string; sequence?: number; value: string | string[] | null }[];
    attachments?: { code: string; fileName: string; bytes: Buffer }[];
    status?: string;
  },
): Promise<SeededDocument> {
  const code = input.municipalityCode ?? '999999';
  const m = await one(t, 'select id from municipalities where code = $1', [code]);
  const p = await one(
    t,
    `select p.id, p.procedure_group_id, d.id as department_id,
       (select max(version) from configuration_versions v where v.procedure_group_id = p.procedure_group_id) as version
     from procedures p left join departments d on d.municipality_id = p.municipality_id and d.code = p.department_code
     where p.municipality_id = $1 and p.code = $2`,
    [m.id, input.procedureCode],
  );
  if (!p.id) throw new Error(`no procedure ${input.procedureCode} in ${code}`);
  let applicationId = input.applicationId;
  if (!applicationId) {
    const subject = `seeded-${randomUUID()}`;
    const applicant = await one(t, 'insert into applicants (subject) values ($1) returning id', [subject]);
    const application = await one(
      t,
      `insert into applications (municipality_id, applicant_id, procedure_group_id, configuration_version, status,
         current_step, procedure_ids, submitted_at)
       values ($1, $2, $3, $4, 'submitted', 'complete', $5::jsonb, $6) returning id`,
      [m.id, applicant.id, p.procedure_group_id, p.version, JSON.stringify([p.id]), input.receivedAt],
    );
    applicationId = String(application.id);
  } else {
    await t.database.executeSql(
      `update applications set procedure_ids = procedure_ids || $2::jsonb where id = $1`,
      [applicationId, JSON.stringify([p.id])],
    );
  }
  for (const a of input.answers ?? []) {
    await t.database.executeSql(
      `insert into application_answers (application_id, standard_item_code, sequence, value)
       values ($1, $2, $3, $4::jsonb)
       on conflict (application_id, standard_item_code, sequence) do update set value = excluded.value`,
      [applicationId, a.code, a.sequence ?? 1, JSON.stringify(a.value)],
    );
  }
  for (const file of input.attachments ?? []) {
    const key = `attachments/${applicationId}/${file.code}-1`;
    const path = join(input.storageRoot, 'files', key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.bytes);
    await t.database.executeSql(
      `insert into attachments (municipality_id, application_id, standard_item_code, sequence, type, file_name,
         content_type, size, sha256, storage_key)
       values ($1, $2, $3, 1, 'OR', $4, 'image/png', $5, $6, $7)`,
      [
        m.id,
        applicationId,
        file.code,
        file.fileName,
        file.bytes.length,
        createHash('sha256').update(file.bytes).digest('hex'),
        key,
      ],
    );
  }
  const document = await one(
    t,
    `insert into documents (municipality_id, application_id, procedure_id, department_id, reference_number, status,
       applicant_name, received_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning id`,
    [
      m.id,
      applicationId,
      p.id,
      p.department_id ?? null,
      input.reference,
      input.status ?? 'received',
      input.applicantName ?? '山田 太郎',
      input.receivedAt,
    ],
  );
  await t.database.executeSql(
    `insert into workflow_details (document_id, sequence, name, status) values ($1, 1, '受付', 'pending')`,
    [document.id],
  );
  return { documentId: String(document.id), applicationId, reference: input.reference };
}

export interface ZipEntry {
  name: string;
  utf8: boolean;
  data: Buffer;
}

/** The entries of a zip, read through its central directory (streamed entries keep sizes only there). */
export function readZip(zip: Buffer): ZipEntry[] {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory entry');
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + compressed);
    entries.push({ name, utf8: (flags & 0x0800) !== 0, data: method === 8 ? inflateRawSync(raw) : raw });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** RFC 4180 CSV (quotes, doubled quotes, line breaks inside quotes) into rows of fields, by csv-parse. */
export function parseCsv(text: string): string[][] {
  return parse(text, { bom: true }) as string[][];
}

/** The file name of a Content-Disposition header: the RFC 5987 `filename*` decoded. */
export function dispositionName(header: string | undefined): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(header ?? '');
  if (!match) throw new Error(`no filename* in ${header}`);
  return decodeURIComponent(match[1]!);
}

/** Polls a job status URL until the job leaves queued and running. */
export async function finishedJob(client: StaffClient, url: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res: LightMyRequestResponse = await client.request('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json() as {
      status: string;
      progress: number;
      error: string | null;
      documents: unknown[];
    };
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > until) throw new Error(`${url} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
