// Server CPU per route, one request at a time (bench/journeys/README.md, "Per route"): a resident signed in
// with the identity stand-in walks JOURNEYS whole journeys one request after another, and the server
// process's CPU (/proc/PID/stat, user + system) is read before and after each request, so each request's
// CPU is its own. Ticks are 10 ms: the mean over hundreds of requests is what counts, not one request.
// Usage: URL=http://127.0.0.1:PORT SERVER_PID=PID [JOURNEYS=30] npx tsx bench/journeys/per-route.ts
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { demoData } from '@portal/demo';
import { draftFor, M } from '../../apps/api/src/testing/applicant-walk.js';
import { cardResident } from '../../apps/api/src/testing/assistant-walk.js';

const url = process.env.URL;
const pid = Number(process.env.SERVER_PID);
const journeys = Number(process.env.JOURNEYS ?? 30);
if (!url || !pid) {
  console.error('usage: URL=http://127.0.0.1:PORT SERVER_PID=PID npx tsx bench/journeys/per-route.ts');
  process.exit(1);
}
const ticksMs = 10; // USER_HZ is 100 on Linux
const stat = () => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
const cpuMs = () => {
  const fields = stat();
  return (Number(fields[11]) + Number(fields[12])) * ticksMs;
};
const systemMs = () => Number(stat()[12]) * ticksMs;
const route = (method: string, u: URL) =>
  `${method} ${u.pathname
    .split('/')
    .map((s) => (/^[0-9a-f-]{32,36}$/i.test(s) ? '{id}' : s))
    .join('/')}`;

// The server's own background work (job queue polling, sweeps) is measured first and taken off each request.
const idleStart = cpuMs();
const idleT0 = performance.now();
await new Promise((r) => setTimeout(r, 10_000));
const idlePerMs = (cpuMs() - idleStart) / (performance.now() - idleT0);

const costs = new Map<string, { n: number; ms: number; bytes: number }>();
let counting = false;
const realFetch = globalThis.fetch;
globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const u = new URL(input instanceof Request ? input.url : String(input));
  const name = route(init?.method ?? 'GET', u);
  const before = cpuMs();
  const t0 = performance.now();
  const res = await realFetch(input, init);
  const body = await res.arrayBuffer();
  const spent = cpuMs() - before - idlePerMs * (performance.now() - t0);
  if (counting) {
    const c = costs.get(name) ?? { n: 0, ms: 0, bytes: 0 };
    c.n++;
    c.ms += spent;
    c.bytes += body.byteLength;
    costs.set(name, c);
  }
  const empty = [101, 204, 205, 304].includes(res.status);
  return new Response(empty ? null : body, { status: res.status, headers: res.headers });
};

const catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
const client = await cardResident(url, 'demo-resident-0001', '1234');
const walk = async () => {
  await client.call(url, 'GET', '/api/applicant/login/status/');
  await client.call(url, 'GET', `${M}/concierge-filter/?procedure_group_id=1`);
  await draftFor(client, url, catalog, ['birth_notification', 'child_allowance']);
};
for (let i = 0; i < 3; i++) await walk(); // warm the JIT and the caches
counting = true;
const t0 = cpuMs();
const system0 = systemMs();
const wall0 = performance.now();
for (let i = 0; i < journeys; i++) await walk();
const total = cpuMs() - t0 - idlePerMs * (performance.now() - wall0);
const rows = [...costs].sort((a, b) => b[1].ms - a[1].ms);
console.log(
  `server CPU per journey: ${(total / journeys).toFixed(1)} ms over ${journeys} journeys, one request at a ` +
    `time, less the idle server's ${(idlePerMs * 1000).toFixed(0)} ms/s; in the kernel (system time): ` +
    `${((systemMs() - system0) / journeys).toFixed(1)} ms`,
);
console.log(
  `${'route'.padEnd(78)} ${'n/j'.padStart(5)} ${'ms/req'.padStart(7)} ${'ms/j'.padStart(6)} ${'KB/req'.padStart(7)}`,
);
for (const [name, c] of rows)
  console.log(
    `${name.padEnd(78)} ${(c.n / journeys).toFixed(1).padStart(5)} ${(c.ms / c.n).toFixed(2).padStart(7)} ` +
      `${(c.ms / journeys).toFixed(1).padStart(6)} ${(c.bytes / c.n / 1024).toFixed(1).padStart(7)}`,
  );
