import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AssistantQuestions,
  ConciergeFilter,
  ProcedureOverview,
  ProceduralRulesResponse,
} from '@portal/contracts';
import { createProcedureGroupRepository } from '../configuration/procedure-group.repository.js';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const get = (t: TestApp, url: string, code = '999999') =>
  t.app.inject({
    method: 'GET',
    url: `/api/municipalities/${code}/${url}`,
    headers: { 'x-region-code': code },
  });

describe.each(databaseKinds)('published configuration reads on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('serves the filter questions of a group, as the contract says', async () => {
    const res = await get(t, 'concierge-filter/?procedure_group_id=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const body = ConciergeFilter.parse(res.json());
    expect(body).toMatchObject({ procedure_group_id: 1, version: 1, category: { type: 'FI' } });
    expect(body.category.concierge_sub_category.length).toBeGreaterThan(0);
    // The second call sends the very same bytes (serialized once per version).
    expect((await get(t, 'concierge-filter/?procedure_group_id=1')).body).toBe(res.body);
  });

  it('serves the assistant questions of a group per version, the same bytes each time', async () => {
    const res = await get(t, 'concierge-assistant/?procedure_group_id=1');
    expect(res.statusCode).toBe(200);
    const body = AssistantQuestions.parse(res.json());
    expect(body).toMatchObject({ procedure_group_id: 1, version: 1 });
    expect(body.categories.every((c) => c.type !== 'FI')).toBe(true);
    expect(body.categories.flatMap((c) => c.concierge_sub_category).length).toBeGreaterThan(3);
    const given = await get(t, 'concierge-assistant/?procedure_group_id=1&version=1');
    expect(given.body).toBe(res.body);
    expect((await get(t, 'concierge-assistant/?procedure_group_id=1')).body).toBe(res.body);
    // Another municipality's group, a version never published, and bad queries.
    expect((await get(t, 'concierge-assistant/?procedure_group_id=1', '999998')).statusCode).toBe(404);
    expect((await get(t, 'concierge-assistant/?procedure_group_id=1&version=99')).statusCode).toBe(404);
    for (const q of ['', '?procedure_group_id=x', '?procedure_group_id=1&version=0']) {
      const bad = await get(t, `concierge-assistant/${q}`);
      expect(bad.statusCode, q).toBe(400);
    }
  });

  it('serves procedures, their overview and procedural rules', async () => {
    const procedures = await get(t, 'procedures/?procedure_group_id=1');
    expect(procedures.json().available.map((p: { code: string }) => p.code)).toEqual([
      'birth_notification',
      'child_allowance',
      'child_medical_subsidy',
    ]);
    const overview = ProcedureOverview.parse(
      (await get(t, 'procedure-overview/?procedure_group_id=1')).json(),
    );
    const birth = overview.procedures.find((p) => p.code === 'birth_notification')!;
    expect(birth).toMatchObject({ printed_copies: 2, requires_digital_signature: true });
    expect(birth.attaches).toContainEqual({
      name: '出生証明書',
      type: 'OR',
      en: { name: 'Birth certificate' },
    });
    const rules = ProceduralRulesResponse.parse(
      (await get(t, 'procedural-rules/?procedure_group_id=1')).json(),
    );
    expect(rules.rules.find((r) => r.procedure_code === 'child_allowance')?.procedural_rules).toHaveLength(2);
  });

  it('refuses a bad or missing group id (400) and another municipality’s or unknown group (404)', async () => {
    for (const q of ['', '?procedure_group_id=abc', '?procedure_group_id=-1']) {
      const res = await get(t, `concierge-filter/${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().errors[0].field).toBe('procedure_group_id');
    }
    expect((await get(t, 'concierge-filter/?procedure_group_id=1001')).statusCode).toBe(404);
    expect((await get(t, 'concierge-filter/?procedure_group_id=1', '999998')).statusCode).toBe(404);
    expect((await get(t, 'concierge-filter/?procedure_group_id=1001', '999998')).statusCode).toBe(200);
    expect((await get(t, 'procedures/?procedure_group_id=999')).statusCode).toBe(404);
  });

  it('stops offering a group once a version that unpublishes it is published, and not before', async () => {
    await t.database.executeSql(
      'update procedure_disclosures set is_publish = false where procedure_group_id = 1001',
    );
    // Edited but not published: residents still see the live version.
    expect((await get(t, 'concierge-filter/?procedure_group_id=1001', '999998')).statusCode).toBe(200);
    const m = await t.database.executeSql("select id from municipalities where code = '999998'");
    const version = await createProcedureGroupRepository(t.database.db).publish(
      Number(m.rows[0]?.id),
      1001,
      'test',
    );
    expect(version).toBe(2);
    expect((await get(t, 'concierge-filter/?procedure_group_id=1001', '999998')).statusCode).toBe(404);
    const home = await get(t, '', '999998');
    expect(home.json().procedure_groups).toEqual([]);
  });
});
