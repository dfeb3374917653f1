import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Application, DocumentDetail, DocumentList } from '@portal/contracts';
import { json, preparedApplication, type Client } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import { multipartBody } from '../../testing/multipart.js';
import { identifyAndSubmit, submittingAppPerSuite } from '../../testing/submitted-application.js';
import { M, STAFF, currentIfMatch, signInStaff } from './documents.fixtures.js';

const PHONE_NOTE = '電話番号の桁が足りません。';
const BANKBOOK_NOTE = '通帳の口座番号が読めません。撮り直してください。';

/** Field-level remand (decision 0023): staff name fields, the resident changes only those, staff see the diff. */
describe.each(databaseKinds)('field-level remand on %s', (kind) => {
  const s = submittingAppPerSuite(kind);

  async function upload(client: Client, app: string, code: string, colour: string) {
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: colour } })
      .png()
      .toBuffer();
    const body = multipartBody(
      { standard_item_code: code, sequence: '1' },
      { name: `${colour.slice(1)}.png`, type: 'image/png', bytes: image },
    );
    return fetch(`${s.base}${app}/procedure-attaches/`, {
      method: 'POST',
      body: body.payload,
      headers: { ...client.headers(), 'content-type': body.contentType },
    });
  }

  it('opens only the named fields to the resident, and shows staff what changed', async () => {
    const { client, app, id } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    await identifyAndSubmit(client, s, app);
    const clerk = await signInStaff(s.t, STAFF.clerkKodomo);
    const listed = DocumentList.parse(
      (await clerk.request('GET', `${M}/documents/?procedure_code=child_allowance&page_size=all`)).json(),
    ).documents.find((d) => d.application_id === id)!;
    const url = `${M}/documents/${listed.id}/`;
    const before = DocumentDetail.parse((await clerk.request('GET', url)).json());
    const phoneBefore = before.standard_item_fragments.find(
      (f) => f.standard_item_code === 'applicant_phone',
    )!;

    // Bad input: a field of another procedure, a field twice, fields without a remand.
    const refuse = async (body: object, field: string) => {
      const res = await clerk.request('PUT', `${url}status/`, body, await currentIfMatch(s.t, listed.id));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.map((e: { field?: string }) => e.field)).toContain(field);
    };
    const phone = { standard_item_code: 'applicant_phone', note: PHONE_NOTE };
    await refuse(
      {
        status: 'remanded',
        remand_message: '確認してください。',
        remand_fields: [{ standard_item_code: 'child_birth_weight', note: '体重' }],
      },
      'remand_fields',
    );
    await refuse({ status: 'remanded', remand_message: 'x', remand_fields: [phone, phone] }, 'remand_fields');
    await refuse({ status: 'in_progress', remand_fields: [phone] }, 'remand_fields');
    expect(DocumentDetail.parse((await clerk.request('GET', url)).json()).status).toBe('received');

    const remand = await clerk.request(
      'PUT',
      `${url}status/`,
      {
        status: 'remanded',
        remand_message: '2か所を直してください。',
        remand_fields: [phone, { standard_item_code: 'attach_bankbook', note: BANKBOOK_NOTE }],
      },
      await currentIfMatch(s.t, listed.id),
    );
    expect(remand.statusCode, remand.body).toBe(200);
    expect(DocumentDetail.parse(remand.json()).remand_fields).toEqual([
      {
        ...phone,
        sequence: 1,
        kind: 'item',
        before: phoneBefore.value,
        after: phoneBefore.value,
        changed: false,
      },
      {
        standard_item_code: 'attach_bankbook',
        sequence: 1,
        note: BANKBOOK_NOTE,
        kind: 'attachment',
        before: ['scan.png'],
        after: ['scan.png'],
        changed: false,
      },
    ]);

    // The resident reads which fields to correct, with the notes.
    const mine = await json(await client.call(s.base, 'GET', '/api/applicant/applications/'));
    const remanded = Application.parse(mine.applications.find((a: { id: string }) => a.id === id));
    expect(remanded.remand_fields).toEqual([
      { standard_item_code: 'applicant_phone', sequence: 1, note: PHONE_NOTE },
      { standard_item_code: 'attach_bankbook', sequence: 1, note: BANKBOOK_NOTE },
    ]);

    // Another answer cannot change; sending it unchanged beside the corrected one is fine.
    const save = (fragments: object[]) =>
      client.call(s.base, 'POST', `${app}/form/`, {
        standard_item_fragments: fragments,
        is_last_page_in_concierge_assistant: false,
      });
    const closed = await save([{ standard_item_code: 'applicant_occupation', sequence: 1, value: '無職' }]);
    const problems = await json(closed, 400);
    expect(problems.errors).toEqual([
      expect.objectContaining({
        field: 'applicant_occupation',
        message: expect.stringContaining('not sent back'),
      }),
    ]);
    const occupation = before.standard_item_fragments.find(
      (f) => f.standard_item_code === 'applicant_occupation',
    );
    await json(
      await save([
        { standard_item_code: 'applicant_phone', sequence: 1, value: '0398765432' },
        { standard_item_code: 'applicant_occupation', sequence: 1, value: occupation?.value ?? null },
      ]),
    );
    // The named attachment may be replaced; the handwritten signature may always be drawn again.
    expect((await upload(client, app, 'attach_bankbook', '#336699')).status).toBe(201);
    expect((await upload(client, app, 'attach_claimant_signature', '#000000')).status).toBe(201);

    await json(await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'submitted' }));
    const after = DocumentDetail.parse((await clerk.request('GET', url)).json());
    expect(after.status).toBe('resubmitted');
    expect(after.remand_fields?.map((f) => [f.standard_item_code, f.changed, f.after])).toEqual([
      ['applicant_phone', true, '0398765432'],
      ['attach_bankbook', true, ['336699.png']],
    ]);
    const again = await json(await client.call(s.base, 'GET', '/api/applicant/applications/'));
    expect(again.applications.find((a: { id: string }) => a.id === id).remand_fields).toBeNull();
  });
});
