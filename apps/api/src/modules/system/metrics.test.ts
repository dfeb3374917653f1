import { describe, expect, it } from 'vitest';
import { DocumentDetail, DocumentList, Job } from '@portal/contracts';
import { FILTER_ALL, json, M, preparedApplication, resident } from '../../testing/applicant-walk.js';
import { signedInApplicant } from '../../testing/applicants.js';
import { databaseKinds } from '../../testing/databases.js';
import { draftApplication } from '../../testing/fixtures.js';
import { JUST_SENT } from '../../testing/jobs.js';
import { identifyAsTaro, submittingAppPerSuite } from '../../testing/submitted-application.js';
import { browser, type TestApp } from '../../testing/test-app.js';
import { STAFF, currentIfMatch, signInStaff, stepIfMatch } from '../documents/documents.fixtures.js';

type Labels = Record<string, string>;

/** The value of one series of a scrape (Prometheus text format); 0 when the series is not there. */
function sampleOf(text: string, name: string, labels: Labels = {}): number {
  const want = JSON.stringify(Object.entries(labels).sort());
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k, v]);
    if (JSON.stringify(got.sort()) === want) return Number(m[3]);
  }
  return 0;
}

const scrape = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** Runs one call and returns how much each series grew during it. */
async function during(t: TestApp, call: () => Promise<unknown>) {
  const before = await scrape(t);
  await call();
  const after = await scrape(t);
  return (name: string, labels: Labels = {}) =>
    sampleOf(after, name, labels) - sampleOf(before, name, labels);
}

describe.each(databaseKinds)('business metrics through real HTTP calls on %s', (kind) => {
  const s = submittingAppPerSuite(kind);

  it('counts an application started, submitted, remanded, resubmitted and completed: one each', async () => {
    const client = await resident(s.t, s.base, 'demo-resident-0002');
    let grew = await during(s.t, async () => {
      await json(await client.call(s.base, 'POST', `${M}/concierge-values/`, FILTER_ALL), 201);
    });
    expect(grew('portal_applications_started_total')).toBe(1);
    expect(grew('portal_applications_submitted_total', { kind: 'first' })).toBe(0);

    const prepared = await preparedApplication(s.t, s.base, 'demo-resident-0001', s.catalog, [
      'child_allowance',
    ]);
    const { client: owner, app, id } = prepared;
    await identifyAsTaro(owner, s, app);
    const submit = () => owner.call(s.base, 'PUT', `${app}/document/status/`, { status: 'submitted' });
    grew = await during(s.t, async () => json(await submit()));
    expect(grew('portal_applications_submitted_total', { kind: 'first' })).toBe(1);
    expect(grew('portal_applications_submitted_total', { kind: 'resubmission' })).toBe(0);
    expect(grew('portal_applications_started_total')).toBe(0);

    const clerk = await signInStaff(s.t, STAFF.clerkKodomo);
    const list = DocumentList.parse(
      (await clerk.request('GET', `${M}/documents/?status=received&page_size=all`)).json(),
    );
    const documentId = list.documents.find((d) => d.application_id === id)!.id;
    const url = `${M}/documents/${documentId}/`;
    const version = await currentIfMatch(s.t, documentId);
    grew = await during(s.t, async () => {
      const res = await clerk.request(
        'PUT',
        `${url}status/`,
        { status: 'remanded', remand_message: '記入漏れがあります。' },
        version,
      );
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(grew('portal_applications_remanded_total')).toBe(1);
    expect(grew('portal_applications_completed_total')).toBe(0);

    grew = await during(s.t, async () => json(await submit()));
    expect(grew('portal_applications_submitted_total', { kind: 'resubmission' })).toBe(1);
    expect(grew('portal_applications_submitted_total', { kind: 'first' })).toBe(0);

    // The workflow's steps are skipped by an administrator; completing the only document completes it.
    const admin = await signInStaff(s.t, STAFF.adminKodomo);
    const detail = DocumentDetail.parse((await admin.request('GET', url)).json());
    for (const step of detail.workflow_details) {
      const res = await admin.request(
        'PUT',
        `${M}/workflow-details/${step.id}/status/`,
        { status: 'skipped' },
        await stepIfMatch(s.t, step.id),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const completing = await currentIfMatch(s.t, documentId);
    grew = await during(s.t, async () => {
      const res = await admin.request('PUT', `${url}status/`, { status: 'completed' }, completing);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(grew('portal_applications_completed_total')).toBe(1);
    expect(grew('portal_applications_remanded_total')).toBe(0);
    const mine = await json(await owner.call(s.base, 'GET', '/api/applicant/applications/'));
    expect(mine.applications.find((a: { id: string }) => a.id === id)?.status).toBe('completed');
  });

  it('counts sign-in failures by kind and reason, with nothing personal in the labels', async () => {
    const login = async (login_id: string, password: string) => {
      const b = await browser(s.t.app);
      const res = await b.request('POST', `${M}/login/`, { login_id, password });
      expect(res.statusCode).toBe(401);
    };
    let grew = await during(s.t, () => login(STAFF.viewerKodomo, 'not-the-password'));
    expect(grew('portal_sign_in_failures_total', { kind: 'staff', reason: 'wrong_password' })).toBe(1);
    expect(grew('portal_sign_in_failures_total', { kind: 'staff', reason: 'unknown_account' })).toBe(0);

    grew = await during(s.t, () => login('nobody@demo.example.jp', 'not-the-password'));
    expect(grew('portal_sign_in_failures_total', { kind: 'staff', reason: 'unknown_account' })).toBe(1);
    expect(grew('portal_sign_in_failures_total', { kind: 'staff', reason: 'wrong_password' })).toBe(0);

    // A resident's browser returning from the identity provider with no sign-in in progress.
    grew = await during(s.t, async () => {
      const res = await s.t.app.inject({
        method: 'GET',
        url: '/api/applicant/login/callback/?state=unknown-state&code=some-code',
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toContain('reason=expired');
    });
    expect(grew('portal_sign_in_failures_total', { kind: 'resident', reason: 'expired' })).toBe(1);

    const text = await scrape(s.t);
    const lines = text.split('\n').filter((l) => l.startsWith('portal_sign_in_failures_total{'));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      expect(line).toMatch(/^portal_sign_in_failures_total\{kind="\w+",reason="\w+"\} \d+$/);
      expect(line).not.toMatch(/@|nobody|kodomo|127\.0\.0\.1/);
    }
  });

  it('counts a job by kind and outcome, times it, and shows no job waiting once it ran', async () => {
    const owner = await signedInApplicant(s.t, 'demo-resident-0003');
    const application = await draftApplication(s.t, owner.applicantId, { procedureIds: [3] });
    const labels = { kind: 'render_applicant', outcome: 'succeeded' };
    const grew = await during(s.t, async () => {
      const created = await owner.request('POST', `${M}/render/applicant/${application.id}/`, {
        use_signature_digital_certificate: false,
      });
      expect(created.statusCode).toBe(202);
      let job = Job.parse(created.json());
      expect(job.status).toMatch(JUST_SENT);
      const statusUrl = `${M}/render/applicant/${application.id}/${job.id}/status/`;
      for (let i = 0; i < 150 && job.status !== 'succeeded'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        job = Job.parse((await owner.request('GET', statusUrl)).json());
      }
      expect(job.status).toBe('succeeded');
    });
    expect(grew('portal_job_outcomes_total', labels)).toBe(1);
    expect(grew('portal_job_outcomes_total', { ...labels, outcome: 'failed' })).toBe(0);
    expect(grew('portal_job_outcomes_total', { ...labels, outcome: 'retried' })).toBe(0);
    expect(grew('portal_job_duration_seconds_count', labels)).toBe(1);
    expect(grew('portal_job_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(1);
    expect(grew('portal_job_duration_seconds_sum', labels)).toBeGreaterThan(0);

    // The gauge is read at the scrape: every kind and live state, none waiting or running now.
    const text = await scrape(s.t);
    for (const kind of Job.shape.kind.options) {
      for (const state of ['queued', 'running']) {
        expect(text, `${kind} ${state}`).toContain(`portal_jobs{kind="${kind}",state="${state}"} 0`);
      }
    }
  });
});
