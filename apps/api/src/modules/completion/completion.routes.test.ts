import { describe, expect, it } from 'vitest';
import { Completion } from '@portal/contracts';
import { json, preparedApplication } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import { identifyAndSubmit, submittingAppPerSuite } from '../../testing/submitted-application.js';

describe.each(databaseKinds)('completion on %s', (kind) => {
  const s = submittingAppPerSuite(kind);

  it('shows reference numbers after submission and keeps the latest 5-point rating', async () => {
    const { client, app, id } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    const draft = Completion.parse(await json(await client.call(s.base, 'GET', `${app}/completion/`)));
    expect(draft).toMatchObject({ application_id: id, status: 'draft', documents: [], rating: null });
    const early = await client.call(s.base, 'PUT', `${app}/completion/satisfaction/`, { rating: 4 });
    expect(early.status).toBe(409);

    await identifyAndSubmit(client, s, app);
    const done = Completion.parse(await json(await client.call(s.base, 'GET', `${app}/completion/`)));
    expect(done.status).toBe('submitted');
    expect(done.documents).toEqual([
      expect.objectContaining({
        procedure_id: 2,
        procedure_name: '児童手当 認定請求',
        status: 'received',
        rejection_reason: null,
      }),
    ]);
    expect(done.documents[0]!.reference_number).toMatch(/^\d{4}-\d{6}$/);

    const rated = Completion.parse(
      await json(await client.call(s.base, 'PUT', `${app}/completion/satisfaction/`, { rating: 4 })),
    );
    expect(rated.rating).toBe(4);
    await json(
      await client.call(s.base, 'PUT', `${app}/completion/satisfaction/`, {
        rating: 5,
        comment: 'わかりやすい',
      }),
    );
    expect((await json(await client.call(s.base, 'GET', `${app}/completion/`))).rating).toBe(5);

    for (const bad of [
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      {},
      { rating: 3, comment: 'x'.repeat(1001) },
    ]) {
      const res = await client.call(s.base, 'PUT', `${app}/completion/satisfaction/`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("lists the resident's applications in words: procedures, reference numbers, status and the child", async () => {
    const { client, app, id } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    const listed = async () =>
      (await json(await client.call(s.base, 'GET', '/api/applicant/applications/'))).applications.find(
        (a: { id: string }) => a.id === id,
      );
    const draft = await listed();
    expect(draft.procedures).toEqual([
      expect.objectContaining({ id: 2, name: '児童手当 認定請求', reference_number: null, status: null }),
    ]);
    const answers = await json(await client.call(s.base, 'GET', `${app}/form/values/`));
    const value = (code: string) =>
      answers.standard_item_fragments.find(
        (f: { standard_item_code: string }) => f.standard_item_code === code,
      )?.value as string | undefined;
    const child = [value('child_last_name'), value('child_first_name')].filter(Boolean).join(' ');
    expect(draft.subject_name).toBe(child === '' ? null : child);

    await identifyAndSubmit(client, s, app);
    const submitted = await listed();
    expect(submitted.status).toBe('submitted');
    expect(submitted.procedures[0].reference_number).toMatch(/^\d{4}-\d{6}$/);
    expect(submitted.procedures[0].status).toBe('received');
  });

  it('gives the resident back their own uploaded files, and nobody else', async () => {
    const { client, app } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    const list = await json(await client.call(s.base, 'GET', `${app}/procedure-attaches/`));
    const first = list.procedure_attaches[0] as {
      standard_item_code: string;
      size: number;
      content_type: string;
    };
    const url = `${app}/procedure-attaches/file/?standard_item_code=${first.standard_item_code}&sequence=1`;
    const res = await client.call(s.base, 'GET', url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(first.content_type);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect((await res.arrayBuffer()).byteLength).toBe(first.size);

    const missing = await client.call(
      s.base,
      'GET',
      `${app}/procedure-attaches/file/?standard_item_code=nope&sequence=1`,
    );
    expect(missing.status).toBe(404);
    const bad = await client.call(
      s.base,
      'GET',
      `${app}/procedure-attaches/file/?standard_item_code=x&sequence=0`,
    );
    expect(bad.status).toBe(400);
    const other = await (
      await import('../../testing/applicant-walk.js')
    ).resident(s.t, s.base, 'demo-resident-0006');
    expect((await other.call(s.base, 'GET', url)).status).toBe(404);
  });
});
