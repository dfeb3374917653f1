import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormDefinition } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const M = '/api/municipalities/999999';

describe.each(databaseKinds)('form definition on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `${M}/form/?${query}`, headers: { 'x-region-code': '999999' } });

  it('carries the rules the browser applies: hidden rules, copies and name checks of its items', async () => {
    const res = await get('procedure_group_id=1&procedure_ids=1,2');
    expect(res.statusCode).toBe(200);
    const form = FormDefinition.parse(res.json());
    const codes = new Set(form.fragments.flatMap((f) => f.items.map((i) => i.code)));
    expect(form.hidden_rules.length).toBeGreaterThan(0);
    expect(form.hidden_rules.every((r) => codes.has(r.target))).toBe(true);
    expect(form.hidden_rules.map((r) => r.target)).toContain('spouse_last_name');
    const father = form.copies.find((c) => c.pairs.some((p) => p.target === 'father_last_name'));
    expect(father).toMatchObject({ label: '届出人と同じ内容' });
    // Only when the notifier is the father (a copy form with conditions).
    expect(father?.pairs).toContainEqual({
      source: 'applicant_last_name',
      target: 'father_last_name',
      conditions: [[{ source: 'notifier_role', symbol: 'equal', expected: 'father' }]],
    });
    expect(form.name_checks).toContainEqual(['child_last_name', 'child_first_name']);
  });

  it('leaves out rules of items the chosen procedures do not ask', async () => {
    const form = FormDefinition.parse((await get('procedure_group_id=1&procedure_ids=3')).json());
    expect(form.hidden_rules.map((r) => r.target)).not.toContain('spouse_last_name');
    expect(form.copies.flatMap((c) => c.pairs.map((p) => p.target))).not.toContain('father_last_name');
  });

  it('refuses bad procedure ids', async () => {
    expect((await get('procedure_group_id=1&procedure_ids=1;2')).statusCode).toBe(400);
    expect((await get('procedure_group_id=1&procedure_ids=42')).statusCode).toBe(400);
  });
});
