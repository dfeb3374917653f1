import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { TEST_RATE_LIMITS } from '../../testing/rate-limits.js';
import { getTableColumns } from 'drizzle-orm';
import { funnelCounts } from '../../db/schema/index.js';
import { databaseKinds } from '../../testing/databases.js';
import { operatorOn, prefixBrowser } from '../../testing/portal-app.js';
import { GroupFunnel } from '@portal/contracts';
import { draftFor, json, M, resident, FILTER_ALL } from '../../testing/applicant-walk.js';
import { identifyAndSubmit, submittingAppPerSuite } from '../../testing/submitted-application.js';
import { createPublishedConfiguration } from '../configuration/published-configuration.js';
import { createConfigurationRepository } from '../configuration/configuration.repository.js';
import { createFunnelRepository } from './funnel.repository.js';
import { createFunnelService } from './funnel.service.js';

const PROCEDURES = ['child_allowance'];

describe.each(databaseKinds)('where residents give up on %s', (kind) => {
  const s = submittingAppPerSuite(kind);
  const funnelOf = () =>
    createFunnelService({
      funnel: createFunnelRepository(s.t.database.db),
      published: createPublishedConfiguration({
        configuration: createConfigurationRepository(s.t.database.db),
      }),
    }).ofGroup(1, FILTER_ALL.procedure_group_id);

  it('counts each step and assistant page residents reached, once per application', async () => {
    // Three residents stop at different pages: the first question page, procedures, before submitting.
    const first = await resident(s.t, s.base, 'funnel-resident-1');
    const started = await json(await first.call(s.base, 'POST', `${M}/concierge-values/`, FILTER_ALL), 201);
    const page = await json(
      await first.call(s.base, 'GET', `${M}/applications/${started.id}/concierge-assistant/`),
    );
    // Reading the same page again is not a second reach.
    await json(await first.call(s.base, 'GET', `${M}/applications/${started.id}/concierge-assistant/`));
    const second = await resident(s.t, s.base, 'funnel-resident-2');
    const stopped = await draftFor(second, s.base, s.catalog, PROCEDURES);
    const third = await resident(s.t, s.base, 'funnel-resident-3');
    const inner = await json(await third.call(s.base, 'POST', `${M}/concierge-values/`, FILTER_ALL), 201);
    await json(await third.call(s.base, 'GET', `${M}/applications/${inner.id}/concierge-assistant/`));
    // Two finish (the registry's resident, who can identify, applying twice).
    for (let i = 0; i < 2; i++) {
      const finisher = await resident(s.t, s.base, 'demo-resident-0001');
      const { client, app } = await draftFor(finisher, s.base, s.catalog, PROCEDURES);
      await identifyAndSubmit(client, s, app);
    }
    expect(stopped.app).toContain('/applications/');

    // The operator's funnel of the group; an anonymous caller is refused.
    const path = `/mastertool/municipalities/999999/procedure-groups/${FILTER_ALL.procedure_group_id}/funnel/`;
    const anonymous = await (await prefixBrowser(s.t.app, '/api')).request('GET', path);
    expect(anonymous.statusCode, anonymous.body).toBe(401);
    const operator = await operatorOn(s.t.app, '/api');
    const answer = await operator.request('GET', path);
    expect(answer.statusCode, answer.body).toBe(200);
    const funnel = GroupFunnel.parse(answer.json());
    expect(funnel).toEqual(await funnelOf());
    expect(funnel.versions).toHaveLength(1);
    const reached = new Map(funnel.versions[0]!.entries.map((e) => [e.key, e.reached]));
    expect(reached.get('filter')).toBe(5);
    expect(reached.get(`question:${page.current_sub_category_id}`)).toBe(5);
    expect(reached.get('procedures')).toBe(3);
    expect(reached.get('identification')).toBe(3);
    expect(reached.get('signature')).toBe(3);
    expect(reached.get('form')).toBe(2);
    expect(reached.get('complete')).toBe(2);
    // Each assistant page is named as its version names it.
    const question = funnel.versions[0]!.entries.find((e) => e.kind === 'question');
    expect(question?.name).toBeTruthy();
  });

  it('holds no personal data: counts per municipality, group, version and step only', async () => {
    const columns = async (table: string) =>
      (
        await s.t.database.executeSql(
          'select column_name from information_schema.columns where table_name = $1 order by 1',
          [table],
        )
      ).rows.map((r) => r.column_name);
    const counted = ['configuration_version', 'municipality_id', 'procedure_group_id', 'reached', 'step'];
    expect(await columns('funnel_counts')).toEqual(counted);
    expect(
      Object.values(getTableColumns(funnelCounts))
        .map((c) => c.name)
        .sort(),
    ).toEqual(counted);
    // The marks name an application, never a person, and go with it (on delete cascade).
    expect(await columns('funnel_marks')).toEqual(['application_id', 'step']);
  });
});

// Two app instances (own pools) on one PostgreSQL, both serving the same application's first reach.
describe.runIf(process.env.TEST_DATABASE_URL)('the funnel on two app instances on one PostgreSQL', () => {
  const s = submittingAppPerSuite('postgres');
  it('counts each reach once, whichever instance served it', async () => {
    const database = await openDatabase({ kind: 'postgres', url: s.t.database.url!, poolSize: 4 });
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-funnel-'));
    const other = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...TEST_RATE_LIMITS }),
      database,
      webRoot: null,
      configurationTtlMs: 0,
    });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const b = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
      const client = await resident(s.t, s.base, 'funnel-two-instances');
      const created = await json(
        await client.call(s.base, 'POST', `${M}/concierge-values/`, FILTER_ALL),
        201,
      );
      const app = `${M}/applications/${created.id}`;
      // The same pages read at once through both instances, several times each.
      const reads = [s.base, b, s.base, b, s.base, b].flatMap((base) => [
        client.call(base, 'GET', `${app}/concierge-assistant/`),
        client.call(base, 'GET', `${app}/procedures/`),
      ]);
      for (const res of await Promise.all(reads)) expect(res.status).toBe(200);
      const funnel = await createFunnelService({
        funnel: createFunnelRepository(database.db),
        published: createPublishedConfiguration({
          configuration: createConfigurationRepository(database.db),
        }),
      }).ofGroup(1, FILTER_ALL.procedure_group_id);
      const reached = funnel.versions[0]!.entries.filter((e) => e.reached > 0).map((e) => [e.key, e.reached]);
      expect(reached).toEqual([
        ['filter', 1],
        [expect.stringMatching(/^question:\d+$/), 1],
        ['procedures', 1],
      ]);
    } finally {
      await other.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
