import { describe, expect, it } from 'vitest';
import { ProcedureFunnelList } from '@portal/contracts';
import { databaseKinds } from '../../testing/databases.js';
import { draftFor, json, M, resident, walkAssistant, FILTER_ALL } from '../../testing/applicant-walk.js';
import {
  identifyAndSubmit,
  identifyAsTaro,
  submittingAppPerSuite,
} from '../../testing/submitted-application.js';
import { demoStaff, signedIn } from '../staff-accounts/staff-accounts.testing.js';

const ALLOWANCE = 'child_allowance';
const BIRTH = 'birth_notification';

describe.each(databaseKinds)('staff administrators’ funnel per procedure on %s', (kind) => {
  const s = submittingAppPerSuite(kind);

  it('counts, per procedure, the applications that chose it and reached each step; others see none', async () => {
    // Three residents stop at different steps: after choosing, before identifying, before submitting.
    const chooser = await resident(s.t, s.base, 'funnel-staff-1');
    const created = await json(await chooser.call(s.base, 'POST', `${M}/concierge-values/`, FILTER_ALL), 201);
    const app = `${M}/applications/${created.id}`;
    await walkAssistant(chooser, s.base, app, s.catalog);
    const offered = await json(await chooser.call(s.base, 'GET', `${app}/procedures/`));
    const idOf = (code: string) =>
      (offered.available as { id: number; code: string }[]).find((p) => p.code === code)!.id;
    await json(await chooser.call(s.base, 'PUT', `${app}/procedures/`, { procedure_ids: [idOf(ALLOWANCE)] }));
    await draftFor(await resident(s.t, s.base, 'funnel-staff-2'), s.base, s.catalog, [BIRTH, ALLOWANCE]);
    const identified = await draftFor(await resident(s.t, s.base, 'demo-resident-0001'), s.base, s.catalog, [
      ALLOWANCE,
    ]);
    await identifyAsTaro(identified.client, s, identified.app);
    // Two finish.
    for (let i = 0; i < 2; i++) {
      const { client, app: finished } = await draftFor(
        await resident(s.t, s.base, 'demo-resident-0001'),
        s.base,
        s.catalog,
        [ALLOWANCE],
      );
      await identifyAndSubmit(client, s, finished);
    }

    const admin = await signedIn(s.t, demoStaff.adminShimin);
    const res = await admin.request('GET', `${M}/funnel/`);
    expect(res.statusCode, res.body).toBe(200);
    const { procedures } = ProcedureFunnelList.parse(res.json());
    const stepsOf = (id: number) =>
      Object.fromEntries(
        procedures.find((p) => p.procedure_id === id)!.steps.map((x) => [x.step, x.reached]),
      );
    expect(stepsOf(idOf(ALLOWANCE))).toMatchObject({
      identification: 5,
      form: 3,
      signature: 4,
      complete: 2,
    });
    expect(stepsOf(idOf(BIRTH))).toMatchObject({ identification: 1, form: 0, signature: 1, complete: 0 });
    // Named in words, in the resident's order of steps; every procedure of the municipality is listed.
    const allowance = procedures.find((p) => p.procedure_id === idOf(ALLOWANCE))!;
    expect(allowance.name).toBeTruthy();
    expect(allowance.procedure_group_name).toBeTruthy();
    expect(allowance.steps.map((x) => x.step)).toEqual([
      'identification',
      'form',
      'attachments',
      'signature',
      'complete',
    ]);
    const ids = procedures.map((p) => p.procedure_id);
    expect(ids).toEqual(expect.arrayContaining(offered.available.map((p: { id: number }) => p.id)));

    // Another municipality's administrator sees their own procedures only, none of these counts.
    const other = await signedIn(s.t, demoStaff.adminKenko, undefined, '999998');
    const theirs = await other.request('GET', '/api/municipalities/999998/funnel/');
    expect(theirs.statusCode, theirs.body).toBe(200);
    const elsewhere = ProcedureFunnelList.parse(theirs.json()).procedures;
    expect(elsewhere.map((p) => p.procedure_id)).not.toContain(idOf(ALLOWANCE));
    expect(elsewhere.flatMap((p) => p.steps).every((x) => x.reached === 0)).toBe(true);

    // Clerks and viewers are refused; so is a caller who is not signed in.
    for (const email of [demoStaff.clerkShimin, demoStaff.viewerShimin]) {
      const refused = await (await signedIn(s.t, email)).request('GET', `${M}/funnel/`);
      expect(refused.statusCode, `${email}: ${refused.body}`).toBe(403);
    }
    const anonymous = await s.t.app.inject({
      method: 'GET',
      url: `${M}/funnel/`,
      headers: { 'x-region-code': '999999' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('holds no personal data: counts per municipality, procedure, version and step only', async () => {
    const columns = (
      await s.t.database.executeSql(
        'select column_name from information_schema.columns where table_name = $1 order by 1',
        ['funnel_procedure_counts'],
      )
    ).rows.map((r) => r.column_name);
    expect(columns).toEqual(['configuration_version', 'municipality_id', 'procedure_id', 'reached', 'step']);
  });
});
