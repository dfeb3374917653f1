import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandardItem } from '@portal/contracts';
import { draftFor, json, M, type Client } from './testing/applicant-walk.js';
import { cardResident } from './testing/assistant-walk.js';
import { databaseKinds } from './testing/databases.js';
import { createListeningApp, type ListeningApp } from './testing/listening-app.js';

/**
 * Statements each hot resident route sends (the most seen over a whole journey, drizzle's count), held
 * at or under today's figure so a change cannot make them creep back: lower a budget whenever a route
 * gets cheaper. The answer routes read the application with everything its answers' rules read and
 * the confirmation of their kept session in one statement, and write a decision in one more (decisions
 * 0035, 0046, 0049): issue 31's budgets are 4 for `PUT form/` and `POST form/`, 2 for `GET form/values/`
 * and the assistant read. The funnel's first-reach mark (decision 0053) is one more on the routes where a
 * step or an assistant page is first reached, never on the form's save and read.
 */
const A = '/api/municipalities/{code}/applications/{id}';
const BUDGETS: Record<string, number> = {
  'GET /api/applicant/login/status/': 1,
  'POST /api/municipalities/{code}/concierge-values/': 5,
  'GET /api/municipalities/{code}/form/': 0,
  'GET /api/municipalities/{code}/concierge-assistant/': 0,
  [`GET ${A}/concierge-assistant/`]: 2,
  [`PUT ${A}/concierge-values/`]: 2,
  [`GET ${A}/form/values/`]: 1,
  [`PUT ${A}/form/`]: 2,
  [`GET ${A}/procedures/`]: 2,
  [`PUT ${A}/procedures/`]: 3,
  [`POST ${A}/form/`]: 2,
  [`GET ${A}/procedure-attaches/`]: 4,
  [`PUT ${A}/procedure-attaches/`]: 10,
};

const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** `PUT /api/municipalities/999999/applications/<uuid>/form/?x=1` -> its route template. */
const routeOf = (method: string, path: string) =>
  `${method} ${(path.split('?')[0] ?? path).replace(M, '/api/municipalities/{code}').replace(ID, '{id}')}`;

describe.each(databaseKinds)('statements per hot resident route on %s', (kind) => {
  let t: ListeningApp;
  let catalog: Map<string, StandardItem>;
  beforeAll(async () => {
    t = await createListeningApp(kind);
    const { demoData } = await import('@portal/demo');
    catalog = new Map(demoData.standard_items.map((i) => [i.code, i]));
  });
  afterAll(() => t?.close());

  /** Waits until no statement has been sent for 30 ms: what an earlier call left running is not counted. */
  async function quiet() {
    for (let last = -1; last !== t.database.statements();) {
      last = t.database.statements();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }

  /** The same browser, counting the statements each of its calls makes the server send. */
  function counting(client: Client, seen: Map<string, number>, texts: Map<string, string[]>): Client {
    return {
      ...client,
      async call(base: string, method: string, path: string, body?: unknown) {
        await quiet();
        const before = t.database.statements();
        const res = await client.call(base, method, path, body);
        await res.clone().arrayBuffer();
        await new Promise((resolve) => setImmediate(resolve)); // onResponse hooks
        const route = routeOf(method, path);
        const sent = t.database.statements() - before;
        if (sent > (seen.get(route) ?? -1)) texts.set(route, t.database.recentStatements(sent));
        seen.set(route, Math.max(seen.get(route) ?? 0, sent));
        return res;
      },
    };
  }

  it('keeps every hot route of a whole journey within its statement budget', async () => {
    const seen = new Map<string, number>();
    const texts = new Map<string, string[]>();
    const client = counting(await cardResident(t.url, 'demo-resident-0001', '1234'), seen, texts);
    await json(await client.call(t.url, 'GET', '/api/applicant/login/status/'));
    const { app } = await draftFor(client, t.url, catalog, ['birth_notification', 'child_allowance']);
    // A second save of a form page, as a resident going back and changing one answer does.
    await json(await client.call(t.url, 'GET', `${app}/form/values/`));
    await json(
      await client.call(t.url, 'POST', `${app}/form/`, {
        standard_item_fragments: [
          { standard_item_code: 'applicant_phone', sequence: 1, value: '0312345678' },
        ],
        is_last_page_in_concierge_assistant: true,
      }),
    );

    console.log(
      `statements per route (${kind}):\n` +
        [...seen].map(([route, n]) => `  ${String(n).padStart(3)}  ${route}`).join('\n'),
    );
    for (const [route, budget] of Object.entries(BUDGETS)) {
      expect(seen.has(route), `${route} was called`).toBe(true);
      // Over budget, the message lists what was sent: a flaky extra statement names itself.
      expect(seen.get(route), `${route}:\n${(texts.get(route) ?? []).join('\n')}`).toBeLessThanOrEqual(
        budget,
      );
    }
  });

  // Tests re-read which version is live on every request (TTL 0); in production that read is cached too.
  it('answers the public configuration reads with at most one statement once read', async () => {
    const paths = [
      `${M}/`,
      `${M}/terms-service/?device=browser`,
      `${M}/concierge-filter/?procedure_group_id=1`,
    ];
    const read = async (path: string) => {
      const res = await fetch(`${t.url}${path}`, { headers: { 'x-region-code': '999999' } });
      expect(res.status, path).toBe(200);
      return res.text();
    };
    for (const path of paths) {
      const first = await read(path);
      await new Promise((resolve) => setImmediate(resolve)); // the first answer's onResponse hooks
      const before = t.database.statements();
      expect(await read(path)).toBe(first);
      expect(t.database.statements() - before, path).toBeLessThanOrEqual(1);
    }
  });
});
