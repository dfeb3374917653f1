import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { FILTER_ALL, json, M } from '../../testing/applicant-walk.js';
import { cardResident } from '../../testing/assistant-walk.js';
import { createTestDatabase } from '../../testing/databases.js';
import { startServer, type ServerProcess } from '../../testing/server-process.js';

// Two real server processes (own pools) on one PostgreSQL count each application's reach of a page once,
// however many times and through whichever process the pages are read, also when read at the same time.
describe('the funnel from two server processes on one PostgreSQL', { timeout: 180_000 }, () => {
  it.runIf(process.env.TEST_DATABASE_URL)('counts each reach once, whichever process served it', async () => {
    const created = await createTestDatabase('postgres');
    await created.close();
    const servers: ServerProcess[] = [];
    const db = new pg.Client({ connectionString: created.url! });
    try {
      for (let i = 0; i < 2; i++)
        servers.push(await startServer({ DATABASE_URL: created.url!, SEED_DEMO: 'true' }));
      const [a, b] = servers.map((s) => s.url) as [string, string];
      const resident = await cardResident(a, 'demo-resident-0001', '1234');
      const apps: string[] = [];
      for (const base of [a, b]) {
        const started = await json(
          await resident.call(base, 'POST', `${M}/concierge-values/`, FILTER_ALL),
          201,
        );
        apps.push(`${M}/applications/${started.id}`);
      }
      // Both applications' pages, read through both processes at once, three times each.
      const reads = [a, b, a, b, a, b].flatMap((base) =>
        apps.flatMap((app) => [
          resident.call(base, 'GET', `${app}/concierge-assistant/`),
          resident.call(base, 'GET', `${app}/procedures/`),
        ]),
      );
      for (const res of await Promise.all(reads)) expect(res.status).toBe(200);

      await db.connect();
      const { rows } = await db.query<{ step: string; reached: number }>(
        'select step, reached from funnel_counts where procedure_group_id = $1 order by step',
        [FILTER_ALL.procedure_group_id],
      );
      const reached = new Map(
        rows.map((r) => [r.step.replace(/^question:\d+$/, 'question'), Number(r.reached)]),
      );
      expect(reached.get('filter')).toBe(2);
      expect(reached.get('question')).toBe(2);
      expect(reached.get('procedures')).toBe(2);
    } finally {
      await db.end().catch(() => undefined);
      for (const s of servers) await s.stop();
    }
  });
});
