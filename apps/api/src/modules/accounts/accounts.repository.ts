import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  operators,
  permissions,
  signInAttempts,
  staffAccountDepartments,
  staffAccounts,
} from '../../db/schema/index.js';

export interface StaffIdentity {
  id: string;
  municipalityId: number;
  email: string;
  name: string;
  passwordHash: string;
  permission: 'administrator' | 'clerk' | 'viewer';
  departmentIds: number[];
}

export function createAccountRepository(db: Db) {
  async function departmentsOf(staffAccountId: string): Promise<number[]> {
    const rows = await db
      .select({ id: staffAccountDepartments.departmentId })
      .from(staffAccountDepartments)
      .where(eq(staffAccountDepartments.staffAccountId, staffAccountId));
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  async function staffWhere(condition: ReturnType<typeof and>): Promise<StaffIdentity | null> {
    const rows = await db
      .select({
        id: staffAccounts.id,
        municipalityId: staffAccounts.municipalityId,
        email: staffAccounts.email,
        lastName: staffAccounts.lastName,
        firstName: staffAccounts.firstName,
        passwordHash: staffAccounts.passwordHash,
        permission: permissions.code,
      })
      .from(staffAccounts)
      .innerJoin(permissions, eq(permissions.id, staffAccounts.permissionId))
      .where(condition)
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      municipalityId: row.municipalityId,
      email: row.email,
      name: `${row.lastName} ${row.firstName}`,
      passwordHash: row.passwordHash,
      permission: row.permission as StaffIdentity['permission'],
      departmentIds: await departmentsOf(row.id),
    };
  }

  /** The upsert behind reserveAttempt: a window opens at the first attempt and lasts until `since` passes it. */
  async function reserveWindow(key: string, now: Date, since: Date) {
    const within = sql`${signInAttempts.windowStart} >= ${since.toISOString()}::timestamptz`;
    const rows = await db
      .insert(signInAttempts)
      .values({ key, failures: 1, windowStart: now })
      .onConflictDoUpdate({
        target: signInAttempts.key,
        set: {
          failures: sql`case when ${within} then ${signInAttempts.failures} + 1 else 1 end`,
          windowStart: sql`case when ${within} then ${signInAttempts.windowStart} else ${now.toISOString()}::timestamptz end`,
        },
      })
      .returning({ attempts: signInAttempts.failures, windowStart: signInAttempts.windowStart });
    return rows[0]!;
  }

  return {
    findStaffByEmail: (municipalityId: number, email: string) =>
      staffWhere(
        and(
          eq(staffAccounts.municipalityId, municipalityId),
          eq(sql`lower(${staffAccounts.email})`, email.toLowerCase()),
        ),
      ),
    findStaffById: (municipalityId: number, id: string) =>
      staffWhere(and(eq(staffAccounts.municipalityId, municipalityId), eq(staffAccounts.id, id))),
    async touchStaffLogin(id: string, at: Date) {
      await db.update(staffAccounts).set({ lastLoginAt: at }).where(eq(staffAccounts.id, id));
    },
    async findOperator(loginId: string) {
      return (await db.select().from(operators).where(eq(operators.loginId, loginId)).limit(1))[0] ?? null;
    },
    async findOperatorById(id: string) {
      return (await db.select().from(operators).where(eq(operators.id, id)).limit(1))[0] ?? null;
    },
    async touchOperatorLogin(id: string, at: Date) {
      await db.update(operators).set({ lastLoginAt: at }).where(eq(operators.id, id));
    },
    /**
     * Counts an attempt before its password is checked, in one statement (the row's lock orders concurrent
     * attempts), and returns the attempts in the window including this one: parallel guesses cannot all
     * see "under the limit". A correct password clears the count afterwards.
     */
    reserveAttempt: async (key: string, now: Date, since: Date): Promise<number> =>
      (await reserveWindow(key, now, since)).attempts,
    /** As reserveAttempt, with the start of the key's window (the per-address limit tells when it ends). */
    reserveWindow,
    /** Gives one reserved attempt back (a per-address attempt that succeeded); never below zero. */
    async releaseAttempt(key: string) {
      await db
        .update(signInAttempts)
        .set({ failures: sql`${signInAttempts.failures} - 1` })
        .where(and(eq(signInAttempts.key, key), gt(signInAttempts.failures, 0)));
    },
    async clearFailures(key: string) {
      await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
