import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StandardItem } from '@portal/contracts';
import { demoData, DEMO_PASSWORD } from '@portal/demo';
import {
  draftFor,
  FILTER_ALL,
  json,
  M,
  preparedApplication,
  resident,
  type Client,
} from '../../testing/applicant-walk.js';
import { TARO } from '../../testing/submitted-application.js';
import { databaseKinds } from '../../testing/databases.js';
import { httpBrowser } from '../../testing/server-process.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import { createSessionRepository } from '../sessions/sessions.repository.js';
import { sessionCookie } from '../sessions/sessions.service.js';
import { createCounterRepository, HandoffRolledBack } from './counter.repository.js';

const STAFF = {
  clerkShimin: 'clerk.shimin@demo.example.jp',
  viewerShimin: 'viewer.shimin@demo.example.jp',
  clerkKodomo: 'clerk.kodomo@demo.example.jp',
  adminKenko: 'admin.kenko@sample.example.jp',
};

describe.each(databaseKinds)('counter handoff on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let now = Date.now();
  const catalog = new Map<string, StandardItem>(demoData.standard_items.map((i) => [i.code, i]));

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: () => new Date(now) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  /** A counter tablet: a browser signed in to the staff area. */
  async function tablet(email = STAFF.clerkShimin, code = '999999') {
    const client = httpBrowser(code);
    await client.init(base);
    const res = await client.call(base, 'POST', `/api/municipalities/${code}/login/`, {
      login_id: email,
      password: DEMO_PASSWORD,
    });
    expect(res.status).toBe(200);
    return client;
  }

  /** The resident identifies by the basic four facts and submits from their own session. */
  async function identifyAndSubmitOnline(client: Client, app: string) {
    const registry = demoData.residents.find((r) => r.subject === 'demo-resident-0001')!;
    await json(
      await client.call(base, 'POST', `${app}/basic-four-information/`, {
        ...TARO,
        postal_code: registry.postal_code,
        address: registry.address,
      }),
    );
    return json(await client.call(base, 'PUT', `${app}/document/status/`, { status: 'submitted' }));
  }

  const tokenOf = (qr: string) => qr.split('#')[1]!.split('=')[1]!;

  it('hands a resident’s draft to the counter: the clerk submits it with the identity check instead of the card', async () => {
    const {
      client: phone,
      app,
      id,
    } = await preparedApplication(t, base, 'demo-resident-0001', catalog, ['birth_notification']);
    const other = await draftFor(phone, base, catalog, ['child_allowance']);
    const handoff = await json(await phone.call(base, 'POST', `${app}/handoff/`), 201);
    expect(handoff).toMatchObject({
      direction: 'to_counter',
      code: expect.stringMatching(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/),
    });
    expect(handoff.qr_text).toMatch(/\/staff\/counter#handoff=[\w-]{43}$/);

    const desk = await tablet();
    const takeAnswer = await desk.call(base, 'POST', `${M}/counter/handoffs/`, {
      token: tokenOf(handoff.qr_text),
    });
    // Beside the session, the readable marker that makes the applicant pages show the banner.
    expect(takeAnswer.headers.getSetCookie().filter((l) => l.startsWith('counter_session='))).toEqual([
      expect.stringMatching(/^counter_session=1; .*Path=\/; Expires=.*SameSite=Lax$/),
    ]);
    const taken = await json(takeAnswer);
    expect(taken).toMatchObject({
      application_id: id,
      status: 'draft',
      applicant_name: expect.any(String),
      continue_path: `/municipalities/999999/applications/${id}/formValues`,
    });
    const session = await json(await desk.call(base, 'GET', `${M}/counter-session/`));
    expect(session.counter).toMatchObject({
      staff_name: '鈴木 美咲',
      application_id: id,
      identity_check: null,
    });

    // The tablet reaches that application only: the list, not the resident's other one, nor their profile.
    const list = await json(await desk.call(base, 'GET', '/api/applicant/applications/'));
    expect(list.applications.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await desk.call(base, 'GET', `${other.app}/procedures/`)).status).toBe(404);
    expect((await desk.call(base, 'GET', '/api/applicant/user-info/')).status).toBe(403);
    expect((await desk.call(base, 'POST', `${M}/applicant-user-profile/`)).status).toBe(403);
    expect((await desk.call(base, 'POST', `${M}/concierge-values/`, FILTER_ALL)).status).toBe(403);
    expect((await desk.call(base, 'GET', `${app}/procedures/`)).status).toBe(200);

    // Without the counter's identity check the submission names it; the card's signature is not asked.
    const early = await json(
      await desk.call(base, 'PUT', `${app}/document/status/`, { status: 'submitted' }),
      400,
    );
    expect(early.errors.map((e: { field: string }) => e.field)).toEqual(['identification']);
    const bad = await desk.call(base, 'POST', `${app}/identification/counter/`, {
      identity_document: 'library_card',
    });
    expect(bad.status).toBe(400);
    const check = await json(
      await desk.call(base, 'POST', `${app}/identification/counter/`, {
        identity_document: 'drivers_license',
      }),
    );
    expect(check).toMatchObject({ staff_name: '鈴木 美咲', identity_document: 'drivers_license' });
    const submitAnswer = await desk.call(base, 'PUT', `${app}/document/status/`, { status: 'submitted' });
    expect(submitAnswer.headers.getSetCookie().some((l) => /^counter_session=; /.test(l))).toBe(true);
    const submitted = await json(submitAnswer);
    expect(submitted.status).toBe('submitted');

    // The session ended with the submission; the staff sign-in stays.
    expect((await json(await desk.call(base, 'GET', `${M}/counter-session/`))).counter).toBeNull();
    expect((await desk.call(base, 'GET', '/api/applicant/applications/')).status).toBe(401);
    const docs = await json(await desk.call(base, 'GET', `${M}/documents/?page_size=100`));
    const doc = docs.documents.find((d: { application_id: string }) => d.application_id === id);
    const detail = await json(await desk.call(base, 'GET', `${M}/documents/${doc.id}/`));
    expect(detail).toMatchObject({
      channel: 'counter',
      counter_check: { staff_name: '鈴木 美咲', identity_document: 'drivers_license' },
      signature: { is_signed: false },
    });

    // The counter screen then shows the reference number to tell the resident; only to the clerk who sent it.
    const sent = await json(await desk.call(base, 'GET', `${M}/counter/submitted/${id}/`));
    expect(sent).toEqual({
      application_id: id,
      procedure_group_name: '出生・子育て',
      submitted_at: expect.any(String),
      procedures: [
        {
          id: expect.any(Number),
          name: '出生届',
          en: expect.any(Object),
          reference_number: doc.reference_number,
        },
      ],
    });
    expect(doc.reference_number).toMatch(/^\d{4}-\d{6}$/);
    const anotherClerk = await tablet(STAFF.clerkKodomo);
    expect((await anotherClerk.call(base, 'GET', `${M}/counter/submitted/${id}/`)).status).toBe(404);
    expect((await desk.call(base, 'GET', `${M}/counter/submitted/${other.id}/`)).status).toBe(404);
    expect((await desk.call(base, 'GET', `${M}/counter/submitted/not-an-id/`)).status).toBe(400);
  });

  it('keeps a resident’s own submission online, without a counter check', async () => {
    const { client, app, id } = await preparedApplication(t, base, 'demo-resident-0001', catalog, [
      'child_allowance',
    ]);
    await identifyAndSubmitOnline(client, app);
    const row = await t.database.executeSql(
      `select channel, counter_check from documents where application_id = $1`,
      [id],
    );
    expect(row.rows).toEqual([{ channel: 'online', counter_check: null }]);
    // Not sent at the counter: no counter screen names it.
    expect((await (await tablet()).call(base, 'GET', `${M}/counter/submitted/${id}/`)).status).toBe(404);
  });

  it('refuses a used, expired, foreign, tampered or malformed handoff with the one error body', async () => {
    const { client: phone, app } = await preparedApplication(t, base, 'demo-resident-0002', catalog, [
      'child_allowance',
    ]);
    const desk = await tablet();
    const take = (body: unknown) => desk.call(base, 'POST', `${M}/counter/handoffs/`, body);
    const codeOnly = async () =>
      (await json(await phone.call(base, 'POST', `${app}/handoff/`), 201)).code as string;

    const unknown = await json(await take({ token: 'A'.repeat(43) }), 404);
    expect(unknown.errors[0]).toMatchObject({ code: 'not_found', field: 'token' });
    expect((await json(await take({ code: '2345-6789' }), 404)).errors[0].code).toBe('not_found');
    expect((await json(await take({ code: 'abc' }), 400)).errors[0].code).toBe('validation_failed');
    expect((await json(await take({ token: 'x'.repeat(43), code: '2345-6789' }), 400)).errors[0].field).toBe(
      'code',
    );
    expect((await json(await take({ token: 'not a token at all, with spaces' }), 400)).errors[0].code).toBe(
      'validation_failed',
    );

    // A typed code works in any case and spacing, once.
    const code = await codeOnly();
    expect((await take({ code: ` ${code.toLowerCase().replace('-', ' ')} ` })).status).toBe(200);
    expect((await json(await take({ code }), 409)).errors[0]).toMatchObject({
      code: 'conflict',
      field: 'code',
    });

    // A new handoff retires the earlier one.
    const first = await codeOnly();
    const second = await codeOnly();
    expect((await take({ code: first })).status).toBe(409);

    // Another municipality's staff do not find it.
    const foreign = await tablet(STAFF.adminKenko, '999998');
    const elsewhere = await foreign.call(base, 'POST', `/api/municipalities/999998/counter/handoffs/`, {
      code: second,
    });
    expect(elsewhere.status).toBe(404);

    // Fifteen minutes later it has expired.
    now += 16 * 60_000;
    try {
      expect((await json(await take({ code: second }), 409)).errors[0].code).toBe('conflict');
    } finally {
      now -= 16 * 60_000;
    }
  });

  it('lets only staff whose permission handles documents take a handoff', async () => {
    const { client: phone, app } = await preparedApplication(t, base, 'demo-resident-0003', catalog, [
      'child_allowance',
    ]);
    const { code } = await json(await phone.call(base, 'POST', `${app}/handoff/`), 201);
    const viewer = await tablet(STAFF.viewerShimin);
    expect((await viewer.call(base, 'POST', `${M}/counter/handoffs/`, { code })).status).toBe(403);
    expect((await viewer.call(base, 'POST', `${M}/counter/sessions/`)).status).toBe(403);
    // A resident is not staff; a resident's own session has no counter check to record.
    expect((await phone.call(base, 'POST', `${M}/counter/handoffs/`, { code })).status).toBe(401);
    const own = await phone.call(base, 'POST', `${app}/identification/counter/`, {
      identity_document: 'passport',
    });
    expect(own.status).toBe(403);
    // The refused attempts left it usable.
    const clerk = await tablet();
    expect((await clerk.call(base, 'POST', `${M}/counter/handoffs/`, { code })).status).toBe(200);
  });

  it('hands an application started at the counter to a resident’s phone, once', async () => {
    const desk = await tablet();
    const started = await json(await desk.call(base, 'POST', `${M}/counter/sessions/`), 201);
    expect(started.continue_path).toBe('/municipalities/999999');
    const created = await json(await desk.call(base, 'POST', `${M}/concierge-values/`, FILTER_ALL), 201);
    const app = `${M}/applications/${created.id}`;
    expect((await desk.call(base, 'GET', `${app}/procedures/`)).status).toBe(200);
    const handoff = await json(await desk.call(base, 'POST', `${app}/handoff/`), 201);
    expect(handoff.direction).toBe('to_resident');
    expect(handoff.qr_text).toMatch(/\/municipalities\/999999\/handoff#token=[\w-]{43}$/);
    const token = tokenOf(handoff.qr_text);

    // Staff cannot take it as if it came from a resident.
    const otherDesk = await tablet();
    expect((await otherDesk.call(base, 'POST', `${M}/counter/handoffs/`, { token })).status).toBe(404);

    const phone = await resident(t, base, 'demo-resident-0004');
    const mine = await json(await phone.call(base, 'POST', `${M}/handoff/claim/`, { token }));
    expect(mine).toMatchObject({ id: created.id, status: 'draft' });
    const list = await json(await phone.call(base, 'GET', '/api/applicant/applications/'));
    expect(list.applications.map((a: { id: string }) => a.id)).toContain(created.id);
    expect((await phone.call(base, 'GET', `${app}/procedures/`)).status).toBe(200);
    // The counter's session ended when the application became the resident's.
    expect((await json(await desk.call(base, 'GET', `${M}/counter-session/`))).counter).toBeNull();
    expect((await desk.call(base, 'GET', `${app}/procedures/`)).status).toBe(401);

    const again = await resident(t, base, 'demo-resident-0005');
    expect(
      (await json(await again.call(base, 'POST', `${M}/handoff/claim/`, { token }), 409)).errors[0].code,
    ).toBe('conflict');
    // A resident's own draft is not handed to a resident.
    expect((await phone.call(base, 'POST', `${M}/handoff/claim/`, { token: 'B'.repeat(43) })).status).toBe(
      404,
    );
  });

  it('lets a handoff to a resident expire', async () => {
    const desk = await tablet();
    await json(await desk.call(base, 'POST', `${M}/counter/sessions/`), 201);
    const created = await json(await desk.call(base, 'POST', `${M}/concierge-values/`, FILTER_ALL), 201);
    const handoff = await json(
      await desk.call(base, 'POST', `${M}/applications/${created.id}/handoff/`),
      201,
    );
    now += 15 * 60_000 + 1000;
    try {
      const phone = await resident(t, base, 'demo-resident-0004');
      const late = await phone.call(base, 'POST', `${M}/handoff/claim/`, { code: handoff.code });
      expect(late.status).toBe(409);
    } finally {
      now -= 15 * 60_000 + 1000;
    }
  });

  it('keeps the resident’s own applications out of a counter session’s cookie jar', async () => {
    const { client: phone, app } = await preparedApplication(t, base, 'demo-resident-0001', catalog, [
      'child_allowance',
    ]);
    const { code } = await json(await phone.call(base, 'POST', `${app}/handoff/`), 201);
    const desk = await tablet();
    await json(await desk.call(base, 'POST', `${M}/counter/handoffs/`, { code }));
    // A counter session may end itself; a resident's own session has none to end.
    expect((await phone.call(base, 'DELETE', `${M}/counter-session/`)).status).toBe(409);
    await json(await desk.call(base, 'DELETE', `${M}/counter-session/`));
    expect((await desk.call(base, 'GET', `${app}/procedures/`)).status).toBe(401);
    expect(sessionCookie.applicant).toBe('portal_applicant_session');
  });
});

describe.each(databaseKinds)('taking a handoff on %s', (kind) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('leaves nothing half-done when a step of the take fails', async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    const repo = createCounterRepository(db);
    const applicantId = await createApplicationRepository(db).ensureApplicant('demo-resident-0001');
    const municipalityId = Number(
      (await t.database.executeSql(`select id from municipalities where code = '999999'`)).rows[0]!.id,
    );
    const application = await createApplicationRepository(db).insert({
      municipalityId,
      applicantId,
      procedureGroupId: 1,
      configurationVersion: 1,
    });
    const handoff = async (direction: string) => {
      const token = `${direction}-${Math.random()}`;
      await repo.insert({
        municipalityId,
        applicationId: application.id,
        direction,
        tokenHash: token,
        codeHash: token,
        expiresAt: new Date(Date.now() + 60_000),
      });
      return (await repo.find(municipalityId, { token }))!;
    };
    const session = (id: string) => ({
      id,
      kind: 'applicant' as const,
      subjectId: applicantId,
      municipalityId,
      data: {},
      expiresAt: new Date(Date.now() + 60_000),
    });
    const audit = {
      municipalityId,
      actorKind: 'staff' as const,
      actorId: null,
      action: 'counter.take' as const,
    };
    const staffId = String(
      (
        await t.database.executeSql(
          `select id from staff_accounts where email = 'clerk.shimin@demo.example.jp'`,
        )
      ).rows[0]!.id,
    );

    // The session cannot be stored (its id is taken): the handoff stays unused.
    const toCounter = await handoff('to_counter');
    await createSessionRepository(db).insert(session('taken-id'));
    await expect(
      repo.takeAtCounter({
        handoffId: toCounter.id,
        staffAccountId: staffId,
        at: new Date(),
        session: session('taken-id'),
        audit,
      }),
    ).rejects.toThrow();
    expect((await repo.find(municipalityId, { token: toCounter.tokenHash }))!.usedAt).toBeNull();

    // The application is not the stand-in's: the handoff stays unused and the owner unchanged.
    const toResident = await handoff('to_resident');
    const other = await createApplicationRepository(db).ensureApplicant('demo-resident-0002');
    await expect(
      repo.takeByResident({
        handoffId: toResident.id,
        applicationId: application.id,
        fromApplicantId: other,
        toApplicantId: other,
        at: new Date(),
        audit: { ...audit, actorKind: 'applicant', action: 'counter.claim' },
      }),
    ).rejects.toBeInstanceOf(HandoffRolledBack);
    expect((await repo.find(municipalityId, { token: toResident.tokenHash }))!.usedAt).toBeNull();
    const owner = await t.database.executeSql(`select applicant_id from applications where id = $1`, [
      application.id,
    ]);
    expect(owner.rows[0]!.applicant_id).toBe(applicantId);
    const audits = await t.database.executeSql(
      `select count(*)::int as n from audit_log where action like 'counter.%'`,
    );
    expect(audits.rows[0]!.n).toBe(0);
  });
});
