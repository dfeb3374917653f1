import { describe, expect, it } from 'vitest';
import { json, preparedApplication } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import {
  identifyAndSubmit,
  identifyAsTaro,
  submittingAppPerSuite,
  TARO,
} from '../../testing/submitted-application.js';

describe.each(databaseKinds)('identification and submission on %s', (kind) => {
  const s = submittingAppPerSuite(kind);

  it('verifies basic four information against the registry, naming only the parts that differ', async () => {
    const { client, app } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    const url = `${app}/basic-four-information/`;
    const before = await json(await client.call(s.base, 'GET', `${url}status/`));
    expect(before).toEqual({ is_verified: false, verified_at: null, mismatched: [] });
    const wrong = await json(
      await client.call(s.base, 'POST', url, {
        ...TARO,
        birth_date: '1988-04-16',
        postal_code: s.registry.postal_code,
        address: '別の住所1-1',
      }),
    );
    expect(wrong).toMatchObject({ is_verified: false, mismatched: ['birth_date', 'address'] });
    expect(JSON.stringify(wrong)).not.toContain(s.registry.address);
    // Width and spacing do not matter, as at the counter.
    const right = await json(
      await client.call(s.base, 'PUT', url, {
        ...TARO,
        last_name: '山田 ',
        postal_code: s.registry.postal_code,
        address: s.registry.address.normalize('NFKC').replace(/-/g, '－'),
      }),
    );
    expect(right).toMatchObject({ is_verified: true, mismatched: [] });
    const bad = await client.call(s.base, 'POST', url, {
      ...TARO,
      sex: 'x',
      postal_code: '123',
      address: '',
    });
    const body = await json(bad, 400);
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'address',
      'postal_code',
      'sex',
    ]);
    expect((await json(await client.call(s.base, 'DELETE', url))).is_verified).toBe(false);
  });

  it('submits the child allowance as a document with a reference number, then keeps it read-only', async () => {
    const { client, app, id } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    const incomplete = await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'submitted' });
    const problems = await json(incomplete, 400);
    expect(problems.errors.map((e: { field: string }) => e.field)).toContain('identification');
    await identifyAsTaro(client, s, app);
    const submitted = await json(
      await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'submitted' }),
    );
    expect(submitted).toMatchObject({ id, status: 'submitted', current_step: 'complete' });
    expect(submitted.submitted_at).not.toBeNull();
    const docs = await s.t.database.executeSql(
      'select reference_number, status, department_id, applicant_name, duplicate_key from documents where application_id = $1',
      [id],
    );
    expect(docs.rows).toHaveLength(1);
    expect(docs.rows[0]).toMatchObject({ status: 'received' });
    // Compared with other open documents by applicant and child (decision 0021).
    expect(String(docs.rows[0]!.duplicate_key)).toMatch(/^[\w-]{43}$/);
    expect(String(docs.rows[0]!.reference_number)).toMatch(/^\d{4}-\d{6}$/);
    expect(docs.rows[0]!.department_id).not.toBeNull();
    const steps = await s.t.database.executeSql(
      'select count(*)::int as n from workflow_details w join documents d on d.id = w.document_id where d.application_id = $1',
      [id],
    );
    expect(Number(steps.rows[0]!.n)).toBeGreaterThan(0);
    // Nothing can change now, and a second submission is an illegal move.
    expect(
      (
        await client.call(s.base, 'POST', `${app}/form/`, {
          standard_item_fragments: [],
          is_last_page_in_concierge_assistant: false,
        })
      ).status,
    ).toBe(409);
    expect(
      (await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'submitted' })).status,
    ).toBe(409);
    expect(
      (
        await client.call(
          s.base,
          'DELETE',
          `${app}/procedure-attaches/?standard_item_code=attach_bankbook&sequence=1`,
        )
      ).status,
    ).toBe(409);
  });

  it('refuses to submit a procedure that needs a digital signature without one, and stores nothing', async () => {
    const { client, app, id } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'birth_notification',
    ]);
    await identifyAsTaro(client, s, app);
    const res = await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'submitted' });
    const body = await json(res, 400);
    expect(body.errors).toEqual([expect.objectContaining({ field: 'signature' })]);
    const docs = await s.t.database.executeSql(
      'select count(*)::int as n from documents where application_id = $1',
      [id],
    );
    expect(Number(docs.rows[0]!.n)).toBe(0);
    expect((await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'received' })).status).toBe(
      400,
    );
  });

  it('lets the resident withdraw a submitted application', async () => {
    const { client, app, id } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    await identifyAndSubmit(client, s, app);
    const withdrawn = await json(
      await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'withdrawn' }),
    );
    expect(withdrawn.status).toBe('withdrawn');
    const docs = await s.t.database.executeSql('select status from documents where application_id = $1', [
      id,
    ]);
    expect(docs.rows.map((r) => r.status)).toEqual(['withdrawn']);
  });
});
