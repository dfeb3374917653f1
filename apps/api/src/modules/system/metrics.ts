import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { Job, SignInFailureReason } from '@portal/contracts';
import { ADDRESS_LIMIT_FAMILIES } from '../../http/address-limit.js';
import { LIVE_JOB_STATES, type JobOutcome } from '../../jobs/job-queue.js';

const JOB_OUTCOMES: readonly JobOutcome[] = ['succeeded', 'failed', 'retried'];
const PASSWORD_SIGN_IN_FAILURES = ['unknown_account', 'wrong_password', 'rate_limited'] as const;
/** Why a staff or operator password sign-in failed (the resident's reasons are `SignInFailureReason`). */
export type PasswordSignInFailure = (typeof PASSWORD_SIGN_IN_FAILURES)[number];

/**
 * Prometheus registry of one server: default process metrics, request durations by route, and the
 * portal's business counters. Each app has its own registry (no global one): services get the counters
 * they add to as dependencies. Labels stay bounded: route ids, job kinds, fixed outcome and reason
 * words; never a municipality (there may be many), a person or an address.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route table id, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const applications = {
    started: new Counter({
      name: 'portal_applications_started_total',
      help: 'Applications started: drafts created by residents',
      registers,
    }),
    submitted: new Counter({
      name: 'portal_applications_submitted_total',
      help: 'Applications submitted by residents: kind first, or resubmission after a remand',
      labelNames: ['kind'] as const,
      registers,
    }),
    remanded: new Counter({
      name: 'portal_applications_remanded_total',
      help: 'Remands by staff: a document of an application sent back to the resident',
      registers,
    }),
    completed: new Counter({
      name: 'portal_applications_completed_total',
      help: 'Applications completed: their last open document completed or rejected by staff',
      registers,
    }),
  };
  const jobs = {
    outcomes: new Counter({
      name: 'portal_job_outcomes_total',
      help: 'Job runs by kind and outcome: succeeded, failed (an error, or interrupted on every attempt), retried (started again after an attempt did not finish, e.g. its process stopped)',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    duration: new Histogram({
      name: 'portal_job_duration_seconds',
      help: 'Duration of a job run in this process, by kind and outcome (succeeded, failed)',
      labelNames: ['kind', 'outcome'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
      registers,
    }),
    /** Read from the database at each scrape (`refreshJobStates`), for the whole cluster. */
    states: new Gauge({
      name: 'portal_jobs',
      help: 'Jobs waiting (queued) or running now in the whole cluster, by kind, read at scrape time',
      labelNames: ['kind', 'state'] as const,
      registers,
    }),
  };
  const signInFailures = new Counter({
    name: 'portal_sign_in_failures_total',
    help: 'Failed sign-ins by kind (resident, staff, operator) and reason category',
    labelNames: ['kind', 'reason'] as const,
    registers,
  });
  const addressLimited = new Counter({
    name: 'portal_address_limited_total',
    help: 'Requests refused by the per-client-address limit of sign-in-like routes, by route family',
    labelNames: ['family'] as const,
    registers,
  });
  // Every series of a known label set starts at 0: rate() and increase() then see the first event.
  for (const kind of ['first', 'resubmission']) applications.submitted.inc({ kind }, 0);
  for (const kind of Job.shape.kind.options) {
    for (const outcome of JOB_OUTCOMES) jobs.outcomes.inc({ kind, outcome }, 0);
    for (const outcome of ['succeeded', 'failed']) jobs.duration.zero({ kind, outcome });
  }
  for (const reason of SignInFailureReason.options) signInFailures.inc({ kind: 'resident', reason }, 0);
  for (const kind of ['staff', 'operator']) {
    for (const reason of PASSWORD_SIGN_IN_FAILURES) signInFailures.inc({ kind, reason }, 0);
  }
  for (const family of ADDRESS_LIMIT_FAMILIES) addressLimited.inc({ family }, 0);
  return { registry, duration, applications, jobs, signInFailures, addressLimited };
}
export type Metrics = ReturnType<typeof createMetrics>;
/** The application counters, for the services that start, submit, remand and complete applications. */
export type ApplicationCounters = Metrics['applications'];
/** The sign-in failure counter, for the resident, staff and operator sign-in services. */
export type SignInFailureCounter = Metrics['signInFailures'];

interface Logger {
  warn(obj: object, msg?: string): void;
}

/**
 * The text of one scrape: the jobs gauge is read from the database first (one grouped count), every
 * kind and live state present (0 when none). With the database down the gauge is left empty and the
 * rest still answers: process metrics matter most then.
 */
export function metricsScrape(deps: {
  metrics: Metrics;
  jobs: { liveCounts(): Promise<{ kind: string; state: string; count: number }[]> };
  logger: Logger;
}) {
  const { metrics } = deps;
  const gauge = metrics.jobs.states;
  return {
    contentType: metrics.registry.contentType,
    async text(): Promise<string> {
      const rows = await deps.jobs.liveCounts().catch((err: unknown) => {
        deps.logger.warn({ err }, 'jobs gauge not read: the database did not answer');
        return null;
      });
      // Set in one synchronous step, so two scrapes at once never mix their counts.
      gauge.reset();
      if (rows) {
        for (const kind of Job.shape.kind.options) {
          for (const state of LIVE_JOB_STATES) gauge.set({ kind, state }, 0);
        }
        for (const row of rows) gauge.set({ kind: row.kind, state: row.state }, row.count);
      }
      return metrics.registry.metrics();
    },
  };
}

export const metricsPlugin = fp(async (app: FastifyInstance, opts: { metrics: Metrics }) => {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.config.routeDef?.id ?? 'unmatched';
    opts.metrics.duration.observe(
      { route, method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
});
