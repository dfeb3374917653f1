import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentDetail, SystemKeyWithSecret, WebhookDelivery, WebhookDeliveryList } from '@portal/contracts';
import { demoData } from '@portal/demo';
import { preparedApplication } from '../../testing/applicant-walk.js';
import { databaseKinds } from '../../testing/databases.js';
import { identifyAndSubmit, type SubmittingApp } from '../../testing/submitted-application.js';
import { createTestApp } from '../../testing/test-app.js';
import { M, STAFF, ifMatch, signInStaff, type StaffClient } from '../documents/documents.fixtures.js';
import { createKey as createKeyAs, KEYS } from './system-keys.fixtures.js';
import { eventually, webhookReceiver } from './webhook-receiver.fixture.js';

/** Issue 37 item 3 (decision 0059): signed webhooks of document events to core systems. */
describe.each(databaseKinds)('webhooks on %s', (kind) => {
  const s = {} as SubmittingApp;
  let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
  let admin: StaffClient;

  beforeAll(async () => {
    receiver = await webhookReceiver();
    // Three attempts a second apart: the retries and the failure come within the test.
    const t = await createTestApp(kind, {
      env: { WEBHOOK_BACKOFF_SECONDS: '1,1', WEBHOOK_TIMEOUT_SECONDS: '3' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    Object.assign(s, {
      t,
      base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      catalog: new Map(demoData.standard_items.map((i) => [i.code, i])),
      registry: demoData.residents.find((r) => r.subject === 'demo-resident-0001')!,
    });
    admin = await signInStaff(s.t, STAFF.adminShimin);
  });
  afterAll(async () => {
    await s.t?.close();
    await receiver?.close();
  });

  const createKey = (path: string | null, body: Record<string, unknown> = {}) =>
    createKeyAs(admin, {
      name: `system ${path}`,
      procedure_codes: ['child_allowance'],
      webhook_url: path ? `${receiver.base}${path}` : null,
      ...body,
    });
  const deliveriesOf = async (keyId: string) => {
    const res = await admin.request('GET', `${KEYS}${keyId}/deliveries/`);
    expect(res.statusCode, res.body).toBe(200);
    return WebhookDeliveryList.parse(res.json()).deliveries;
  };

  it('sets, changes and clears a key’s endpoint; the secret is answered only when made; audited', async () => {
    const key = await createKey(null);
    expect(key.webhook_secret).toBeNull();
    const url = `${KEYS}${key.id}/webhook/`;
    expect((await admin.request('PUT', url, { webhook_url: `${receiver.base}/x` })).statusCode).toBe(428);
    const first = await admin.request(
      'PUT',
      url,
      { webhook_url: `${receiver.base}/x` },
      ifMatch(key.version),
    );
    expect(first.statusCode, first.body).toBe(200);
    const set = SystemKeyWithSecret.parse(first.json());
    expect(set.webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(set.webhook_url).toBe(`${receiver.base}/x`);
    const changed = SystemKeyWithSecret.parse(
      (await admin.request('PUT', url, { webhook_url: `${receiver.base}/y` }, ifMatch(set.version))).json(),
    );
    expect(changed).toMatchObject({ webhook_url: `${receiver.base}/y`, webhook_secret: null });
    const stale = await admin.request('PUT', url, { webhook_url: null }, ifMatch(set.version));
    expect(stale.statusCode).toBe(409);
    const cleared = await admin.request('PUT', url, { webhook_url: null }, ifMatch(changed.version));
    expect(cleared.json()).toMatchObject({ webhook_url: null, webhook_secret: null });
    // Bad input: not a URL, another scheme (the contract's one error format).
    for (const bad of ['not a url', 'ftp://127.0.0.1/x']) {
      const res = await admin.request('PUT', url, { webhook_url: bad }, ifMatch(changed.version + 1));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: 'validation_failed' });
    }
    const clerk = await signInStaff(s.t, STAFF.clerkKodomo);
    expect((await clerk.request('GET', `${KEYS}${key.id}/deliveries/`)).statusCode).toBe(403);
    const audit = await s.t.database.executeSql(
      `select count(*)::int as n from audit_log where action = 'system_key.webhook' and target_id = $1`,
      [key.id],
    );
    expect(audit.rows[0]!.n).toBe(3);
  });

  it('posts submit, staff remand, resubmit and a system’s move once each, signed; others get nothing; a failing receiver is retried, failed, and resent', async () => {
    const main = await createKey('/main');
    const other = await createKey('/other', { procedure_codes: ['birth_notification'] });
    const revoked = await createKey('/revoked');
    const failing = await createKey('/failing');
    receiver.answer('/failing', 500);
    const revoke = await admin.request(
      'DELETE',
      `${KEYS}${revoked.id}/`,
      undefined,
      ifMatch(revoked.version),
    );
    expect(revoke.statusCode, revoke.body).toBe(200);

    // The resident submits the child allowance: document.submitted.
    const { client, app } = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    await identifyAndSubmit(client, s, app);
    await eventually(() => receiver.at('/main').length === 1, 15_000, 'document.submitted');
    const submitted = receiver.verify(main.webhook_secret!, receiver.at('/main')[0]!);
    const documentId = String(submitted.data.document_id);
    expect(submitted).toMatchObject({
      type: 'document.submitted',
      data: { procedure_code: 'child_allowance', status: 'received', version: 1 },
    });
    expect(submitted.data.reference_number).toEqual(expect.any(String));
    expect(new Date(submitted.timestamp).toString()).not.toBe('Invalid Date');

    // Staff remand it: document.status_changed.
    const clerk = await signInStaff(s.t, STAFF.clerkKodomo);
    const docUrl = `${M}/documents/${documentId}/`;
    const remand = await clerk.request(
      'PUT',
      `${docUrl}status/`,
      { status: 'remanded', remand_message: '電話番号を直してください。' },
      ifMatch(1),
    );
    expect(remand.statusCode, remand.body).toBe(200);
    await eventually(() => receiver.at('/main').length === 2, 15_000, 'the remand');

    // The resident submits again: document.resubmitted.
    const again = await client.call(s.base, 'PUT', `${app}/document/status/`, { status: 'submitted' });
    expect(again.status).toBe(200);
    await eventually(() => receiver.at('/main').length === 3, 15_000, 'document.resubmitted');

    // The core system takes it in hand: document.status_changed, as the system's act.
    const version = DocumentDetail.parse((await clerk.request('GET', docUrl)).json()).version;
    const moved = await s.t.app.inject({
      method: 'PUT',
      url: `${M}/system/documents/${documentId}/status/`,
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${main.token}`, 'x-region-code': '999999', ...ifMatch(version) },
      payload: { status: 'in_progress' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await eventually(() => receiver.at('/main').length === 4, 15_000, 'the system’s move');

    const events = receiver.at('/main').map((r) => receiver.verify(main.webhook_secret!, r));
    expect(events.map((e) => [e.type, e.data.status, e.data.document_id])).toEqual([
      ['document.submitted', 'received', documentId],
      ['document.status_changed', 'remanded', documentId],
      ['document.resubmitted', 'resubmitted', documentId],
      ['document.status_changed', 'in_progress', documentId],
    ]);
    expect(events.map((e) => e.data.version)).toEqual([1, 2, 3, 4]);
    // A forged body fails verification.
    const forged = {
      ...receiver.at('/main')[0]!,
      body: receiver.at('/main')[0]!.body.replace('received', 'x'),
    };
    expect(() => receiver.verify(main.webhook_secret!, forged)).toThrow();

    // The failing receiver: three attempts each (1 s apart), then failed in the log with its answer.
    await eventually(
      async () => (await deliveriesOf(failing.id)).every((d) => d.status === 'failed'),
      30_000,
      'the failing deliveries to fail',
    );
    const failed = await deliveriesOf(failing.id);
    expect(failed).toHaveLength(4);
    for (const d of failed) {
      expect(d).toMatchObject({
        status: 'failed',
        attempts: 3,
        last_response_status: 500,
        next_attempt_at: null,
      });
      expect(d.last_response_excerpt).toHaveLength(500);
    }
    expect(receiver.at('/failing')).toHaveLength(12);
    // Each retry came after its wait (backoff), with the same message id.
    const first = failed.at(-1)!;
    const tries = receiver.at('/failing').filter((r) => r.id === first.message_id);
    expect(tries).toHaveLength(3);

    // Nothing twice, nothing to the other procedure's key or the revoked key.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.at('/main')).toHaveLength(4);
    expect(new Set(receiver.at('/main').map((r) => r.id)).size).toBe(4);
    expect(receiver.at('/other')).toHaveLength(0);
    expect(receiver.at('/revoked')).toHaveLength(0);
    expect(await deliveriesOf(other.id)).toHaveLength(0);
    expect(await deliveriesOf(revoked.id)).toHaveLength(0);
    const log = await deliveriesOf(main.id);
    expect(log.map((d) => [d.event_type, d.status, d.attempts, d.last_response_status])).toEqual([
      ['document.status_changed', 'succeeded', 1, 204],
      ['document.resubmitted', 'succeeded', 1, 204],
      ['document.status_changed', 'succeeded', 1, 204],
      ['document.submitted', 'succeeded', 1, 204],
    ]);

    // The receiver recovers; an administrator resends the first event: same id, a fresh signature.
    receiver.answer('/failing', 200);
    const resend = await admin.request('POST', `${KEYS}${failing.id}/deliveries/${first.id}/resend/`, {});
    expect(resend.statusCode, resend.body).toBe(202);
    const queued = WebhookDelivery.parse(resend.json());
    expect(queued).toMatchObject({ message_id: first.message_id, status: 'pending', attempts: 0 });
    await eventually(() => receiver.at('/failing').length === 13, 15_000, 'the resend');
    const last = receiver.at('/failing').at(-1)!;
    expect(last.id).toBe(first.message_id);
    expect(receiver.verify(failing.webhook_secret!, last)).toMatchObject({ type: 'document.submitted' });
    await eventually(
      async () => (await deliveriesOf(failing.id))[0]!.status === 'succeeded',
      15_000,
      'the resend to be logged',
    );
    const audit = await s.t.database.executeSql(
      `select count(*)::int as n from audit_log where action = 'system_key.resend' and target_id = $1`,
      [failing.id],
    );
    expect(audit.rows[0]!.n).toBe(1);
    // Unknown deliveries and other keys' deliveries are not found.
    const wrong = await admin.request('POST', `${KEYS}${main.id}/deliveries/${first.id}/resend/`, {});
    expect(wrong.statusCode).toBe(404);
  });
});
