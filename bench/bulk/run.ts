// Benchmark of bulk work on PostgreSQL (issue 16): one bulk status change of 100 documents through the
// app, beside the same 100 changes sent one request at a time, in the same run; the audit log must hold
// one entry per document. Goal: the bulk act under 2 s. Issue 32: also one bulk workflow approval of the
// current step of 100 documents (started beforehand), with one `workflow.status` audit entry each; goal
// under 2 s too.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/bulk/run.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl) {
  console.log('bench/bulk: skipped (set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}
process.env.TEST_DATABASE_URL = adminUrl;

const { createTestApp } = await import('../../apps/api/src/testing/test-app.js');
const { ifMatch, signInStaff, submittedDocuments, M, STAFF } =
  await import('../../apps/api/src/modules/documents/documents.fixtures.js');

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const GOAL_MS = 2000;

const dir = mkdtempSync(join(tmpdir(), 'portal-bench-bulk-'));
const t = await createTestApp('postgres', { storageDir: dir });
const clerk = await signInStaff(t, STAFF.clerkKodomo);

/** Documents of one application each, received, in the clerk's department. */
async function documents(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = await submittedDocuments(t, dir, { procedureCodes: ['child_allowance'] });
    ids.push(s.documents.child_allowance!);
  }
  return ids;
}

async function auditCount(ids: string[], action = 'document.status', detail?: string): Promise<number> {
  const rows = await t.database.executeSql(
    `select count(*)::int as n from audit_log where action = $2 and target_id = any($1::text[])
       and ($3::text is null or detail->>'to' = $3)`,
    [ids, action, detail ?? null],
  );
  return Number(rows.rows[0]!.n);
}

/** The documents' versions now, as a list just read shows them (decision 0034). */
async function versionsOf(ids: string[]): Promise<Record<string, number>> {
  const rows = await t.database.executeSql('select id, version from documents where id = any($1::uuid[])', [
    ids,
  ]);
  return Object.fromEntries(rows.rows.map((r) => [String(r.id), Number(r.version)]));
}

async function bulkWorkflow(ids: string[], status: 'in_progress' | 'approved') {
  const res = await clerk.request('POST', `${M}/documents-bulk/workflow/`, {
    document_ids: ids,
    versions: await versionsOf(ids),
    status,
  });
  const body = res.json() as { changed: number };
  if (res.statusCode !== 200 || body.changed !== ids.length)
    throw new Error(`bulk workflow ${status} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const single: number[] = [];
const bulk: number[] = [];
const approvals: number[] = [];
let audited = true;
let approvalsAudited = true;
console.log(`bench/bulk: ${DOCUMENTS} documents per act, ${ROUNDS} rounds, PostgreSQL`);
for (let round = 0; round < ROUNDS; round++) {
  const [a, b] = [await documents(DOCUMENTS), await documents(DOCUMENTS)];

  let t0 = performance.now();
  for (const id of a) {
    // A new document is in its first version (decision 0034).
    const res = await clerk.request(
      'PUT',
      `${M}/documents/${id}/status/`,
      { status: 'in_progress' },
      ifMatch(1),
    );
    if (res.statusCode !== 200) throw new Error(`single change answered ${res.statusCode}: ${res.body}`);
  }
  single.push(performance.now() - t0);

  t0 = performance.now();
  const res = await clerk.request('POST', `${M}/documents-bulk/status/`, {
    document_ids: b,
    versions: Object.fromEntries(b.map((id) => [id, 1])),
    status: 'in_progress',
  });
  bulk.push(performance.now() - t0);
  const body = res.json() as { changed: number; refused: number };
  if (res.statusCode !== 200 || body.changed !== DOCUMENTS)
    throw new Error(`bulk change answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const entries = await auditCount(b);
  audited &&= entries === DOCUMENTS;
  console.log(
    `  round ${round + 1}: ${DOCUMENTS} single requests ${single.at(-1)!.toFixed(0)} ms, one bulk request ${bulk.at(-1)!.toFixed(0)} ms, ${entries} audit entries`,
  );

  // Workflow: the current step of 100 received documents started in bulk (untimed), then approved in bulk.
  const w = await documents(DOCUMENTS);
  await bulkWorkflow(w, 'in_progress');
  const versions = await versionsOf(w);
  t0 = performance.now();
  const approved = await clerk.request('POST', `${M}/documents-bulk/workflow/`, {
    document_ids: w,
    versions,
    status: 'approved',
  });
  approvals.push(performance.now() - t0);
  const answer = approved.json() as { changed: number };
  if (approved.statusCode !== 200 || answer.changed !== DOCUMENTS)
    throw new Error(`bulk approval answered ${approved.statusCode}: ${approved.body.slice(0, 300)}`);
  const approvalEntries = await auditCount(w, 'workflow.status', 'approved');
  approvalsAudited &&= approvalEntries === DOCUMENTS;
  console.log(
    `  round ${round + 1}: bulk workflow approval of ${DOCUMENTS} documents ${approvals.at(-1)!.toFixed(0)} ms, ${approvalEntries} audit entries`,
  );
}

const b = median(bulk);
const s = median(single);
console.log(
  `bench/bulk: bulk ${b.toFixed(0)} ms (goal < ${GOAL_MS} ms: ${b < GOAL_MS ? 'met' : 'NOT met'}); ` +
    `${DOCUMENTS} single requests ${s.toFixed(0)} ms; bulk/single time ${(b / s).toFixed(2)}; ` +
    `one audit entry per document: ${audited ? 'yes' : 'NO'}`,
);
const a = median(approvals);
console.log(
  `bench/bulk: bulk workflow approval ${a.toFixed(0)} ms (goal < ${GOAL_MS} ms: ${a < GOAL_MS ? 'met' : 'NOT met'}); ` +
    `one workflow.status audit entry per document: ${approvalsAudited ? 'yes' : 'NO'}`,
);
await t.close();
rmSync(dir, { recursive: true, force: true });
