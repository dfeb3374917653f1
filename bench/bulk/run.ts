// Benchmark of bulk work on PostgreSQL (issue 16): one bulk status change of 100 documents through the
// app, beside the same 100 changes sent one request at a time, in the same run; the audit log must hold
// one entry per document. Goal: the bulk act under 2 s.
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

async function auditCount(ids: string[]): Promise<number> {
  const rows = await t.database.executeSql(
    `select count(*)::int as n from audit_log where action = 'document.status' and target_id = any($1::text[])`,
    [ids],
  );
  return Number(rows.rows[0]!.n);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const single: number[] = [];
const bulk: number[] = [];
let audited = true;
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
}

const b = median(bulk);
const s = median(single);
console.log(
  `bench/bulk: bulk ${b.toFixed(0)} ms (goal < ${GOAL_MS} ms: ${b < GOAL_MS ? 'met' : 'NOT met'}); ` +
    `${DOCUMENTS} single requests ${s.toFixed(0)} ms; bulk/single time ${(b / s).toFixed(2)}; ` +
    `one audit entry per document: ${audited ? 'yes' : 'NO'}`,
);
await t.close();
rmSync(dir, { recursive: true, force: true });
