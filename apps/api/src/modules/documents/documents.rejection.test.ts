// Decisions carry reasons (issue 32 item 2, decision 0037): a rejection, single or in bulk, needs its
// reason; the reason is kept, mailed, shown on the resident's list and in the staff history.
import { describe, expect, it } from 'vitest';
import { Application, BulkResult, Completion, DocumentDetail, DocumentList } from '@portal/contracts';
import { json, preparedApplication, type Client } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import {
  identifyAndSubmit,
  submittingAppPerSuite,
  type SubmittingApp,
} from '../../testing/submitted-application.js';
import { createOutboxRepository } from '../../simulators/outbox/outbox.repository.js';
import { waitFor } from '../../testing/wait-for.js';
import { M, STAFF, currentIfMatch, signInStaff, type StaffClient } from './documents.fixtures.js';

const REASON = '児童手当の対象となる年齢を過ぎているため、受け付けられません。';
const S = `${M}/notification-settings/`;

describe.each(databaseKinds)('a rejection carries its reason on %s', (kind) => {
  const s = submittingAppPerSuite(kind);
  const mailsTo = (email: string) => createOutboxRepository(s.t.database.db).latest({ limit: 50, to: email });

  async function verifiedAddress(client: Client, app: SubmittingApp, email: string) {
    await json(await client.call(app.base, 'POST', `${S}code/`, { email }));
    const [mail] = await mailsTo(email);
    const code = /確認コード：(\d{6})/.exec(mail!.text)![1];
    await json(await client.call(app.base, 'PUT', `${S}email/`, { code }));
  }

  async function submitted(resident: string, email?: string) {
    const { client, app, id } = await preparedApplication(s.t, s.base, resident, s.catalog, [
      'child_allowance',
    ]);
    if (email) await verifiedAddress(client, s, email);
    await identifyAndSubmit(client, s, app);
    return { client, id };
  }

  async function documentOf(clerk: StaffClient, applicationId: string) {
    const list = DocumentList.parse(
      (await clerk.request('GET', `${M}/documents/?procedure_code=child_allowance&page_size=all`)).json(),
    );
    return list.documents.find((d) => d.application_id === applicationId)!;
  }

  async function listedProcedure(client: Client, applicationId: string) {
    const mine = await json(await client.call(s.base, 'GET', '/api/applicant/applications/'));
    const application = Application.parse(
      mine.applications.find((a: { id: string }) => a.id === applicationId),
    );
    return { application, procedure: application.procedures[0]! };
  }

  it('refuses a rejection without a reason at remand_message; with one, the resident is told it by mail and on their list', async () => {
    const email = `rejected-${kind}@example.jp`;
    const { client, id } = await submitted('demo-resident-0001', email);
    const clerk = await signInStaff(s.t, STAFF.clerkKodomo);
    const listed = await documentOf(clerk, id);
    const url = `${M}/documents/${listed.id}/status/`;

    for (const body of [
      { status: 'rejected' },
      { status: 'rejected', remand_message: null },
      { status: 'rejected', remand_message: '  \n ' },
    ]) {
      const refused = await clerk.request('PUT', url, body, await currentIfMatch(s.t, listed.id));
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toContainEqual(
        expect.objectContaining({ code: 'validation_failed', field: 'remand_message' }),
      );
    }
    // Nothing moved.
    expect((await documentOf(clerk, id)).status).toBe('received');

    const rejected = await clerk.request(
      'PUT',
      url,
      { status: 'rejected', remand_message: `  ${REASON}  ` },
      await currentIfMatch(s.t, listed.id),
    );
    expect(rejected.statusCode, rejected.body).toBe(200);

    // Staff see the reason on the document and in its history.
    const detail = DocumentDetail.parse(rejected.json());
    expect(detail.status).toBe('rejected');
    expect(detail.rejection_reason).toBe(REASON);
    expect(detail.remand_message).toBeNull();
    expect(detail.history.at(-1)?.change).toEqual({
      kind: 'status',
      from: 'received',
      to: 'rejected',
      remand_message: REASON,
    });

    // The resident's list says 却下 with the reason; the application is finished (completed), not green.
    const { application, procedure } = await listedProcedure(client, id);
    expect(application.status).toBe('completed');
    expect(procedure).toMatchObject({ status: 'rejected', rejection_reason: REASON });
    // The completion page reads each document's outcome too: the screen shows the reason, not success.
    const completion = Completion.parse(
      await json(await client.call(s.base, 'GET', `${M}/applications/${id}/completion/`)),
    );
    expect(completion.documents).toEqual([
      expect.objectContaining({ status: 'rejected', rejection_reason: REASON }),
    ]);

    // The mail says it was rejected, that this is final, and why, in Japanese and English.
    const mail = await waitFor(async () =>
      (await mailsTo(email)).find((m) => m.subject.includes('受理されませんでした')),
    );
    expect(mail.text).toContain(`却下の理由：\n${REASON}`);
    expect(mail.text).toContain(`Reason for the rejection (as the department wrote it):\n${REASON}`);
    expect(mail.text).toContain(`受付番号：${listed.reference_number}`);
  });

  it('refuses a bulk rejection without a reason as a whole; with one, each resident is told it', async () => {
    const first = await submitted('demo-resident-0001');
    const second = await submitted('demo-resident-0001');
    const clerk = await signInStaff(s.t, STAFF.clerkKodomo);
    const docs = [await documentOf(clerk, first.id), await documentOf(clerk, second.id)];
    const body = {
      document_ids: docs.map((d) => d.id),
      versions: Object.fromEntries(docs.map((d) => [d.id, d.version])),
      status: 'rejected',
    };

    for (const message of [undefined, null, ' ']) {
      const refused = await clerk.request('POST', `${M}/documents-bulk/status/`, {
        ...body,
        ...(message === undefined ? {} : { remand_message: message }),
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toContainEqual(
        expect.objectContaining({ code: 'validation_failed', field: 'remand_message' }),
      );
    }
    for (const d of docs) expect((await documentOf(clerk, d.application_id)).status).toBe('received');

    const done = await clerk.request('POST', `${M}/documents-bulk/status/`, {
      ...body,
      remand_message: REASON,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(BulkResult.parse(done.json())).toMatchObject({ changed: 2, refused: 0 });

    for (const { client, id } of [first, second]) {
      const { procedure } = await listedProcedure(client, id);
      expect(procedure).toMatchObject({ status: 'rejected', rejection_reason: REASON });
      const notices = await json(await client.call(s.base, 'GET', `${M}/notices/`));
      expect(notices.notices).toContainEqual(
        expect.objectContaining({
          event: 'rejected',
          application_id: id,
          detail: expect.objectContaining({ rejection_reason: REASON }),
        }),
      );
    }
  });

  it('keeps other moves free of a reason: a message sent with them is not kept as one', async () => {
    const { client, id } = await submitted('demo-resident-0001');
    const clerk = await signInStaff(s.t, STAFF.clerkKodomo);
    const listed = await documentOf(clerk, id);
    const res = await clerk.request(
      'PUT',
      `${M}/documents/${listed.id}/status/`,
      { status: 'in_progress', remand_message: 'ignored' },
      await currentIfMatch(s.t, listed.id),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(DocumentDetail.parse(res.json()).rejection_reason).toBeNull();
    const { procedure } = await listedProcedure(client, id);
    expect(procedure).toMatchObject({ status: 'in_progress', rejection_reason: null });
  });
});
