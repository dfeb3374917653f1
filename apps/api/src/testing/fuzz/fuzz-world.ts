import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoData } from '@portal/demo';
import { submittedDocuments } from '../../modules/documents/documents.fixtures.js';
import { createSessionRepository } from '../../modules/sessions/sessions.repository.js';
import { createSessionService, sessionCookie } from '../../modules/sessions/sessions.service.js';
import type { DatabaseKind } from '../databases.js';
import { draftApplication } from '../fixtures.js';
import { createListeningApp, type ListeningApp } from '../listening-app.js';

export const audiences = ['anonymous', 'applicant', 'staff', 'operator'] as const;
export type Audience = (typeof audiences)[number];

const RESIDENT = 'fuzz-resident';
const STAFF_EMAIL = demoData.municipalities.find((m) => m.code === '999999')!.staff[0]!.email;
const OPERATOR = demoData.operators[0]!.login_id;

/** Records that exist, by path parameter name: valid ids get calls past "not found" into the handlers. */
export type Pools = Record<string, string[]>;

const poolSql: Record<string, string> = {
  applicationId: 'select id from applications',
  documentId: 'select id from documents',
  attachmentId: 'select id from attachments',
  jobId: 'select id from jobs',
  signingId: 'select id from sign_transactions',
  // The fuzzed staff member's own account stays out: a fuzzed call must not lock the fuzzer out.
  accountId: 'select id from staff_accounts where id <> $1',
  workflowDetailId: 'select id from workflow_details',
  userServiceStatusId: 'select id from applicant_service_links',
  procedureId: 'select id from procedures',
  procedureGroupId: 'select id from procedure_groups',
  reflectionManagerId: 'select id from procedure_groups',
  reportId: 'select id from report_templates',
};

export interface FuzzWorld {
  app: ListeningApp['app'];
  csrfToken: string;
  /** Cookies of a fresh session of the audience: a fuzzed call may sign out the one before. */
  cookieOf(audience: Audience): Promise<string>;
  /** Current record ids (fuzzed calls create and delete some); keeps the resident a draft to work on. */
  pools(): Promise<Pools>;
  close(): Promise<void>;
}

/** The portal on seeded databases with a resident's draft and submitted documents, for the fuzz test. */
export async function createFuzzWorld(kind: DatabaseKind): Promise<FuzzWorld> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-fuzz-'));
  // Listening, as the app calls its own stand-ins (personal portal, signing app, identity) over HTTP.
  const portal = await createListeningApp(kind, { portal: true, env: { DATA_DIR: dataDir } });
  const sql = async (text: string, values: unknown[] = []) =>
    (await portal.database.executeSql(text, values)).rows.map((r) => String(Object.values(r)[0]));
  const [municipalityId] = (await sql(`select id from municipalities where code = '999999'`)).map(Number);
  const { applicantId } = await submittedDocuments(portal, dataDir, { subject: RESIDENT });
  const [staffId] = await sql('select id from staff_accounts where email = $1', [STAFF_EMAIL]);
  const [operatorId] = await sql('select id from operators where login_id = $1', [OPERATOR]);
  const subjects = { applicant: applicantId, staff: staffId!, operator: operatorId! };

  const first = await portal.app.inject({ method: 'GET', url: '/api/csrf-token' });
  const csrfCookie = `portal_csrf=${first.cookies.find((c) => c.name === 'portal_csrf')!.value}`;
  const sessions = createSessionService({
    sessions: createSessionRepository(portal.database.db),
    clock: () => new Date(),
    ttlMs: 3600_000,
  });

  return {
    app: portal.app,
    csrfToken: (first.json() as { csrf_token: string }).csrf_token,
    async cookieOf(audience) {
      if (audience === 'anonymous') return csrfCookie;
      const { token } = await sessions.start({
        kind: audience,
        subjectId: subjects[audience],
        municipalityId: audience === 'operator' ? null : municipalityId!,
      });
      return `${csrfCookie}; ${sessionCookie[audience]}=${token}`;
    },
    async pools() {
      const drafts = await sql(`select id from applications where applicant_id = $1 and status = 'draft'`, [
        applicantId,
      ]);
      if (drafts.length === 0) await draftApplication(portal, applicantId);
      const pools: Pools = { code: ['999999', '999998'] };
      for (const [name, text] of Object.entries(poolSql)) {
        pools[name] = await sql(`${text} order by 1 limit 20`, name === 'accountId' ? [staffId] : []);
      }
      return pools;
    },
    async close() {
      await portal.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
