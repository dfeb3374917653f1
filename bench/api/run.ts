// Benchmark: published-configuration reads of the portal against a bare node:http server sending the
// same bytes, measured in one run on this machine (the load generator runs in its own process).
// Run: npx tsx bench/api/run.ts   (DURATION=10 CONNECTIONS=50 to change the load; CPU_PROFILE=dir adds one
// profiled round per read, not counted, and prints where the server's time went)
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { createTestDatabase } from '../../apps/api/src/testing/databases.js';
import { profiled } from './profile.js';

const run = promisify(execFile);
const autocannon = fileURLToPath(new URL('../../node_modules/.bin/autocannon', import.meta.url));
const duration = Number(process.env.DURATION ?? 5);
const connections = Number(process.env.CONNECTIONS ?? 50);
const rounds = Number(process.env.ROUNDS ?? 3);
const profileDir = process.env.CPU_PROFILE;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function measure(url: string, headers: Record<string, string>): Promise<number> {
  const args = ['-j', '-c', String(connections), '-d', String(duration)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const { stdout } = await run(autocannon, [...args, url], { maxBuffer: 10 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { requests: { average: number }; non2xx: number; errors: number };
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const database = await createTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', {
  seeded: true,
});
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
  }),
  database,
  webRoot: null,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const portal = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const headers = { 'x-region-code': '999999' };

// Every public read of the published configuration (the ones behind sign-in read it the same way).
const calls = [
  { name: 'home', path: '/api/municipalities/999999/', headers },
  { name: 'terms', path: '/api/municipalities/999999/terms-service/?device=browser', headers },
  {
    name: 'concierge-filter',
    path: '/api/municipalities/999999/concierge-filter/?procedure_group_id=1',
    headers,
  },
  {
    name: 'form',
    path: '/api/municipalities/999999/form/?procedure_group_id=1&procedure_ids=1,2&version=1',
    headers,
  },
];

console.log(
  `bench/api on ${database.kind}: ${connections} connections, ${duration} s x ${rounds} rounds each`,
);
let worst = Infinity;
for (const call of calls) {
  const sample = await fetch(portal + call.path, { headers: call.headers });
  if (sample.status !== 200) throw new Error(`${call.name}: ${sample.status} ${await sample.text()}`);
  const bytes = Buffer.from(await sample.arrayBuffer());
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${call.path}`;
  await measure(portal + call.path, call.headers); // warm-up
  // Alternate the two servers over several rounds and take medians: the machine is shared and noisy.
  const bases: number[] = [];
  const portals: number[] = [];
  for (let round = 0; round < rounds; round++) {
    bases.push(await measure(bareUrl, call.headers));
    portals.push(await measure(portal + call.path, call.headers));
  }
  if (profileDir) await profiled(profileDir, call.name, () => measure(portal + call.path, call.headers));
  const baseline = median(bases);
  const ours = median(portals);
  bare.close();
  const ratio = ours / baseline;
  worst = Math.min(worst, ratio);
  console.log(
    `${call.name}: portal ${Math.round(ours)} req/s, bare node:http ${Math.round(baseline)} req/s, ratio ${ratio.toFixed(2)} (${bytes.length} bytes)`,
  );
}
console.log(`api: worst ratio ${worst.toFixed(2)} (goal >= 0.7)`);
await app.close();
await database.dispose();
