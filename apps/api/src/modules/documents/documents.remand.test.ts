import { describe, expect, it } from 'vitest';
import { DocumentDetail, DocumentList } from '@portal/contracts';
import { dueAtFor } from '@portal/rules';
import { json, preparedApplication } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import { identifyAndSubmit, submittingAppPerSuite } from '../../testing/submitted-application.js';
import { M, STAFF, currentIfMatch, ifMatch, signInStaff } from './documents.fixtures.js';

const MESSAGE = '電話番号に誤りがあるようです。正しい番号に直して、もう一度提出してください。';

describe.each(databaseKinds)('remand round trip on %s', (kind) => {
  const s = submittingAppPerSuite(kind);

  it('staff remand with a message; the resident sees it, fixes a value and resubmits; staff see it again', async () => {
    // The resident applies for the child allowance and submits it.
    const { client, app, id } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    await identifyAndSubmit(client, s, app);

    // Staff of the child allowance's department find it among the received documents and remand it.
    const clerk = await signInStaff(s.t, STAFF.clerkKodomo);
    const received = DocumentList.parse(
      (
        await clerk.request(
          'GET',
          `${M}/documents/?status=received&procedure_code=child_allowance&page_size=all`,
        )
      ).json(),
    );
    const listed = received.documents.find((d) => d.application_id === id);
    expect(listed).toBeDefined();
    // Its deadline runs from receipt: 30 processing days for the child allowance (decision 0019).
    expect(listed!.due_at).toBe(dueAtFor(new Date(listed!.received_at), 30)!.toISOString());
    const url = `${M}/documents/${listed!.id}/`;
    const remand = await clerk.request(
      'PUT',
      `${url}status/`,
      { status: 'remanded', remand_message: MESSAGE },
      ifMatch(listed!.version),
    );
    expect(remand.statusCode, remand.body).toBe(200);

    // While the resident corrects it the deadline stops.
    expect(DocumentDetail.parse((await clerk.request('GET', url)).json()).due_at).toBeNull();

    // The resident sees the remand and its message on their applications list.
    const mine = await json(await client.call(s.base, 'GET', '/api/applicant/applications/'));
    expect(mine.applications.find((a: { id: string }) => a.id === id)).toMatchObject({
      status: 'remanded',
      remand_message: MESSAGE,
    });

    // They correct the value (a remanded application is editable) and submit again.
    await json(
      await client.call(s.base, 'POST', `${app}/form/`, {
        standard_item_fragments: [
          { standard_item_code: 'applicant_phone', sequence: 1, value: '0398765432' },
        ],
        is_last_page_in_concierge_assistant: false,
      }),
    );
    const again = await json(
      await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'submitted' }),
    );
    expect(again).toMatchObject({ status: 'submitted', remand_message: null });

    // The document is resubmitted, with the corrected value, back in the staff list.
    const detail = DocumentDetail.parse((await clerk.request('GET', url)).json());
    expect(detail.status).toBe('resubmitted');
    // The clock restarts from the resubmission: staff get the whole processing time again.
    expect(detail.due_at).toBe(dueAtFor(new Date(detail.updated_at), 30)!.toISOString());
    expect(detail.remand_message).toBe(MESSAGE);
    expect(detail.standard_item_fragments).toContainEqual({
      standard_item_code: 'applicant_phone',
      sequence: 1,
      value: '0398765432',
      source: null,
      mismatch: null,
    });
    expect(detail.history.map((h) => [h.action, h.change])).toEqual([
      ['document.status', { kind: 'status', from: 'received', to: 'remanded', remand_message: MESSAGE }],
      ['document.resubmit', { kind: 'status', from: 'remanded', to: 'resubmitted', remand_message: null }],
    ]);
    expect(detail.history[1]!.user_name).toBe('申請者');
    const resubmitted = DocumentList.parse(
      (await clerk.request('GET', `${M}/documents/?status=resubmitted&page_size=all`)).json(),
    );
    expect(resubmitted.documents.map((d) => d.id)).toContain(listed!.id);

    // Staff carry on: the document moves on from resubmitted.
    const moved = await clerk.request(
      'PUT',
      `${url}status/`,
      { status: 'in_progress' },
      await currentIfMatch(s.t, listed!.id),
    );
    expect(moved.statusCode, moved.body).toBe(200);
  });
});
