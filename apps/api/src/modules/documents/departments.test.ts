// GET staff/departments/: the departments a member sees, with the procedures each handles (the
// department filter and the export screen offer these).
import { StaffDepartments } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases.js';
import { browser, createTestApp, type TestApp } from '../../testing/test-app.js';
import { M, STAFF, signInStaff } from './documents.fixtures.js';

describe.each(databaseKinds)('staff departments on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const departmentsOf = async (email: string) => {
    const staff = await signInStaff(t, email);
    const res = await staff.request('GET', `${M}/staff/departments/`);
    expect(res.statusCode, res.body).toBe(200);
    return StaffDepartments.parse(res.json()).departments;
  };

  it('gives an administrator every department, each with its live procedures', async () => {
    const all = await departmentsOf(STAFF.adminShimin);
    expect(all.map((d) => [d.code, d.procedure_codes.sort()])).toEqual([
      ['shimin', ['birth_notification']],
      ['kodomo', ['child_allowance', 'child_medical_subsidy']],
    ]);
    expect(all.every((d) => d.name.length > 0)).toBe(true);
  });

  it('gives a clerk or viewer only their own departments', async () => {
    expect((await departmentsOf(STAFF.clerkKodomo)).map((d) => d.code)).toEqual(['kodomo']);
    expect((await departmentsOf(STAFF.viewerShimin)).map((d) => d.code)).toEqual(['shimin']);
    // A clerk of two departments sees both (and the screens then offer the department filter).
    await t.database.executeSql(
      `insert into staff_account_departments (staff_account_id, department_id)
       select a.id, d.id from staff_accounts a, departments d
       where a.email = $1 and d.code = 'shimin' and d.municipality_id = a.municipality_id`,
      [STAFF.clerkKodomo],
    );
    expect((await departmentsOf(STAFF.clerkKodomo)).map((d) => d.code).sort()).toEqual(['kodomo', 'shimin']);
  });

  it('refuses without a staff sign-in', async () => {
    const anonymous = await browser(t.app, '999999');
    expect((await anonymous.request('GET', `${M}/staff/departments/`)).statusCode).toBe(401);
  });
});
