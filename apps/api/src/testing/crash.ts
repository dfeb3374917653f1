import { FormValues } from '@portal/contracts';
import type { SqlExecutor } from '../db/client.js';
import { demoData, DEMO_PASSWORD } from '@portal/demo';
import { draftFor, M, type Client } from './applicant-walk.js';
import { cardResident } from './assistant-walk.js';
import { httpBrowser, type ServerProcess } from './server-process.js';

/** Short leases so a killed job is retried, or failed as interrupted, within seconds (decision 0014). */
export const crashEnv = { JOB_LEASE_SECONDS: '3', JOB_SWEEP_SECONDS: '1' };

/** A free-text item of the birth notification (an assistant form page), always shown: the saves' counter. */
const COUNTER_ITEM = 'birth_place_address';
const RESIDENTS: [subject: string, pin: string][] = [
  ['demo-resident-0001', '1234'],
  ['demo-resident-0002', '2345'],
  ['demo-resident-0006', '6789'],
];
const FINAL = new Set(['succeeded', 'failed']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A resident saving numbered values: `acked` answered 2xx, `attempted` sent (one more if it was in flight). */
export interface Saver {
  subject: string;
  client: Client;
  app: string;
  id: string;
  acked: number;
  attempted: number;
}
/** A job whose start was answered 202, and where its status is read. */
export interface AckedJob {
  id: string;
  kind: string;
  client: Client;
  statusPath: string;
}
export interface Answer {
  base: string;
  method: string;
  path: string;
  status: number;
}

/** The client with every 5xx answer recorded in `seen` (whichever server gave it). */
export function watched(client: Client, seen: Answer[]): Client {
  return {
    ...client,
    async call(base, method, path, body, extra) {
      const res = await client.call(base, method, path, body, extra);
      if (res.status >= 500) seen.push({ base, method, path, status: res.status });
      return res;
    },
  };
}

/** The demo residents signed in with their card, each with a filled birth notification draft. */
export async function preparedSavers(url: string, seen: Answer[]): Promise<Saver[]> {
  const catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
  return Promise.all(
    RESIDENTS.map(async ([subject, pin]) => {
      const client = watched(await cardResident(url, subject, pin), seen);
      const draft = await draftFor(client, url, catalog, ['birth_notification']);
      return { subject, client, app: draft.app, id: draft.id, acked: 0, attempted: 0 };
    }),
  );
}

/** The demo city's administrator, signed in with the demo password. */
export async function signedInStaff(url: string, seen: Answer[]): Promise<Client> {
  const staff = demoData.municipalities[0]!.staff[0]!;
  const client = watched(httpBrowser(), seen);
  await client.init(url);
  const res = await client.call(url, 'POST', `${M}/login/`, {
    login_id: staff.email,
    password: DEMO_PASSWORD,
  });
  if (res.status !== 200) throw new Error(`staff sign-in answered ${res.status}`);
  return client;
}

/**
 * Residents save numbered values one after another (a render job every tenth save) and staff start
 * exports, all against `url`, until `stop()` or until the server stops answering. `refused` lists any
 * answer other than the expected 2xx while it answered.
 */
export function startWorkload(url: string, savers: Saver[], staff: Client) {
  const jobs: AckedJob[] = [];
  const refused: Answer[] = [];
  let stopped = false;

  /**
   * The answer when it has the expected status, else null: another status is recorded as refused, and a
   * request the dying server did not answer in full was in flight. Either way the loop ends there.
   */
  async function answered(client: Client, method: string, path: string, body: unknown, expected: number) {
    const res = await client.call(url, method, path, body).catch(() => null);
    if (res && res.status !== expected) refused.push({ base: url, method, path, status: res.status });
    return res?.status === expected ? res : null;
  }

  /** Starts a job (answered 202) and records it with where its status is read. */
  async function startJob(client: Client, path: string, body: unknown, statusPath: (id: string) => string) {
    const res = await answered(client, 'POST', path, body, 202);
    if (!res) return false;
    const { id, kind } = (await res.json()) as { id: string; kind: string };
    jobs.push({ id, kind, client, statusPath: statusPath(id) });
    return true;
  }

  async function saving(s: Saver) {
    const render = `${M}/render/applicant/${s.id}/`;
    while (!stopped) {
      const n = ++s.attempted;
      const saved = await answered(
        s.client,
        'POST',
        `${s.app}/form/`,
        {
          standard_item_fragments: [{ standard_item_code: COUNTER_ITEM, sequence: 1, value: `save ${n}` }],
          is_last_page_in_concierge_assistant: false,
        },
        200,
      );
      if (!saved) return;
      s.acked = n;
      const body = { use_signature_digital_certificate: false };
      if (n % 10 === 0 && !(await startJob(s.client, render, body, (id) => `${render}${id}/status/`))) return;
    }
  }

  async function exporting() {
    const body = {
      start_date: '2020-01-01',
      end_date: '2035-12-31',
      procedure_codes: ['birth_notification', 'child_allowance'],
    };
    const status = (id: string) => `${M}/exporting/${id}/status/`;
    while (!stopped && (await startJob(staff, `${M}/export/1/`, body, status))) await sleep(150);
  }

  const done = Promise.all([...savers.map(saving), exporting()]);
  return {
    jobs,
    refused,
    /** Ends the loops; resolves once each has. */
    async stop() {
      stopped = true;
      await done;
    },
  };
}
export type Workload = ReturnType<typeof startWorkload>;

/** The status of a job, or null when the request itself failed. */
async function statusOf(
  url: string,
  job: AckedJob,
): Promise<{ status: string; failure: string | null } | null> {
  const res = await job.client.call(url, 'GET', job.statusPath).catch(() => null);
  if (!res) return null;
  if (res.status !== 200) throw new Error(`${job.statusPath} answered ${res.status}`);
  return (await res.json()) as { status: string; failure: string | null };
}

/**
 * SIGKILLs the server once at least `minJobs` jobs were acknowledged and one of them runs (or after
 * 30 s), after a further random delay of up to half a second; returns when, and the loops have ended.
 */
export async function killMidWork(server: ServerProcess, work: Workload, minJobs = 6): Promise<number> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (work.jobs.length >= minJobs) {
      const recent = work.jobs.slice(-4);
      const states = await Promise.all(recent.map((j) => statusOf(server.url, j)));
      if (states.some((s) => s?.status === 'running')) break;
    }
    await sleep(100);
  }
  await sleep(Math.random() * 500);
  await server.stop('SIGKILL');
  const killedAt = Date.now();
  await work.stop();
  return killedAt;
}

/** Polls every job's status through `url` until each is final; throws naming the others after `boundMs`. */
export async function untilFinal(url: string, jobs: AckedJob[], boundMs: number) {
  const states = new Map<string, { status: string; failure: string | null }>();
  const until = Date.now() + boundMs;
  for (;;) {
    const open = jobs.filter((j) => !FINAL.has(states.get(j.id)?.status ?? ''));
    if (open.length === 0) return states;
    if (Date.now() > until) {
      const list = open.map((j) => `${j.kind} ${j.id}: ${states.get(j.id)?.status ?? 'unknown'}`);
      throw new Error(`jobs not final after ${boundMs} ms:\n${list.join('\n')}`);
    }
    for (const job of open) {
      const state = await statusOf(url, job);
      if (state) states.set(job.id, state);
    }
    await sleep(500);
  }
}

/** What each resident's counter item holds now, read through `url`. */
export async function storedCounters(url: string, savers: Saver[]) {
  return Promise.all(
    savers.map(async (s) => {
      const res = await s.client.call(url, 'GET', `${s.app}/form/values/`);
      if (res.status !== 200) throw new Error(`form values answered ${res.status}`);
      const values = FormValues.parse(await res.json());
      const value = values.standard_item_fragments.find(
        (v) => v.standard_item_code === COUNTER_ITEM && v.sequence === 1,
      )?.value;
      const stored = typeof value === 'string' ? Number(/^save (\d+)$/.exec(value)?.[1] ?? NaN) : NaN;
      return { subject: s.subject, acked: s.acked, attempted: s.attempted, stored };
    }),
  );
}

/** Every row of the jobs table, for the final tally. */
export async function jobRows(database: SqlExecutor) {
  const { rows } = await database.executeSql(
    `select id, kind, status, attempts, failure from jobs order by created_at`,
    [],
  );
  return rows as { id: string; kind: string; status: string; attempts: number; failure: string | null }[];
}
