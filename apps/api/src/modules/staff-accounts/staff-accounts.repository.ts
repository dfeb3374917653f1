import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { SessionRecord } from '../sessions/sessions.repository.js';
import {
  departments,
  documentChanges,
  invitations,
  municipalities,
  passwordResetTokens,
  permissions,
  sessions,
  staffAccountDepartments,
  staffAccounts,
  workflowDetails,
} from '../../db/schema/index.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What opening a mail link found: exchanged now, opened before (the link works once), or no such link. */
export type LinkOpening<T> = { kind: 'opened'; record: T } | { kind: 'used' } | { kind: 'unknown' };

/** Thrown inside a transaction to undo it: the invited address already has an account. */
class EmailTaken extends Error {}

export type PermissionCode = 'administrator' | 'clerk' | 'viewer';

export interface AccountRecord {
  id: string;
  municipalityId: number;
  email: string;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  permissionId: number;
  permission: PermissionCode;
  departmentIds: number[];
  createdAt: Date;
  lastLoginAt: Date | null;
}

export interface AccountChanges {
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  permissionId: number;
  departmentIds: number[];
}

export interface InvitationRecord {
  id: string;
  municipalityId: number;
  email: string;
  permissionId: number;
  departmentIds: number[];
  expiresAt: Date;
}

/** The SQLSTATE of a database error, looking through the driver's wrappers. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const accountColumns = {
  id: staffAccounts.id,
  municipalityId: staffAccounts.municipalityId,
  email: staffAccounts.email,
  lastName: staffAccounts.lastName,
  firstName: staffAccounts.firstName,
  lastNameKana: staffAccounts.lastNameKana,
  firstNameKana: staffAccounts.firstNameKana,
  permissionId: staffAccounts.permissionId,
  permission: permissions.code,
  createdAt: staffAccounts.createdAt,
  lastLoginAt: staffAccounts.lastLoginAt,
};

const sameEmail = (email: string) => sql`lower(${staffAccounts.email}) = ${email.toLowerCase()}`;

/** Staff accounts, invitations and password reset tokens of one municipality at a time. */
export function createStaffAccountRepository(db: Db) {
  async function withDepartments(
    q: Db | Tx,
    rows: Omit<AccountRecord, 'departmentIds'>[],
  ): Promise<AccountRecord[]> {
    if (rows.length === 0) return [];
    const links = await q
      .select()
      .from(staffAccountDepartments)
      .where(
        inArray(
          staffAccountDepartments.staffAccountId,
          rows.map((r) => r.id),
        ),
      );
    return rows.map((r) => ({
      ...r,
      permission: r.permission as PermissionCode,
      departmentIds: links
        .filter((l) => l.staffAccountId === r.id)
        .map((l) => l.departmentId)
        .sort((a, b) => a - b),
    }));
  }

  async function findAccount(q: Db | Tx, municipalityId: number, id: string): Promise<AccountRecord | null> {
    const rows = await q
      .select(accountColumns)
      .from(staffAccounts)
      .innerJoin(permissions, eq(permissions.id, staffAccounts.permissionId))
      .where(and(eq(staffAccounts.municipalityId, municipalityId), eq(staffAccounts.id, id)));
    return (await withDepartments(q, rows as Omit<AccountRecord, 'departmentIds'>[]))[0] ?? null;
  }

  /**
   * Serializes changes of accounts per municipality until the transaction ends (a lock on the municipality
   * row that does not block inserts referencing it) and returns the administrators' ids, so two
   * administrators demoting or deleting each other at once cannot leave the municipality without one.
   */
  async function lockAdministrators(tx: Tx, municipalityId: number): Promise<string[]> {
    await tx
      .select({ id: municipalities.id })
      .from(municipalities)
      .where(eq(municipalities.id, municipalityId))
      .for('no key update');
    const rows = await tx
      .select({ id: staffAccounts.id })
      .from(staffAccounts)
      .innerJoin(permissions, eq(permissions.id, staffAccounts.permissionId))
      .where(and(eq(staffAccounts.municipalityId, municipalityId), eq(permissions.code, 'administrator')));
    return rows.map((r) => r.id);
  }

  async function setDepartments(tx: Tx, accountId: string, departmentIds: number[]) {
    await tx.delete(staffAccountDepartments).where(eq(staffAccountDepartments.staffAccountId, accountId));
    await tx
      .insert(staffAccountDepartments)
      .values(departmentIds.map((departmentId) => ({ staffAccountId: accountId, departmentId })));
  }

  return {
    permissions: () => db.select().from(permissions).orderBy(asc(permissions.id)),

    departments: (municipalityId: number) =>
      db
        .select({ id: departments.id, code: departments.code, name: departments.name })
        .from(departments)
        .where(eq(departments.municipalityId, municipalityId))
        .orderBy(asc(departments.id)),

    async findPermission(id: number) {
      return (await db.select().from(permissions).where(eq(permissions.id, id)))[0] ?? null;
    },

    async emailTaken(municipalityId: number, email: string): Promise<boolean> {
      const rows = await db
        .select({ id: staffAccounts.id })
        .from(staffAccounts)
        .where(and(eq(staffAccounts.municipalityId, municipalityId), sameEmail(email)))
        .limit(1);
      return rows.length > 0;
    },

    async list(municipalityId: number, page: { limit: number | null; offset: number }) {
      const where = eq(staffAccounts.municipalityId, municipalityId);
      const query = db
        .select(accountColumns)
        .from(staffAccounts)
        .innerJoin(permissions, eq(permissions.id, staffAccounts.permissionId))
        .where(where)
        .orderBy(
          asc(staffAccounts.lastNameKana),
          asc(staffAccounts.firstNameKana),
          asc(staffAccounts.email),
          asc(staffAccounts.id),
        )
        .offset(page.offset);
      const [rows, total] = await Promise.all([
        page.limit === null ? query : query.limit(page.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(staffAccounts)
          .where(where),
      ]);
      return {
        accounts: await withDepartments(db, rows as Omit<AccountRecord, 'departmentIds'>[]),
        total: total[0]?.n ?? 0,
      };
    },

    find: (municipalityId: number, id: string) => findAccount(db, municipalityId, id),

    /** Names, permission and departments; refused when it would leave the municipality without an administrator. */
    async update(
      municipalityId: number,
      id: string,
      changes: AccountChanges,
      at: Date,
    ): Promise<
      | { kind: 'not_found' }
      | { kind: 'last_administrator' }
      | { kind: 'updated'; before: AccountRecord; after: AccountRecord }
    > {
      return db.transaction(async (tx) => {
        const administrators = await lockAdministrators(tx, municipalityId);
        const before = await findAccount(tx, municipalityId, id);
        if (!before) return { kind: 'not_found' as const };
        const stays = (
          await tx.select().from(permissions).where(eq(permissions.id, changes.permissionId))
        )[0];
        if (administrators.includes(id) && stays?.code !== 'administrator' && administrators.length <= 1) {
          return { kind: 'last_administrator' as const };
        }
        await tx
          .update(staffAccounts)
          .set({
            lastName: changes.lastName,
            firstName: changes.firstName,
            lastNameKana: changes.lastNameKana,
            firstNameKana: changes.firstNameKana,
            permissionId: changes.permissionId,
            updatedAt: at,
          })
          .where(eq(staffAccounts.id, id));
        await setDepartments(tx, id, changes.departmentIds);
        const after = (await findAccount(tx, municipalityId, id))!;
        return { kind: 'updated' as const, before, after };
      });
    },

    /**
     * Deletes accounts of the municipality and ends their sessions: all or none. Their names stay in the
     * audit log; document history and workflow steps they handled keep the step but lose the link.
     */
    async remove(
      municipalityId: number,
      ids: string[],
    ): Promise<
      | { kind: 'not_found'; missing: string[] }
      | { kind: 'last_administrator' }
      | { kind: 'deleted'; accounts: AccountRecord[] }
    > {
      return db.transaction(async (tx) => {
        const administrators = await lockAdministrators(tx, municipalityId);
        const rows = await tx
          .select(accountColumns)
          .from(staffAccounts)
          .innerJoin(permissions, eq(permissions.id, staffAccounts.permissionId))
          .where(and(eq(staffAccounts.municipalityId, municipalityId), inArray(staffAccounts.id, ids)));
        const found = new Set(rows.map((r) => r.id));
        const missing = ids.filter((id) => !found.has(id));
        if (missing.length > 0) return { kind: 'not_found' as const, missing };
        if (administrators.every((a) => found.has(a))) return { kind: 'last_administrator' as const };
        const accounts = await withDepartments(tx, rows as Omit<AccountRecord, 'departmentIds'>[]);
        await tx.update(workflowDetails).set({ userId: null }).where(inArray(workflowDetails.userId, ids));
        // Who moved a step is kept as the time alone (as the history keeps the change without its author).
        await tx.update(workflowDetails).set({ actedBy: null }).where(inArray(workflowDetails.actedBy, ids));
        await tx
          .update(documentChanges)
          .set({ staffAccountId: null })
          .where(inArray(documentChanges.staffAccountId, ids));
        await tx.update(invitations).set({ invitedBy: null }).where(inArray(invitations.invitedBy, ids));
        await tx.delete(sessions).where(and(eq(sessions.kind, 'staff'), inArray(sessions.subjectId, ids)));
        await tx.delete(staffAccounts).where(inArray(staffAccounts.id, ids));
        return { kind: 'deleted' as const, accounts };
      });
    },

    /** A new invitation; earlier unused ones to the same address stop working. */
    async invite(input: {
      municipalityId: number;
      email: string;
      permissionId: number;
      departmentIds: number[];
      tokenHash: string;
      /** Null when issued from the command line (npm run accounts), not by an administrator. */
      invitedBy: string | null;
      at: Date;
      expiresAt: Date;
    }): Promise<InvitationRecord> {
      return db.transaction(async (tx) => {
        await tx
          .update(invitations)
          .set({ expiresAt: input.at })
          .where(
            and(
              eq(invitations.municipalityId, input.municipalityId),
              sql`lower(${invitations.email}) = ${input.email.toLowerCase()}`,
              isNull(invitations.usedAt),
              gt(invitations.expiresAt, input.at),
            ),
          );
        const rows = await tx
          .insert(invitations)
          .values({
            municipalityId: input.municipalityId,
            email: input.email,
            permissionId: input.permissionId,
            departmentIds: input.departmentIds,
            tokenHash: input.tokenHash,
            invitedBy: input.invitedBy,
            expiresAt: input.expiresAt,
            createdAt: input.at,
          })
          .returning();
        const row = rows[0]!;
        return { ...row, departmentIds: [...row.departmentIds] };
      });
    },

    async deleteInvitation(id: string) {
      await db.delete(invitations).where(eq(invitations.id, id));
    },

    /** An invitation that can still be used (unused, unexpired), by the hash of its token. */
    async findLiveInvitation(municipalityId: number, tokenHash: string, now: Date) {
      const rows = await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.municipalityId, municipalityId),
            eq(invitations.tokenHash, tokenHash),
            isNull(invitations.usedAt),
            gt(invitations.expiresAt, now),
          ),
        );
      const row = rows[0];
      return row ? { ...row, departmentIds: [...row.departmentIds] } : null;
    },

    /**
     * Exchanges an invitation link for a form session, once (decision 0044): marks the invitation opened
     * and stores the session in one transaction. A link opened before answers `used`.
     */
    async openInvitation(
      municipalityId: number,
      tokenHash: string,
      now: Date,
      session: (invitationId: string) => SessionRecord,
      /** The form session's end: an invitation opened just before it expires still lasts until then. */
      formUntil: Date,
    ): Promise<LinkOpening<InvitationRecord>> {
      return db.transaction(async (tx) => {
        const live = and(
          eq(invitations.municipalityId, municipalityId),
          eq(invitations.tokenHash, tokenHash),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, now),
        );
        const rows = await tx
          .update(invitations)
          .set({
            openedAt: now,
            expiresAt: sql`greatest(${invitations.expiresAt}, ${formUntil.toISOString()}::timestamptz)`,
          })
          .where(and(live, isNull(invitations.openedAt)))
          .returning();
        const row = rows[0];
        if (!row) {
          const before = await tx
            .select({ id: invitations.id })
            .from(invitations)
            .where(
              and(
                eq(invitations.municipalityId, municipalityId),
                eq(invitations.tokenHash, tokenHash),
                isNotNull(invitations.openedAt),
              ),
            )
            .limit(1);
          return before.length > 0 ? { kind: 'used' as const } : { kind: 'unknown' as const };
        }
        await tx.insert(sessions).values(session(row.id));
        return { kind: 'opened' as const, record: { ...row, departmentIds: [...row.departmentIds] } };
      });
    },

    /** An opened, still usable invitation by its id (what a form session names). */
    async findOpenedInvitation(municipalityId: number, id: string, now: Date) {
      const rows = await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.municipalityId, municipalityId),
            eq(invitations.id, id),
            isNotNull(invitations.openedAt),
            isNull(invitations.usedAt),
            gt(invitations.expiresAt, now),
          ),
        );
      const row = rows[0];
      return row ? { ...row, departmentIds: [...row.departmentIds] } : null;
    },

    /** Uses the invitation once and creates its account, in one transaction. */
    async acceptInvitation(input: {
      invitationId: string;
      municipalityId: number;
      email: string;
      passwordHash: string;
      changes: AccountChanges;
      at: Date;
    }): Promise<{ kind: 'gone' } | { kind: 'email_taken' } | { kind: 'created'; account: AccountRecord }> {
      try {
        return await db.transaction(async (tx) => {
          const used = await tx
            .update(invitations)
            .set({ usedAt: input.at })
            .where(
              and(
                eq(invitations.id, input.invitationId),
                isNull(invitations.usedAt),
                gt(invitations.expiresAt, input.at),
              ),
            )
            .returning({ id: invitations.id });
          if (used.length === 0) return { kind: 'gone' as const };
          const taken = await tx
            .select({ id: staffAccounts.id })
            .from(staffAccounts)
            .where(and(eq(staffAccounts.municipalityId, input.municipalityId), sameEmail(input.email)))
            .limit(1);
          // Throwing undoes the use of the invitation too.
          if (taken.length > 0) throw new EmailTaken();
          const created = await tx
            .insert(staffAccounts)
            .values({
              municipalityId: input.municipalityId,
              email: input.email,
              passwordHash: input.passwordHash,
              lastName: input.changes.lastName,
              firstName: input.changes.firstName,
              lastNameKana: input.changes.lastNameKana,
              firstNameKana: input.changes.firstNameKana,
              permissionId: input.changes.permissionId,
              createdAt: input.at,
              updatedAt: input.at,
            })
            .returning({ id: staffAccounts.id });
          const id = created[0]!.id;
          await setDepartments(tx, id, input.changes.departmentIds);
          return { kind: 'created' as const, account: (await findAccount(tx, input.municipalityId, id))! };
        });
      } catch (error) {
        // The address got an account meanwhile (checked above, or the unique index of a concurrent insert).
        if (error instanceof EmailTaken || sqlState(error) === '23505') return { kind: 'email_taken' };
        throw error;
      }
    },

    /** A new reset token for an account; its earlier unused tokens stop working. */
    async createResetToken(input: { accountId: string; tokenHash: string; at: Date; expiresAt: Date }) {
      await db.transaction(async (tx) => {
        await tx
          .delete(passwordResetTokens)
          .where(
            and(eq(passwordResetTokens.staffAccountId, input.accountId), isNull(passwordResetTokens.usedAt)),
          );
        await tx.insert(passwordResetTokens).values({
          staffAccountId: input.accountId,
          tokenHash: input.tokenHash,
          expiresAt: input.expiresAt,
          createdAt: input.at,
        });
      });
    },

    /** The account a usable reset token (unused, unexpired, of this municipality) belongs to. */
    async findLiveResetToken(municipalityId: number, tokenHash: string, now: Date) {
      const rows = await db
        .select({ id: passwordResetTokens.id, accountId: staffAccounts.id, email: staffAccounts.email })
        .from(passwordResetTokens)
        .innerJoin(staffAccounts, eq(staffAccounts.id, passwordResetTokens.staffAccountId))
        .where(
          and(
            eq(passwordResetTokens.tokenHash, tokenHash),
            eq(staffAccounts.municipalityId, municipalityId),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        );
      return rows[0] ?? null;
    },

    /**
     * Exchanges a password reset link for a form session, once (decision 0044); a link opened before
     * answers `used`.
     */
    async openResetToken(
      municipalityId: number,
      tokenHash: string,
      now: Date,
      session: (tokenId: string) => SessionRecord,
      /** The form session's end: a link opened just before it expires still lasts until then. */
      formUntil: Date,
    ): Promise<LinkOpening<{ id: string; accountId: string }>> {
      return db.transaction(async (tx) => {
        const ofMunicipality = sql`${passwordResetTokens.staffAccountId} in (select ${staffAccounts.id} from ${staffAccounts} where ${staffAccounts.municipalityId} = ${municipalityId})`;
        const rows = await tx
          .update(passwordResetTokens)
          .set({
            openedAt: now,
            expiresAt: sql`greatest(${passwordResetTokens.expiresAt}, ${formUntil.toISOString()}::timestamptz)`,
          })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, tokenHash),
              ofMunicipality,
              isNull(passwordResetTokens.usedAt),
              isNull(passwordResetTokens.openedAt),
              gt(passwordResetTokens.expiresAt, now),
            ),
          )
          .returning({ id: passwordResetTokens.id, accountId: passwordResetTokens.staffAccountId });
        const row = rows[0];
        if (!row) {
          const before = await tx
            .select({ id: passwordResetTokens.id })
            .from(passwordResetTokens)
            .where(
              and(
                eq(passwordResetTokens.tokenHash, tokenHash),
                ofMunicipality,
                isNotNull(passwordResetTokens.openedAt),
              ),
            )
            .limit(1);
          return before.length > 0 ? { kind: 'used' as const } : { kind: 'unknown' as const };
        }
        await tx.insert(sessions).values(session(row.id));
        return { kind: 'opened' as const, record: row };
      });
    },

    /** The account an opened, still usable reset token (by its id) belongs to. */
    async findOpenedResetToken(municipalityId: number, id: string, now: Date) {
      const rows = await db
        .select({ id: passwordResetTokens.id, accountId: staffAccounts.id, email: staffAccounts.email })
        .from(passwordResetTokens)
        .innerJoin(staffAccounts, eq(staffAccounts.id, passwordResetTokens.staffAccountId))
        .where(
          and(
            eq(passwordResetTokens.id, id),
            eq(staffAccounts.municipalityId, municipalityId),
            isNotNull(passwordResetTokens.openedAt),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        );
      return rows[0] ?? null;
    },

    /**
     * Uses a reset token once: sets the new password hash, drops the account's other unused tokens and
     * ends every session of the account. Null when the token was used (or expired) meanwhile.
     */
    async resetPassword(input: { tokenId: string; accountId: string; passwordHash: string; at: Date }) {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(passwordResetTokens)
          .set({ usedAt: input.at })
          .where(
            and(
              eq(passwordResetTokens.id, input.tokenId),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, input.at),
            ),
          )
          .returning({ id: passwordResetTokens.id });
        if (used.length === 0) return false;
        await tx
          .update(staffAccounts)
          .set({ passwordHash: input.passwordHash, updatedAt: input.at })
          .where(eq(staffAccounts.id, input.accountId));
        await tx
          .delete(passwordResetTokens)
          .where(
            and(eq(passwordResetTokens.staffAccountId, input.accountId), isNull(passwordResetTokens.usedAt)),
          );
        await tx
          .delete(sessions)
          .where(and(eq(sessions.kind, 'staff'), eq(sessions.subjectId, input.accountId)));
        return true;
      });
    },
  };
}
export type StaffAccountRepository = ReturnType<typeof createStaffAccountRepository>;
