import type { FastifyInstance } from 'fastify';
import type { JobHandler, JobKind, JobQueue } from '../jobs/job-queue.js';
import { registerRouteTable, type HandlerMap, type RouteHandler } from './route-kit.js';

/** A job worker: runs the jobs of one kind, or a housekeeping task on a cluster-wide cron schedule. */
export type JobWorker =
  { kind: JobKind; run: JobHandler } | { schedule: string; cron: string; run: () => Promise<void> };

/**
 * What a module's `<domain>.module.ts` hands to app.ts (decision 0016): the handlers of its routes and
 * the workers of its jobs. A module may also return the services later modules are built with.
 */
export interface PortalModule {
  handlers: readonly RouteHandler[];
  workers?: readonly JobWorker[];
}

const workerName = (w: JobWorker) => ('kind' in w ? w.kind : w.schedule);

/**
 * Registers the whole route table with the modules' handlers (a route no module handles answers 501).
 * A route or job claimed by two modules is a wiring mistake, refused at build time rather than one
 * silently replacing the other.
 */
export function mountModules(app: FastifyInstance, modules: readonly PortalModule[]): void {
  const handlers: HandlerMap = new Map();
  for (const [id, fn] of modules.flatMap((m) => m.handlers)) {
    if (handlers.has(id)) throw new Error(`route ${id} is handled by two modules`);
    handlers.set(id, fn);
  }
  const names = modules.flatMap((m) => m.workers ?? []).map(workerName);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`job ${twice} has two workers`);
  registerRouteTable(app, handlers);
}

/** Starts the queue, then the modules' workers in the order listed (run from app.ts's onReady hook). */
export async function startWorkers(jobs: JobQueue, modules: readonly PortalModule[]): Promise<void> {
  await jobs.start();
  for (const w of modules.flatMap((m) => m.workers ?? [])) {
    if ('kind' in w) await jobs.work(w.kind, w.run);
    else await jobs.schedule(w.schedule, w.cron, w.run);
  }
}
