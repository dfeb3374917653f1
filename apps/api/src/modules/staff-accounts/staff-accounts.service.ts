import { createHash, randomBytes } from 'node:crypto';
import { Password, type StaffAccount } from '@portal/contracts';
import { AppError, conflict, notFound, rateLimited, validationFailed } from '../../http/errors.js';
import type { AccountRepository, StaffIdentity } from '../accounts/accounts.repository.js';
import { hashPassword } from '../accounts/passwords.js';
import { auditLogPage, type AuditLogQuery } from '../audit/audit-log.service.js';
import type { AuditRepository } from '../audit/audit.repository.js';
import type { BackgroundWork, Mailer } from '../mail/mailer.js';
import type { MunicipalityRef } from '../municipalities/municipalities.repository.js';
import type { LiveSession, SessionService } from '../sessions/sessions.service.js';
import {
  sqlState,
  type AccountChanges,
  type AccountRecord,
  type InvitationRecord,
  type StaffAccountRepository,
} from './staff-accounts.repository.js';
import { invitationMail, passwordResetMail } from './staff-mails.js';

export const RESET_TTL_MS = 30 * 60_000;
/** How long the form a mail link opens may take (decision 0044): the link itself works once. */
export const LINK_FORM_TTL_MS = 30 * 60_000;
export const INVITATION_TTL_MS = 7 * 24 * 3600_000;
/** Password reset requests: per address 3 mails, per client IP 10 requests, in 15 minutes. */
export const RESET_WINDOW_MS = 15 * 60_000;
export const RESET_MAILS_PER_EMAIL = 3;
export const RESET_REQUESTS_PER_IP = 10;

/** A one-use token for a link (32 random bytes, base64url); only its SHA-256 is stored. */
export function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The request's place in the audit log: municipality and client address. */
export interface Origin {
  municipality: MunicipalityRef;
  ip: string;
}

export const toStaffAccount = (a: AccountRecord): StaffAccount => ({
  id: a.id,
  last_name: a.lastName,
  first_name: a.firstName,
  last_name_kana: a.lastNameKana,
  first_name_kana: a.firstNameKana,
  email: a.email,
  permission_id: a.permissionId,
  department_ids: a.departmentIds,
  created_at: a.createdAt.toISOString(),
  last_login_at: a.lastLoginAt ? a.lastLoginAt.toISOString() : null,
});

const toInvitation = (
  i: Pick<InvitationRecord, 'email' | 'permissionId' | 'departmentIds' | 'expiresAt'>,
) => ({
  email: i.email,
  permission_id: i.permissionId,
  department_ids: i.departmentIds,
  expires_at: i.expiresAt.toISOString(),
});

const unique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

const sameIds = (a: number[], b: number[]) => {
  const x = unique(a);
  const y = unique(b);
  return x.length === y.length && x.every((v, i) => v === y[i]);
};

const pageOf = (query: { page: number; page_size: number | 'all' }, allLimit: number | null) =>
  query.page_size === 'all'
    ? { limit: allLimit, offset: 0 }
    : { limit: query.page_size, offset: (query.page - 1) * query.page_size };

const badResetToken = () =>
  new AppError(
    'validation_failed',
    'this password reset link is not valid: it is unknown, expired (30 minutes) or already used; request a new one',
    'token',
  );

/** A mail link opened before: it works once (decision 0044); the message names the way forward. */
const invitationLinkUsed = () =>
  new AppError(
    'conflict',
    'this invitation link was already opened, and a link works once; if you did not finish creating your account, ask an administrator for a new invitation, otherwise sign in',
    'token',
  );
const resetLinkUsed = () =>
  new AppError(
    'conflict',
    'this password reset link was already opened, and a link works once; request a new one',
    'token',
  );

const badInvitationToken = () =>
  new AppError(
    'validation_failed',
    'this invitation link is not valid: it is unknown, expired (7 days) or already used; ask an administrator for a new one',
    'token',
  );

/** The permission and departments of an invitation or update, checked against the municipality. */
async function checkAssignment(
  repository: StaffAccountRepository,
  municipalityId: number,
  permissionId: number,
  departmentIds: number[],
) {
  const [permission, departments] = await Promise.all([
    repository.findPermission(permissionId),
    repository.departments(municipalityId),
  ]);
  const errors: { field: string; message: string }[] = [];
  if (!permission) errors.push({ field: 'permission_id', message: `unknown permission ${permissionId}` });
  const ids = unique(departmentIds);
  const unknown = ids.filter((id) => !departments.some((d) => d.id === id));
  if (unknown.length > 0) {
    errors.push({
      field: 'department_ids',
      message: `not a department of this municipality: ${unknown.join(', ')}`,
    });
  }
  if (errors.length > 0 || !permission) throw validationFailed(errors);
  return { permission, departments: departments.filter((d) => ids.includes(d.id)), departmentIds: ids };
}

/** The page an invitation's token opens (webUrl is the environment's web root, /stg on staging). */
export function invitationLink(webUrl: string, municipalityCode: string, token: string): string {
  const link = new URL(`${webUrl}/staff/accounts/new`);
  link.searchParams.set('token', token);
  link.searchParams.set('municipality', municipalityCode);
  return link.toString();
}

/**
 * Checks and stores an invitation and returns its link; mailing and auditing are the caller's (the staff
 * screen mails it, the accounts command prints it). Earlier unused invitations to the address stop working.
 */
export async function createInvitation(
  deps: { repository: StaffAccountRepository; clock: () => Date; webUrl: string },
  municipality: { id: number; code: string },
  invitedBy: string | null,
  body: { email: string; permission_id: number; department_ids: number[] },
) {
  const { repository, clock } = deps;
  const assignment = await checkAssignment(
    repository,
    municipality.id,
    body.permission_id,
    body.department_ids,
  );
  if (await repository.emailTaken(municipality.id, body.email)) {
    throw conflict('a staff account with this email address already exists');
  }
  const { token, hash } = newToken();
  const at = clock();
  const invitation = await repository.invite({
    municipalityId: municipality.id,
    email: body.email,
    permissionId: assignment.permission.id,
    departmentIds: assignment.departmentIds,
    tokenHash: hash,
    invitedBy,
    at,
    expiresAt: new Date(at.getTime() + INVITATION_TTL_MS),
  });
  return { invitation, assignment, link: invitationLink(deps.webUrl, municipality.code, token) };
}

/** Password reset by mail, invitations, accounts and the audit log view of one municipality (decision 0005). */
export function createStaffAccountService(deps: {
  repository: StaffAccountRepository;
  accounts: AccountRepository;
  audit: AuditRepository;
  mailer: Mailer;
  background: BackgroundWork;
  clock: () => Date;
  publicUrl: string;
  /** Mail links are exchanged for a short form session of these (decision 0044). */
  sessions: SessionService;
}) {
  const { repository, accounts, audit, mailer, background, clock, publicUrl, sessions } = deps;

  /** A form session for an opened link: its token for the cookie, and the record to store. */
  function formSession(kind: 'invitation' | 'password_reset', municipalityId: number) {
    let started: { token: string; expiresAt: Date } | null = null;
    const record = (subjectId: string) => {
      const prepared = sessions.prepare({ kind, subjectId, municipalityId, ttlMs: LINK_FORM_TTL_MS });
      started = { token: prepared.token, expiresAt: prepared.expiresAt };
      return prepared.record;
    };
    return { record, started: () => started, until: new Date(clock().getTime() + LINK_FORM_TTL_MS) };
  }

  /** Counts one more event of a key in the current window; false when the key already reached `max`. */
  async function withinLimit(key: string, max: number): Promise<boolean> {
    const now = clock();
    const since = new Date(now.getTime() - RESET_WINDOW_MS);
    return (await accounts.reserveAttempt(key, now, since)) <= max;
  }

  async function sendResetMail(origin: Origin, email: string) {
    const account = await accounts.findStaffByEmail(origin.municipality.id, email);
    if (!account) return;
    const { token, hash } = newToken();
    const at = clock();
    const expiresAt = new Date(at.getTime() + RESET_TTL_MS);
    await repository.createResetToken({ accountId: account.id, tokenHash: hash, at, expiresAt });
    const link = new URL(`${publicUrl}/staff/password-reset`);
    link.searchParams.set('token', token);
    link.searchParams.set('municipality', origin.municipality.code);
    await mailer.send(
      passwordResetMail({
        to: account.email,
        municipalityName: origin.municipality.name,
        link: link.toString(),
        expiresAt,
      }),
    );
    await audit.record({
      municipalityId: origin.municipality.id,
      actorKind: 'staff',
      actorId: null,
      action: 'password_reset.request',
      targetType: 'staff_account',
      targetId: account.id,
      ip: origin.ip,
    });
  }

  return {
    /**
     * Always the same answer, as fast whether or not the address has an account: the lookup, the token and
     * the mail happen after the answer. Beyond 3 mails per address in 15 minutes nothing more is sent (a
     * mailbox cannot be flooded); beyond 10 requests per client address the caller gets 429.
     */
    async requestPasswordReset(origin: Origin, email: string): Promise<void> {
      if (!(await withinLimit(`password-reset:ip:${origin.ip}`, RESET_REQUESTS_PER_IP))) {
        throw rateLimited(
          'too many password reset requests; try again in 15 minutes',
          RESET_WINDOW_MS / 1000,
        );
      }
      const key = `password-reset:${origin.municipality.id}:${email.toLowerCase()}`;
      if (!(await withinLimit(key, RESET_MAILS_PER_EMAIL))) return;
      background.run(() => sendResetMail(origin, email));
    },

    /**
     * Exchanges the mailed reset link for a form session (decision 0044): the link works once; opening it
     * again in the browser that holds its form session carries on with that session.
     */
    async openPasswordReset(
      origin: Origin,
      token: string,
      current: LiveSession | null,
    ): Promise<{ session: { token: string; expiresAt: Date } | null }> {
      const municipalityId = origin.municipality.id;
      if (current) {
        const live = await repository.findLiveResetToken(municipalityId, hashToken(token), clock());
        if (live && live.id === current.subjectId) return { session: null };
      }
      const form = formSession('password_reset', municipalityId);
      const opened = await repository.openResetToken(
        municipalityId,
        hashToken(token),
        clock(),
        form.record,
        form.until,
      );
      if (opened.kind === 'used') throw resetLinkUsed();
      if (opened.kind === 'unknown') throw badResetToken();
      return { session: form.started() };
    },

    /** A new password in the form session of a reset link: once; every session of the account ends. */
    async confirmPasswordReset(origin: Origin, form: LiveSession | null, password: string): Promise<void> {
      const municipalityId = origin.municipality.id;
      const live = form
        ? await repository.findOpenedResetToken(municipalityId, form.subjectId, clock())
        : null;
      if (!live) throw badResetToken();
      const policy = Password.safeParse(password);
      if (!policy.success) {
        throw validationFailed(policy.error.issues.map((i) => ({ field: 'password', message: i.message })));
      }
      const passwordHash = await hashPassword(password);
      const done = await repository.resetPassword({
        tokenId: live.id,
        accountId: live.accountId,
        passwordHash,
        at: clock(),
      });
      if (!done) throw badResetToken();
      // A sign-in lock of the account (five failures) ends with the new password.
      await accounts.clearFailures(`staff:${municipalityId}:${live.email.toLowerCase()}`);
      await audit.record({
        municipalityId,
        actorKind: 'staff',
        actorId: live.accountId,
        action: 'password_reset.complete',
        targetType: 'staff_account',
        targetId: live.accountId,
        detail: { sessions_ended: true },
        ip: origin.ip,
      });
    },

    /** Invites an address: a 7-day, one-use link by mail. The mail is sent before answering. */
    async invite(
      origin: Origin,
      staff: StaffIdentity,
      body: { email: string; permission_id: number; department_ids: number[] },
    ) {
      const municipalityId = origin.municipality.id;
      const { invitation, assignment, link } = await createInvitation(
        { repository, clock, webUrl: publicUrl },
        origin.municipality,
        staff.id,
        body,
      );
      try {
        await mailer.send(
          invitationMail({
            to: invitation.email,
            municipalityName: origin.municipality.name,
            inviterName: staff.name,
            permissionName: assignment.permission.name,
            departmentNames: assignment.departments.map((d) => d.name),
            link,
            expiresAt: invitation.expiresAt,
          }),
        );
      } catch (error) {
        await repository.deleteInvitation(invitation.id);
        throw new AppError(
          'unavailable',
          `the invitation mail could not be sent (${error instanceof Error ? error.message : 'mail error'}); try again later`,
        );
      }
      await audit.record({
        municipalityId,
        actorKind: 'staff',
        actorId: staff.id,
        action: 'invitation.create',
        targetType: 'invitation',
        targetId: invitation.id,
        detail: {
          email: invitation.email,
          permission: assignment.permission.code,
          department_ids: invitation.departmentIds,
        },
        ip: origin.ip,
      });
      return toInvitation(invitation);
    },

    /**
     * Exchanges the mailed invitation link for a form session (decision 0044): the link works once;
     * opening it again in the browser that holds its form session carries on with that session.
     */
    async openInvitation(origin: Origin, token: string, current: LiveSession | null) {
      const municipalityId = origin.municipality.id;
      if (current) {
        const live = await repository.findLiveInvitation(municipalityId, hashToken(token), clock());
        if (live && live.id === current.subjectId) return { invitation: toInvitation(live), session: null };
      }
      const form = formSession('invitation', municipalityId);
      const opened = await repository.openInvitation(
        municipalityId,
        hashToken(token),
        clock(),
        form.record,
        form.until,
      );
      if (opened.kind === 'used') throw invitationLinkUsed();
      if (opened.kind === 'unknown') throw badInvitationToken();
      return { invitation: toInvitation(opened.record), session: form.started() };
    },

    /** The invitation of this browser's form session (a reload of the account form). */
    async invitation(municipalityId: number, form: LiveSession | null) {
      const invitation = form
        ? await repository.findOpenedInvitation(municipalityId, form.subjectId, clock())
        : null;
      if (!invitation) throw notFound('invitation (open the link from the mail; it works once)');
      return toInvitation(invitation);
    },

    /**
     * The invited person creates their account. Email, permission and departments are the invitation's:
     * the form shows them, and a request that changes them is refused (nobody grants themselves more).
     */
    async acceptInvitation(
      origin: Origin,
      form: LiveSession | null,
      body: {
        last_name: string;
        first_name: string;
        last_name_kana: string;
        first_name_kana: string;
        email: string;
        password: string;
        permission_id: number;
        department_ids: number[];
      },
    ): Promise<StaffAccount> {
      const municipalityId = origin.municipality.id;
      const invitation = form
        ? await repository.findOpenedInvitation(municipalityId, form.subjectId, clock())
        : null;
      if (!invitation) throw badInvitationToken();
      if (body.email.toLowerCase() !== invitation.email.toLowerCase()) {
        throw validationFailed([
          { field: 'email', message: 'use the email address the invitation was sent to' },
        ]);
      }
      if (body.permission_id !== invitation.permissionId) {
        throw new AppError(
          'forbidden',
          'the permission is set by the invitation and cannot be changed',
          'permission_id',
        );
      }
      if (!sameIds(body.department_ids, invitation.departmentIds)) {
        throw new AppError(
          'forbidden',
          'the departments are set by the invitation and cannot be changed',
          'department_ids',
        );
      }
      const passwordHash = await hashPassword(body.password);
      const result = await repository.acceptInvitation({
        invitationId: invitation.id,
        municipalityId,
        email: invitation.email,
        passwordHash,
        changes: {
          lastName: body.last_name,
          firstName: body.first_name,
          lastNameKana: body.last_name_kana,
          firstNameKana: body.first_name_kana,
          permissionId: invitation.permissionId,
          departmentIds: invitation.departmentIds,
        },
        at: clock(),
      });
      if (result.kind === 'gone') throw badInvitationToken();
      if (result.kind === 'email_taken')
        throw conflict('a staff account with this email address already exists');
      const account = result.account;
      await audit.record({
        municipalityId,
        actorKind: 'staff',
        actorId: account.id,
        action: 'account.create',
        targetType: 'staff_account',
        targetId: account.id,
        detail: {
          invitation_id: invitation.id,
          email: account.email,
          permission: account.permission,
          department_ids: account.departmentIds,
        },
        ip: origin.ip,
      });
      return toStaffAccount(account);
    },

    async list(municipalityId: number, query: { page: number; page_size: number | 'all' }) {
      const [page, permissions, departments] = await Promise.all([
        repository.list(municipalityId, pageOf(query, null)),
        repository.permissions(),
        repository.departments(municipalityId),
      ]);
      return {
        accounts: page.accounts.map(toStaffAccount),
        permissions: permissions.map((p) => ({
          id: p.id,
          code: p.code as AccountRecord['permission'],
          name: p.name,
        })),
        departments,
        page: {
          page: query.page_size === 'all' ? 1 : query.page,
          page_size: query.page_size,
          total: page.total,
        },
      };
    },

    async update(
      origin: Origin,
      staff: StaffIdentity,
      id: string,
      body: {
        last_name: string;
        first_name: string;
        last_name_kana: string;
        first_name_kana: string;
        permission_id: number;
        department_ids: number[];
      },
    ): Promise<StaffAccount> {
      const municipalityId = origin.municipality.id;
      const assignment = await checkAssignment(
        repository,
        municipalityId,
        body.permission_id,
        body.department_ids,
      );
      const changes: AccountChanges = {
        lastName: body.last_name,
        firstName: body.first_name,
        lastNameKana: body.last_name_kana,
        firstNameKana: body.first_name_kana,
        permissionId: assignment.permission.id,
        departmentIds: assignment.departmentIds,
      };
      const result = await repository.update(municipalityId, id, changes, clock());
      if (result.kind === 'not_found') throw notFound('account');
      if (result.kind === 'last_administrator') {
        throw conflict(
          'this is the last administrator of the municipality: make another account administrator first',
        );
      }
      const { before, after } = result;
      const changed: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of ['lastName', 'firstName', 'lastNameKana', 'firstNameKana', 'permission'] as const) {
        if (before[key] !== after[key]) changed[key] = { from: before[key], to: after[key] };
      }
      if (!sameIds(before.departmentIds, after.departmentIds)) {
        changed.departmentIds = { from: before.departmentIds, to: after.departmentIds };
      }
      await audit.record({
        municipalityId,
        actorKind: 'staff',
        actorId: staff.id,
        action: 'account.update',
        targetType: 'staff_account',
        targetId: id,
        detail: { email: after.email, changes: changed },
        ip: origin.ip,
      });
      return toStaffAccount(after);
    },

    /** Deletes accounts (all or none) and ends their sessions; never one's own, never the last administrator. */
    async remove(origin: Origin, staff: StaffIdentity, targetIds: string[]): Promise<void> {
      const municipalityId = origin.municipality.id;
      const ids = [...new Set(targetIds)];
      if (ids.includes(staff.id)) throw conflict('you cannot delete your own account');
      let result: Awaited<ReturnType<StaffAccountRepository['remove']>>;
      try {
        result = await repository.remove(municipalityId, ids);
      } catch (error) {
        if (sqlState(error) === '23503') {
          throw conflict('an account is still referenced by other records and cannot be deleted');
        }
        throw error;
      }
      if (result.kind === 'not_found') throw notFound(`account ${result.missing.join(', ')}`);
      if (result.kind === 'last_administrator') {
        throw conflict('the municipality would be left without an administrator');
      }
      for (const account of result.accounts) {
        await audit.record({
          municipalityId,
          actorKind: 'staff',
          actorId: staff.id,
          action: 'account.delete',
          targetType: 'staff_account',
          targetId: account.id,
          detail: {
            email: account.email,
            name: `${account.lastName} ${account.firstName}`,
            permission: account.permission,
            department_ids: account.departmentIds,
          },
          ip: origin.ip,
        });
      }
    },

    /** The audit log, newest first, in words (audit-log.service.ts). */
    auditLog: (municipalityId: number, query: AuditLogQuery) => auditLogPage(audit, municipalityId, query),
  };
}
export type StaffAccountService = ReturnType<typeof createStaffAccountService>;
