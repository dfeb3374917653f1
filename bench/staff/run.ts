// Benchmark of the staff area on PostgreSQL with 1,000,000 documents: the filtered staff list's p95
// latency through the real app (also the overdue filter and deadline sort, decision 0019; documents carry a
// duplicate key, decision 0021), and an export of 100,000 documents streamed to a zip (time, peak RSS)
// beside PostgreSQL's own COPY of the same rows, in the same run.
// Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/staff/run.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import pgCopyStreams from 'pg-copy-streams';
import type { ProcedureGroupConfiguration, StandardItem } from '@portal/contracts';

const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!adminUrl) {
  console.log('bench/staff: skipped (set TEST_DATABASE_URL or DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}
process.env.TEST_DATABASE_URL = adminUrl;

const { buildApp } = await import('../../apps/api/src/app.js');
const { loadConfig } = await import('../../apps/api/src/config.js');
const { createTestDatabase } = await import('../../apps/api/src/testing/databases.js');
const { browser } = await import('../../apps/api/src/testing/test-app.js');
const { createExportRepository, exportQuery } =
  await import('../../apps/api/src/modules/staff-jobs/exports.repository.js');
const { itemColumns } = await import('../../apps/api/src/modules/staff-jobs/exports.service.js');
const { japanDayStart } = await import('@portal/rules');

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const ANSWERED = Number(process.env.BENCH_ANSWERED ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const M = '/api/municipalities/999999';
const EXPORT_RANGE = { start_date: '2026-04-01', end_date: '2026-09-30' };

const execute = promisify(execFile);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const array = (xs: readonly string[]) => `array[${xs.map(literal).join(', ')}]`;

// ---------------------------------------------------------------------------------------------------------
// A fresh database: migrated, demo data, then the bulk documents
// ---------------------------------------------------------------------------------------------------------

const database = await createTestDatabase('postgres', { seeded: true });
// Two connections: the load runs on both cores.
const sql = new pg.Client({ connectionString: database.url! });
const sql2 = new pg.Client({ connectionString: database.url! });
await sql.connect();
await sql2.connect();
const q = async (text: string) => (await sql.query(text)).rows as Record<string, unknown>[];
/** Statements timed together, run at the same time on the two connections. */
const step = async (name: string, first: string, second?: string) => {
  const t0 = performance.now();
  await Promise.all([sql.query(first), second ? sql2.query(second) : null]);
  console.log(`  ${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

const municipalityId = Number((await q(`select id from municipalities where code = '999999'`))[0]!.id);
const procedures = await q(
  `select p.id, p.code, p.procedure_group_id, p.processing_days, d.id as department_id from procedures p
   join departments d on d.municipality_id = p.municipality_id and d.code = p.department_code
   where p.municipality_id = ${municipalityId} and p.code in ('birth_notification', 'child_allowance', 'child_medical_subsidy')
   order by p.id`,
);
const [birth, allowance, medical] = ['birth_notification', 'child_allowance', 'child_medical_subsidy'].map(
  (code) => procedures.find((p) => p.code === code)!,
) as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
const groupId = Number(birth.procedure_group_id);
/** A procedure's processing days as SQL (null: no deadline). */
const days = (p: Record<string, unknown>) => (p.processing_days == null ? 'null' : Number(p.processing_days));
const snapshot = (
  await q(
    `select version, snapshot from configuration_versions where procedure_group_id = ${groupId} order by version desc limit 1`,
  )
)[0]!;
const config = snapshot.snapshot as ProcedureGroupConfiguration;
const birthProcedure = config.disclosure.procedures.find((p) => p.code === 'birth_notification')!;

const surnames = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
  '木村',
  '林',
  '斎藤',
  '清水',
  '山崎',
  '森',
  '池田',
  '橋本',
  '阿部',
  '石川',
  '山下',
  '中島',
  '石井',
  '小川',
];
const surnameKana = [
  'サトウ',
  'スズキ',
  'タカハシ',
  'タナカ',
  'イトウ',
  'ワタナベ',
  'ヤマモト',
  'ナカムラ',
  'コバヤシ',
  'カトウ',
  'ヨシダ',
  'ヤマダ',
  'ササキ',
  'ヤマグチ',
  'マツモト',
  'イノウエ',
  'キムラ',
  'ハヤシ',
  'サイトウ',
  'シミズ',
  'ヤマザキ',
  'モリ',
  'イケダ',
  'ハシモト',
  'アベ',
  'イシカワ',
  'ヤマシタ',
  'ナカジマ',
  'イシイ',
  'オガワ',
];
const givenNames = [
  '翔太',
  '美咲',
  '大輔',
  '由美',
  '健一',
  '恵子',
  '陽菜',
  '蓮',
  '結衣',
  '湊',
  '葵',
  '大翔',
  '凛',
  '悠真',
  '芽依',
  '樹',
  '紬',
  '朝陽',
  '澪',
  '律',
  '花子',
  '太郎',
  '一郎',
  '愛',
  '優斗',
  '莉子',
  '颯太',
  '心春',
  '海斗',
  '楓',
];
const givenKana = [
  'ショウタ',
  'ミサキ',
  'ダイスケ',
  'ユミ',
  'ケンイチ',
  'ケイコ',
  'ヒナ',
  'レン',
  'ユイ',
  'ミナト',
  'アオイ',
  'ヒロト',
  'リン',
  'ユウマ',
  'メイ',
  'イツキ',
  'ツムギ',
  'アサヒ',
  'ミオ',
  'リツ',
  'ハナコ',
  'タロウ',
  'イチロウ',
  'アイ',
  'ユウト',
  'リコ',
  'ソウタ',
  'コハル',
  'カイト',
  'カエデ',
];
const pick = (list: readonly string[], salt: number) =>
  `(${array(list)})[1 + ((i::bigint * ${salt}) % ${list.length})]`;

/** A plausible answer of an item of the birth notification, as SQL over the document number `i`. */
function answerSql(item: StandardItem): string {
  const code = item.code;
  if (item.choices.length > 0)
    return pick(
      item.choices.map((c) => c.value),
      7 + code.length,
    );
  if (item.type === 'date')
    return code.startsWith('child')
      ? `to_char(received_at - interval '3 days', 'YYYY-MM-DD')`
      : `to_char(date '1980-01-01' + (i % 7300), 'YYYY-MM-DD')`;
  if (item.type === 'time') return `lpad((i % 24)::text, 2, '0') || ':' || lpad((i % 60)::text, 2, '0')`;
  if (item.type === 'postal_code') return `'100' || lpad((i % 10000)::text, 4, '0')`;
  if (item.type === 'phone') return `'03' || lpad((i % 100000000)::text, 8, '0')`;
  if (item.type === 'number' || item.pattern) return `(2500 + i % 1500)::text`;
  if (code.endsWith('last_name_kana')) return pick(surnameKana, 7919);
  if (code.endsWith('first_name_kana')) return pick(givenKana, 104729);
  if (code.endsWith('last_name')) return pick(surnames, 7919);
  if (code.endsWith('first_name') || code.endsWith('_name')) return pick(givenNames, 104729);
  if (code.includes('address') || code.includes('domicile'))
    return `'東京都デモ市中央' || (1 + i % 9) || '丁目' || (1 + i % 30) || '番' || (1 + i % 20) || '号'`;
  return `'デモ' || (i % 1000)`;
}

console.log(
  `bench/staff: seeding ${DOCUMENTS.toLocaleString()} documents (${ANSWERED.toLocaleString()} with answers)`,
);
const seedStart = performance.now();
// The generated rows are consistent by construction: foreign-key triggers are skipped while loading.
const settings = `set synchronous_commit = off; set maintenance_work_mem = '256MB'; set work_mem = '64MB';
  set session_replication_role = replica`;
await Promise.all([sql.query(settings), sql2.query(settings)]);
// Secondary indexes of the bulk tables are rebuilt once after the load (faster than row by row).
const indexes = await q(
  `select indexname, indexdef from pg_indexes where schemaname = 'public' and tablename in ('documents', 'applications')
   and indexname not in (select conname from pg_constraint)`,
);
for (const ix of indexes) await sql.query(`drop index ${ix.indexname}`);
await step(
  'plan',
  `create unlogged table bench_docs as
   select i, gen_random_uuid() as application_id,
     case when i <= ${ANSWERED} then 1 when (i::bigint * 2654435761) % 100 < 40 then 1
          when (i::bigint * 2654435761) % 100 < 75 then 2 else 3 end as p,
     case when i <= ${ANSWERED}
          then timestamptz '2026-04-01 00:00:00+09' + (i - 1) * (interval '183 days' / ${ANSWERED})
          else timestamptz '2023-04-01 00:00:00+09' + ((i::bigint * 2654435761) % 94694400) * interval '1 second' end as received_at,
     case when (i::bigint * 48271) % 100 < 12 then 'received' when (i::bigint * 48271) % 100 < 27 then 'in_progress'
          when (i::bigint * 48271) % 100 < 32 then 'remanded' when (i::bigint * 48271) % 100 < 35 then 'resubmitted'
          when (i::bigint * 48271) % 100 < 90 then 'completed' when (i::bigint * 48271) % 100 < 95 then 'rejected'
          else 'withdrawn' end as status
   from generate_series(1, ${DOCUMENTS}) as i`,
);
await step(
  'applicants',
  `create unlogged table bench_applicants as select n, gen_random_uuid() as id from generate_series(0, 99999) as n;
   insert into applicants (id, subject) select id, 'bench-' || n from bench_applicants`,
);
await step(
  'applications and documents',
  `insert into applications (id, municipality_id, applicant_id, procedure_group_id, configuration_version, status,
     current_step, procedure_ids, created_at, updated_at, submitted_at)
   select d.application_id, ${municipalityId}, a.id, ${groupId}, ${Number(snapshot.version)}, 'submitted', 'complete',
     jsonb_build_array((array[${birth.id}, ${allowance.id}, ${medical.id}])[d.p]), d.received_at, d.received_at, d.received_at
   from bench_docs d join bench_applicants a on a.n = d.i % 100000`,
  `insert into documents (municipality_id, application_id, procedure_id, department_id, reference_number, status,
     applicant_name, applicant_name_kana, received_at, updated_at, due_at, duplicate_key)
   select ${municipalityId}, application_id, (array[${birth.id}, ${allowance.id}, ${medical.id}])[p],
     (array[${birth.department_id}, ${allowance.department_id}, ${medical.department_id}])[p],
     to_char(received_at at time zone 'Asia/Tokyo', 'YYYY') || '-' || lpad(i::text, 7, '0'), status,
     ${pick(surnames, 7919)} || ' ' || ${pick(givenNames, 104729)},
     ${pick(surnameKana, 7919)} || ' ' || ${pick(givenKana, 104729)},
     received_at, received_at + interval '2 days',
     -- The deadline runs while staff have the move (decision 0019): the Japan day the days after receipt.
     case when status in ('received', 'in_progress', 'resubmitted')
       then (((received_at at time zone 'Asia/Tokyo')::date + (array[${days(birth)}, ${days(allowance)}, ${days(medical)}])[p])::timestamp
         at time zone 'Asia/Tokyo') end,
     -- Duplicate keys (decision 0021): one per 200,000 applicants, so an open document often has a match.
     md5((i % 200000)::text)
   from bench_docs`,
);
const items = new Map(config.standard_items.map((i) => [i.code, i]));
const codes = [...new Set(birthProcedure.procedure_fragments.map((f) => f.standard_item_code))];
const answers = (half: number) =>
  `insert into application_answers (application_id, standard_item_code, sequence, value, updated_at)
   select d.application_id, c.code, 1, to_jsonb(case c.code ${codes
     .map((code) => `when ${literal(code)} then ${answerSql(items.get(code)!)}`)
     .join(' ')} end), d.received_at
   from bench_docs d cross join unnest(${array(codes)}) as c(code) where d.i <= ${ANSWERED} and d.i % 2 = ${half}
   order by d.i`; // an application's answers side by side, as a resident saves them within minutes
await step(`answers (${codes.length} items x ${ANSWERED.toLocaleString()})`, answers(0), answers(1));
const rebuild = performance.now();
await Promise.all(
  [sql, sql2].map(async (client, k) => {
    for (const ix of indexes.filter((_, i) => i % 2 === k)) await client.query(String(ix.indexdef));
  }),
);
console.log(`  indexes (${indexes.length}): ${((performance.now() - rebuild) / 1000).toFixed(1)} s`);
await step('drop load tables', `drop table bench_docs; drop table bench_applicants`);
// What autovacuum does to a live database after a load: statistics, and the visibility map that lets the
// list's covering indexes answer without reading table rows.
await step('vacuum analyze', `vacuum analyze`);
await sql2.end();
console.log(`  seed total: ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

// ---------------------------------------------------------------------------------------------------------
// The real app on that database
// ---------------------------------------------------------------------------------------------------------

const dataDir = mkdtempSync(join(tmpdir(), 'bench-staff-'));
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: 'b'.repeat(32),
    MALWARE_SCAN: 'off',
    LOG_LEVEL: 'silent',
    OIDC_ISSUER: 'http://127.0.0.1:9/idp',
    // Load from one address and session, far above a person's pace: no rate limit is met (decision 0045).
    RATE_LIMIT_READS: '1000000',
    RATE_LIMIT_WRITES: '1000000',
    RATE_LIMIT_UPLOADS: '1000000',
    RATE_LIMIT_JOBS: '1000000',
    DATA_DIR: dataDir,
  }),
  database,
  webRoot: null,
});
await app.ready();
const staff = await browser(app);
const login = await staff.request('POST', `${M}/login/`, {
  login_id: 'admin.shimin@demo.example.jp',
  password: 'demo-Password-2026',
});
if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);

// --- 1. The filtered staff list -------------------------------------------------------------------------

const statuses = ['received', 'in_progress', 'remanded', 'completed'];
const departments = [Number(birth.department_id), Number(allowance.department_id)];
function listQuery(n: number) {
  const month = new Date(Date.UTC(2023, 3 + ((n * 7) % 36), 1));
  const end = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0));
  return {
    status: statuses[n % statuses.length]!,
    department_id: departments[n % 2]!,
    received_from: month.toISOString().slice(0, 10),
    received_to: end.toISOString().slice(0, 10),
    text: surnames[(n * 11) % surnames.length]!,
    page_size: 25,
  };
}
const probe = await staff.request('GET', `${M}/documents/?${new URLSearchParams(toStrings(listQuery(0)))}`);
const viaEndpoint = probe.statusCode === 200;
let listTimes: number[] = [];
let sample = '';
if (viaEndpoint) {
  for (let n = 0; n < 20; n++)
    await staff.request('GET', `${M}/documents/?${new URLSearchParams(toStrings(listQuery(n)))}`);
  for (let n = 0; n < REQUESTS; n++) {
    const url = `${M}/documents/?${new URLSearchParams(toStrings(listQuery(n)))}`;
    const t0 = performance.now();
    const res = await staff.request('GET', url);
    listTimes.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (n === 0) {
      const body = res.json() as { documents: unknown[]; page: { total: number } };
      sample = `${body.documents.length} rows of ${body.page.total}`;
    }
  }
} else {
  // The list endpoint is not there: time the query it is expected to run (scope + filters, page and count).
  console.log(`  GET documents/ answered ${probe.statusCode}: timing the repository query instead`);
  listTimes = [];
  for (let n = -20; n < REQUESTS; n++) {
    const f = listQuery(Math.abs(n));
    const where = `municipality_id = ${municipalityId} and status = ${literal(f.status)} and department_id = ${f.department_id}
      and received_at >= ${literal(`${f.received_from}T00:00:00+09:00`)} and received_at < (${literal(`${f.received_to}T00:00:00+09:00`)}::timestamptz + interval '1 day')
      and replace(replace(applicant_name, ' ', ''), U&'\\3000', '') ilike ${literal(`%${f.text}%`)}`;
    const t0 = performance.now();
    await Promise.all([
      database.executeSql(
        `select id, reference_number from documents where ${where} order by received_at desc, id desc limit 25`,
      ),
      database.executeSql(`select count(*)::int from documents where ${where}`),
    ]);
    if (n >= 0) listTimes.push(performance.now() - t0);
  }
}
const p95 = percentile(listTimes, 95);
console.log(
  `list (${viaEndpoint ? 'GET documents/ through the app' : 'repository query'}; status + department + month + name, 25 a page; ${REQUESTS} requests${sample ? `, e.g. ${sample}` : ''}):`,
);
console.log(
  `  p50 ${ms(percentile(listTimes, 50))}, p95 ${ms(p95)}, p99 ${ms(percentile(listTimes, 99))}, max ${ms(Math.max(...listTimes))} (goal p95 <= 50 ms)`,
);

// --- 1b. Deadlines (decision 0019): the overdue filter and the deadline sort ------------------------------

/** p50/p95/p99/max of REQUESTS list calls (after 20 warm-ups), and the first answer's size. */
async function timeList(query: (n: number) => Record<string, string | number>) {
  const url = (n: number) => `${M}/documents/?${new URLSearchParams(toStrings(query(n)))}`;
  for (let n = 0; n < 20; n++) await staff.request('GET', url(n));
  const times: number[] = [];
  let first = '';
  for (let n = 0; n < REQUESTS; n++) {
    const t0 = performance.now();
    const res = await staff.request('GET', url(n));
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url(n)}: ${res.statusCode} ${res.body}`);
    if (n === 0) {
      const body = res.json() as { documents: unknown[]; page: { total: number } };
      first = `${body.documents.length} rows of ${body.page.total}`;
    }
  }
  return { times, first };
}
const report = (name: string, r: { times: number[]; first: string }) => {
  console.log(`${name}; ${REQUESTS} requests, e.g. ${r.first}):`);
  console.log(
    `  p50 ${ms(percentile(r.times, 50))}, p95 ${ms(percentile(r.times, 95))}, p99 ${ms(percentile(r.times, 99))}, max ${ms(Math.max(...r.times))} (goal p95 <= 50 ms)`,
  );
};
// Every open document of the seed is past its deadline: the filter's worst case (tens of thousands to count).
const overdue = await timeList((n) => ({
  overdue: 'true',
  department_id: departments[n % 2]!,
  ...(n % 3 === 2 ? { status: 'in_progress' } : {}),
  sort: n % 2 === 0 ? 'due_at' : '-due_at',
  page: 1 + (n % 4),
  page_size: 25,
}));
report(
  'list, overdue (overdue + department [+ status], by deadline either way, pages 1-4, 25 a page',
  overdue,
);
// Open documents by deadline (a status staff work on, whole municipality or one department). Without any
// filter the count of every row (~40-70 ms for 0.5-1 M rows) dominates whatever the order; see README.
const openStatuses = ['received', 'in_progress', 'resubmitted'];
const byDeadline = await timeList((n) => ({
  status: openStatuses[n % 3]!,
  ...(n % 2 === 0 ? { department_id: departments[(n >> 1) % 2]! } : {}),
  sort: n % 4 === 3 ? '-due_at' : 'due_at',
  page: 1 + (n % 4),
  page_size: 25,
}));
report(
  'list, by deadline (status [+ department], nearest or farthest first, pages 1-4, 25 a page',
  byDeadline,
);

// --- 2. Export of the 100,000 answered documents, and COPY of the same rows -----------------------------

const exportRepository = createExportRepository(database);
const selection = {
  municipalityId,
  procedureId: Number(birth.id),
  from: japanDayStart(EXPORT_RANGE.start_date),
  to: japanDayStart('2026-10-01'),
  departmentIds: null,
};
const { columns } = itemColumns(config, birthProcedure, await exportRepository.sequences(selection, codes));

async function copyBaseline() {
  const client = new pg.Client({ connectionString: database.url! });
  await client.connect();
  await client.query('set jit = off'); // as the export's own COPY runs (see exports.repository.ts)
  const t0 = performance.now();
  let bytes = 0;
  const stream = client.query(
    pgCopyStreams.to(`COPY (${exportQuery(selection, columns)}) TO STDOUT WITH (FORMAT csv)`),
  );
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  const elapsed = performance.now() - t0;
  const rows = stream.rowCount;
  await client.end();
  return { elapsed, bytes, rows };
}

async function exportThroughApp(encoding: 'utf-8' | 'shift_jis') {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = performance.now();
  const started = await staff.request('POST', `${M}/export/${groupId}/`, {
    ...EXPORT_RANGE,
    procedure_codes: ['birth_notification'],
    encoding,
  });
  if (started.statusCode !== 202) throw new Error(`export: ${started.statusCode} ${started.body}`);
  const id = (started.json() as { id: string }).id;
  let status = 'queued';
  while (status === 'queued' || status === 'running') {
    await new Promise((r) => setTimeout(r, 50));
    status = (await staff.request('GET', `${M}/exporting/${id}/status/`)).json().status as string;
  }
  const wall = performance.now() - t0;
  clearInterval(sampler);
  if (status !== 'succeeded') throw new Error(`export ${status}`);
  const row = (
    await database.executeSql('select started_at, finished_at, params from jobs where id = $1', [id])
  ).rows[0]!;
  const run = new Date(row.finished_at as string).getTime() - new Date(row.started_at as string).getTime();
  return { wall, run, before, peak, params: row.params as Record<string, unknown> };
}

/** The same job in a process of its own (export-worker.ts): the export's memory without the app's. */
async function exportInWorker(params: Record<string, unknown>) {
  const jobParams = Object.fromEntries(
    Object.entries(params).filter(([k]) => !['documents', 'size', 'missingAttachments'].includes(k)),
  );
  const worker = fileURLToPath(new URL('./export-worker.ts', import.meta.url));
  const { stdout } = await execute(
    process.execPath,
    ['--import', 'tsx', worker, database.url!, dataDir, JSON.stringify(jobParams)],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    ms: number;
    peakRss: number;
    baseRss: number;
    size: number;
  };
}

const copy1 = await copyBaseline();
const utf8 = await exportThroughApp('utf-8');
const utf8Worker = await exportInWorker(utf8.params);
const copy2 = await copyBaseline();
const sjis = await exportThroughApp('shift_jis');
const sjisWorker = await exportInWorker(sjis.params);
const copyMs = Math.min(copy1.elapsed, copy2.elapsed);
console.log(
  `export of ${copy1.rows.toLocaleString()} documents (${4 + columns.length} columns, CSV ${mb(copy1.bytes)}):`,
);
console.log(
  `  PostgreSQL COPY (same query) TO STDOUT: ${ms(copyMs)} (runs: ${ms(copy1.elapsed)}, ${ms(copy2.elapsed)})`,
);
for (const [name, r, w] of [
  ['UTF-8 + BOM', utf8, utf8Worker],
  ['Shift_JIS', sjis, sjisWorker],
] as const) {
  console.log(`  export ${name}, zip ${mb(w.size)}:`);
  console.log(
    `    as a job of the app: ${ms(r.run)} (${(r.run / copyMs).toFixed(2)}x COPY; request to done ${ms(r.wall)}), app RSS ${mb(r.before)} before, peak ${mb(r.peak)} (+${mb(r.peak - r.before)})`,
  );
  console.log(
    `    in a worker process: ${ms(w.ms)} (${(w.ms / copyMs).toFixed(2)}x COPY), RSS ${mb(w.baseRss)} before, peak ${mb(w.peakRss)} (goal <= 200 MB)`,
  );
}

await app.close();
await sql.end();
if (process.env.BENCH_KEEP_DATABASE) {
  console.log(`kept the database: ${database.url}`);
  await database.close();
} else await database.dispose();
rmSync(dataDir, { recursive: true, force: true });

function toStrings(o: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
}
