import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../jobs/job-queue.js';
import { mountModules, startWorkers, type PortalModule } from './module-kit.js';
import { handle } from './route-kit.js';

const health = handle('system.health', async () => ({ status: 'ok' as const }));
// The checks run before any route is registered, so no Fastify instance is needed to see them refuse.
const noApp = {} as FastifyInstance;

describe('module kit', () => {
  it('refuses a route handled by two modules', () => {
    const modules: PortalModule[] = [{ handlers: [health] }, { handlers: [health] }];
    expect(() => mountModules(noApp, modules)).toThrow('route system.health is handled by two modules');
  });

  it('refuses a job kind or schedule with two workers', () => {
    const run = async () => undefined;
    expect(() =>
      mountModules(noApp, [
        { handlers: [], workers: [{ kind: 'export', run }] },
        { handlers: [], workers: [{ kind: 'export', run }] },
      ]),
    ).toThrow('job export has two workers');
    expect(() =>
      mountModules(noApp, [
        {
          handlers: [],
          workers: [
            { schedule: 'purge', cron: '0 * * * *', run },
            { schedule: 'purge', cron: '0 * * * *', run },
          ],
        },
      ]),
    ).toThrow('job purge has two workers');
  });

  it('starts the queue, then every worker in the order the modules list them', async () => {
    const calls: string[] = [];
    const jobs = {
      start: async () => void calls.push('start'),
      work: async (kind: string) => void calls.push(`work ${kind}`),
      schedule: async (name: string, cron: string) => void calls.push(`schedule ${name} ${cron}`),
    } as unknown as JobQueue;
    const run = async () => undefined;
    await startWorkers(jobs, [
      { handlers: [], workers: [{ kind: 'render_applicant', run }] },
      { handlers: [health] },
      {
        handlers: [],
        workers: [
          { kind: 'export', run },
          { schedule: 'purge', cron: '0 * * * *', run },
        ],
      },
    ]);
    expect(calls).toEqual(['start', 'work render_applicant', 'work export', 'schedule purge 0 * * * *']);
  });
});
