// One autocannon run for bench/journeys/run.ts, in its own process: the CannonJob of run.ts as JSON in
// CANNON_JOB; each connection gets one of its requests (round-robin), so writes of different sessions
// do not queue on one application's rows; a request with an `alternate` body alternates the two. Sends one CannonResult to the parent over IPC.
import autocannon from 'autocannon';
import type { CannonJob, CannonResult } from './shared.js';

const job = JSON.parse(process.env.CANNON_JOB ?? 'null') as CannonJob | null;
if (!job || !process.send) {
  console.error('bench/journeys/cannon.ts is forked by bench/journeys/run.ts (CANNON_JOB and IPC)');
  process.exit(1);
}
let next = 0;
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.durationSeconds,
  setupClient(client) {
    const { alternate, ...request } = job.requests[next++ % job.requests.length]!;
    const random = job.randomId;
    if (alternate !== undefined) return client.setRequests([request, { ...request, body: alternate }]);
    client.setRequests([
      random
        ? {
            ...request,
            setupRequest: (req) => ({
              ...req,
              path: request.path.replace('{n}', String(1 + Math.floor(Math.random() * random))),
            }),
          }
        : request,
    ]);
  },
});
const answer: CannonResult = {
  requestsPerSecond: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};
process.send(answer, () => process.exit(0));
