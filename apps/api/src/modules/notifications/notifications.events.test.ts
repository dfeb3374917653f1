import { describe, expect, it } from 'vitest';
import { DocumentDetail, DocumentList, NoticeList } from '@portal/contracts';
import { json, preparedApplication, resident, type Client } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import {
  identifyAndSubmit,
  submittingAppPerSuite,
  type SubmittingApp,
} from '../../testing/submitted-application.js';
import { createOutboxRepository } from '../../simulators/outbox/outbox.repository.js';
import {
  M,
  STAFF,
  currentIfMatch,
  signInStaff,
  stepIfMatch,
  type StaffClient,
} from '../documents/documents.fixtures.js';
import { createDocumentRepository } from '../documents/documents.repository.js';
import { waitFor } from '../../testing/wait-for.js';

const MESSAGE = '口座番号の桁が足りないようです。通帳を見て、正しい番号を入力してください。';
const S = `${M}/notification-settings/`;

describe.each(databaseKinds)('notices of submissions and staff moves on %s', (kind) => {
  const s = submittingAppPerSuite(kind);

  const mailsTo = (email: string) => createOutboxRepository(s.t.database.db).latest({ limit: 50, to: email });
  const noticesOf = async (applicationId: string) =>
    (
      await s.t.database.executeSql(
        'select event, mail_status, mail_attempts, detail from notifications where application_id = $1 order by created_at',
        [applicationId],
      )
    ).rows as {
      event: string;
      mail_status: string;
      mail_attempts: number;
      detail: Record<string, unknown>;
    }[];

  async function verifiedAddress(client: Client, app: SubmittingApp, email: string) {
    await json(await client.call(app.base, 'POST', `${S}code/`, { email }));
    const [mail] = await mailsTo(email);
    const code = /確認コード：(\d{6})/.exec(mail!.text)![1];
    await json(await client.call(app.base, 'PUT', `${S}email/`, { code }));
  }

  async function documentOf(clerk: StaffClient, applicationId: string) {
    const list = DocumentList.parse(
      (await clerk.request('GET', `${M}/documents/?procedure_code=child_allowance&page_size=all`)).json(),
    );
    return list.documents.find((d) => d.application_id === applicationId)!;
  }

  it('shows the notices of a resident without an address in the portal until seen; other residents see none (first: no address yet)', async () => {
    const { client, app, id } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    await identifyAndSubmit(client, s, app);
    const clerk = await signInStaff(s.t, STAFF.clerkKodomo);
    const listed = await documentOf(clerk, id);
    await clerk.request(
      'PUT',
      `${M}/documents/${listed.id}/status/`,
      { status: 'remanded', remand_message: MESSAGE },
      await currentIfMatch(s.t, listed.id),
    );

    const unread = NoticeList.parse(await json(await client.call(s.base, 'GET', `${M}/notices/`)));
    expect(unread.notices.map((n) => n.event)).toEqual(['remanded', 'received']);
    expect(unread.notices[0]).toMatchObject({
      application_id: id,
      read_at: null,
      detail: { remand_message: MESSAGE, procedures: [{ reference_number: listed.reference_number }] },
    });
    expect((await noticesOf(id)).map((n) => n.mail_status)).toEqual(['none', 'none']);
    const detail = DocumentDetail.parse((await clerk.request('GET', `${M}/documents/${listed.id}/`)).json());
    expect(detail.notifications.map((n) => [n.event, n.channel, n.read_at])).toEqual([
      ['received', 'portal', null],
      ['remanded', 'portal', null],
    ]);

    // Another resident, and the same resident elsewhere, see none of them; nor can they mark them read.
    const other = await resident(s.t, s.base, 'demo-resident-0003');
    expect((await json(await other.call(s.base, 'GET', `${M}/notices/`))).notices).toEqual([]);
    await json(
      await other.call(s.base, 'PUT', `${M}/notices/read/`, { ids: unread.notices.map((n) => n.id) }),
    );
    expect(
      NoticeList.parse(await json(await client.call(s.base, 'GET', `${M}/notices/`))).notices,
    ).toHaveLength(2);

    await json(
      await client.call(s.base, 'PUT', `${M}/notices/read/`, { ids: unread.notices.map((n) => n.id) }),
    );
    expect((await json(await client.call(s.base, 'GET', `${M}/notices/`))).notices).toEqual([]);
    const seen = DocumentDetail.parse((await clerk.request('GET', `${M}/documents/${listed.id}/`)).json());
    expect(seen.notifications.every((n) => n.read_at !== null)).toBe(true);
    const bad = await client.call(s.base, 'PUT', `${M}/notices/read/`, { ids: ['not-an-id'] });
    expect(bad.status).toBe(400);
  });

  it('writes one notice per event and mails each once: received, remanded, received again, completed', async () => {
    const email = `resident-${kind}@example.jp`;
    const { client, app, id } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    await verifiedAddress(client, s, email);
    await identifyAndSubmit(client, s, app);
    const clerk = await signInStaff(s.t, STAFF.clerkKodomo);
    const listed = await documentOf(clerk, id);
    expect((await noticesOf(id)).map((n) => n.event)).toEqual(['received']);
    const received = await waitFor(async () =>
      (await mailsTo(email)).find((m) => m.subject.includes('受け付けました')),
    );
    expect(received.text).toContain(`受付番号：${listed.reference_number}`);
    expect(received.text).toContain(`reference number ${listed.reference_number}`);

    const url = `${M}/documents/${listed.id}/`;
    const remand = await clerk.request(
      'PUT',
      `${url}status/`,
      { status: 'remanded', remand_message: MESSAGE },
      await currentIfMatch(s.t, listed.id),
    );
    expect(remand.statusCode, remand.body).toBe(200);
    expect((await noticesOf(id)).map((n) => n.event)).toEqual(['received', 'remanded']);
    const remanded = await waitFor(async () =>
      (await mailsTo(email)).find((m) => m.subject.includes('修正')),
    );
    expect(remanded.text).toContain(MESSAGE);
    // Straight to what is to be corrected: the application's review of the remanded fields.
    expect(remanded.text).toContain(`/municipalities/999999/applications/${id}/formValues\n`);
    expect(remanded.text).toMatch(/\/municipalities\/999999\/notifications\/unsubscribe\?token=[\w.%-]+/);

    // The staff see on the document that the resident was told, and how.
    const detail = DocumentDetail.parse((await clerk.request('GET', url)).json());
    expect(detail.notifications.map((n) => [n.event, n.channel, n.mail_status])).toEqual([
      ['received', 'mail', 'sent'],
      ['remanded', 'mail', 'sent'],
    ]);
    expect(detail.notifications.every((n) => n.mail_sent_at !== null)).toBe(true);

    // The resident corrects nothing here and sends it again: received once more.
    await json(await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'submitted' }));
    await waitFor(
      async () => (await mailsTo(email)).filter((m) => m.subject.includes('受け付けました')).length === 2,
    );

    // A refused move (the workflow is not done) tells nobody anything.
    const early = await clerk.request(
      'PUT',
      `${url}status/`,
      { status: 'completed' },
      await currentIfMatch(s.t, listed.id),
    );
    expect(early.statusCode).toBe(409);
    expect((await noticesOf(id)).map((n) => n.event)).toEqual(['received', 'remanded', 'received']);

    for (const step of detail.workflow_details) {
      for (const status of ['in_progress', 'approved']) {
        const res = await clerk.request(
          'PUT',
          `${M}/workflow-details/${step.id}/status/`,
          { status },
          await stepIfMatch(s.t, step.id),
        );
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const done = await clerk.request(
      'PUT',
      `${url}status/`,
      { status: 'completed' },
      await currentIfMatch(s.t, listed.id),
    );
    expect(done.statusCode, done.body).toBe(200);
    const completed = await waitFor(async () =>
      (await mailsTo(email)).find((m) => m.subject.includes('終わりました')),
    );
    expect(completed.text).toContain(listed.reference_number);

    // Each event once, each mailed once, at the first attempt.
    const notices = await noticesOf(id);
    expect(notices.map((n) => [n.event, n.mail_status, n.mail_attempts])).toEqual([
      ['received', 'sent', 1],
      ['remanded', 'sent', 1],
      ['received', 'sent', 1],
      ['completed', 'sent', 1],
    ]);
    expect((await mailsTo(email)).filter((m) => !m.subject.includes('確認コード'))).toHaveLength(4);
  });

  it('writes a notice in its event’s transaction: a failure after it leaves neither', async () => {
    const { client, app, id } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    await identifyAndSubmit(client, s, app);
    const documents = createDocumentRepository(s.t.database.db);
    const [document] = await documents.forApplication(id);
    const municipalityId = document!.municipalityId;
    const applicantId = String(
      (await s.t.database.executeSql('select applicant_id from applications where id = $1', [id])).rows[0]!
        .applicant_id,
    );
    await expect(
      documents.statusChange(async (q) => {
        await q.moveDocument({
          documentId: document!.id,
          version: document!.version,
          from: 'received',
          to: 'remanded',
          at: new Date(),
          finishedAt: null,
        });
        await q.notify({
          municipalityId,
          applicantId,
          applicationId: id,
          documentId: document!.id,
          event: 'remanded',
          eventKey: `remanded:${document!.id}:test`,
          detail: { procedure_group_name: 'x', procedures: [] },
          at: new Date(),
        });
        throw new Error('the history entry could not be written');
      }),
    ).rejects.toThrow('history');
    expect((await noticesOf(id)).map((n) => n.event)).toEqual(['received']);
    expect((await documents.forApplication(id))[0]!.status).toBe('received');
  });
});
