// The load generator of bench/journeys (run.ts forks it: it never runs in the server's process).
// Virtual users sign in with the identity stand-in once each, then walk whole resident journeys over
// HTTP, one after another, for DURATION seconds; every request is timed here (to its last body byte).
// Input: the JourneysJob of run.ts as JSON in the environment variable JOURNEYS_JOB. Output: one
// JourneysResult sent to the parent over IPC.
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { demoData } from '@portal/demo';
import { draftFor, M, type Client } from '../../apps/api/src/testing/applicant-walk.js';
import { cardResident } from '../../apps/api/src/testing/assistant-walk.js';
import { summarize, type JourneysJob, type JourneysResult } from './shared.js';

const job = JSON.parse(process.env.JOURNEYS_JOB ?? 'null') as JourneysJob | null;
if (!job || !process.send) {
  console.error('bench/journeys/client.ts is forked by bench/journeys/run.ts (JOURNEYS_JOB and IPC)');
  process.exit(1);
}

/**
 * `/api/municipalities/999999/applications/5f0c.../form/` -> `.../applications/{id}/form/`: UUIDs and the
 * identity provider's random ids (16+ characters with a digit or capital) become `{id}`.
 */
const route = (method: string, url: URL) =>
  `${method} ${url.pathname
    .split('/')
    .map((s) => (/^[0-9a-f-]{32,36}$/i.test(s) || (s.length >= 16 && /[A-Z0-9]/.test(s)) ? '{id}' : s))
    .join('/')}`;

type Phase = 'sign-in' | 'journey';
/** Which phase a request belongs to, and the requests of the current journey so far. */
const phase = new AsyncLocalStorage<{ name: Phase; requests: number }>();
const timings = { 'sign-in': new Map<string, number[]>(), journey: new Map<string, number[]>() };
const errors = new Map<string, { status: number; route: string; count: number }>();
let firstFailure: string | null = null;
let window: { start: number; end: number } | null = null;
const inWindow = (t: number) => window !== null && t >= window.start && t <= window.end;

// Every request of the walk goes through fetch (the testing clients' calls and the raw uploads): time it
// to the last body byte, per phase and route, and count answers that are not 2xx/3xx.
const realFetch = globalThis.fetch;
globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const name = route(method, url);
  const store = phase.getStore();
  const which = store?.name ?? 'journey';
  if (store) store.requests++;
  const t0 = performance.now();
  const countError = (status: number, detail: string) => {
    if (which === 'journey' && !inWindow(performance.now())) return;
    const key = `${status} ${name}`;
    const seen = errors.get(key) ?? { status, route: name, count: 0 };
    seen.count++;
    errors.set(key, seen);
    firstFailure ??= `${name}: ${status || 'network error'} ${detail.slice(0, 300)}`;
  };
  let res: Response;
  let body: ArrayBuffer;
  try {
    res = await realFetch(input, init);
    body = await res.arrayBuffer();
  } catch (err) {
    countError(0, String(err));
    throw err;
  }
  const t1 = performance.now();
  if (which === 'sign-in' || inWindow(t1)) {
    const list = timings[which].get(name) ?? [];
    list.push(t1 - t0);
    timings[which].set(name, list);
  }
  if (res.status >= 400) countError(res.status, Buffer.from(body).toString('utf8'));
  const empty = [101, 204, 205, 304].includes(res.status);
  return new Response(empty ? null : body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
};

const catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));

/** The client with the last non-empty `PUT .../form/` body remembered (the focused write of run.ts). */
function remembering(client: Client, last: { putForm: unknown }): Client {
  return {
    ...client,
    call(base, method, path, body) {
      const fragments = (body as { standard_item_fragments?: unknown[] } | undefined)
        ?.standard_item_fragments;
      if (method === 'PUT' && path.endsWith('/form/') && fragments && fragments.length > 0)
        last.putForm = body;
      return client.call(base, method, path, body);
    },
  };
}

/** One journey: the filter page (login status, filter), then the walk of applicant-walk.ts's draftFor. */
async function journey(client: Client, url: string) {
  const status = await client.call(url, 'GET', '/api/applicant/login/status/');
  const signedIn = ((await status.json()) as { is_logged_in?: boolean }).is_logged_in;
  if (status.status !== 200 || !signedIn) throw new Error(`login status ${status.status}: not signed in`);
  const filter = await client.call(url, 'GET', `${M}/concierge-filter/?procedure_group_id=1`);
  if (filter.status !== 200) throw new Error(`concierge filter answered ${filter.status}`);
  return draftFor(client, url, catalog, job!.procedures);
}

const signInMs: number[] = [];
const journeyMs: number[] = [];
let journeysFailed = 0;
let stopped = false;

const users = await phase.run({ name: 'sign-in', requests: 0 }, () =>
  Promise.all(
    Array.from({ length: job.concurrency }, async (_, i) => {
      const who = job.residents[i % job.residents.length]!;
      const t0 = performance.now();
      const client = await cardResident(job.url, who.subject, who.pin);
      signInMs.push(performance.now() - t0);
      const last = { putForm: null as unknown, app: '' };
      return { client: remembering(client, last), raw: client, last };
    }),
  ),
);

// The measured window starts now (all signed in) and lasts DURATION; run.ts samples CPU at both edges.
const start = performance.now();
window = { start, end: start + job.durationSeconds * 1000 };
process.send({ kind: 'window', edge: 'start' });
const cpuAtStart = process.cpuUsage();
let cpuInWindow = cpuAtStart;
const stopTimer = setTimeout(() => {
  stopped = true;
  cpuInWindow = process.cpuUsage(cpuAtStart);
  process.send!({ kind: 'window', edge: 'end' });
}, job.durationSeconds * 1000);
const requestsPerJourney: number[] = [];
await Promise.all(
  users.map(async (user) => {
    while (!stopped) {
      const t0 = performance.now();
      const store = { name: 'journey' as const, requests: 0 };
      try {
        const draft = await phase.run(store, () => journey(user.client, job.url));
        const t1 = performance.now();
        user.last.app = draft.app;
        if (inWindow(t1)) {
          journeyMs.push(t1 - t0);
          requestsPerJourney.push(store.requests);
        }
      } catch (err) {
        if (inWindow(performance.now())) {
          journeysFailed++;
          firstFailure ??= `journey: ${String(err).slice(0, 300)}`;
        }
        // A failing server is not hammered in a tight loop.
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }),
);
clearTimeout(stopTimer);

const all = (m: Map<string, number[]>) => [...m.values()].flat();
const perRoute = (m: Map<string, number[]>) =>
  Object.fromEntries([...m].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, summarize(v)]));
const requests = summarize(all(timings.journey));
const result: JourneysResult = {
  concurrency: job.concurrency,
  seconds: job.durationSeconds,
  journeys: summarize(journeyMs),
  journeysFailed,
  requests,
  routes: perRoute(timings.journey),
  signIns: summarize(signInMs),
  signInRoutes: perRoute(timings['sign-in']),
  errors: [...errors.values()],
  firstFailure,
  requestsPerJourney: requestsPerJourney.length
    ? requestsPerJourney.reduce((a, b) => a + b, 0) / requestsPerJourney.length
    : 0,
  clientCpuSeconds: (cpuInWindow.user + cpuInWindow.system) / 1e6,
  sessions: users
    .filter((u) => u.last.app && u.last.putForm)
    .map((u) => ({ headers: u.raw.headers(), app: u.last.app, putForm: u.last.putForm })),
};
process.send({ kind: 'result', ...result }, () => process.exit(0));
