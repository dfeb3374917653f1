import { AppError, rateLimited } from '../../http/errors.js';
import type { SessionService } from '../sessions/sessions.service.js';
import type { PasswordSignInFailure, SignInFailureCounter } from '../system/metrics.js';
import type { AccountRepository } from './accounts.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';

const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES = 5;

/** Compared against when an account does not exist, so both paths take the time of one hash. */
const decoy = hashPassword('decoy-password-for-timing');

/** Staff and operator sign-in: argon2id, one vague answer for every failure, five failures per 15 minutes. */
export function createSignInService(deps: {
  accounts: AccountRepository;
  sessions: SessionService;
  /** Counts failures by kind and reason category (never who or from where). */
  signInFailures: SignInFailureCounter;
  clock: () => Date;
}) {
  const { accounts, sessions, clock } = deps;

  /** Reserves the attempt first (decision: issue 13), so concurrent guesses count before any is checked. */
  async function guard(kind: 'staff' | 'operator', key: string) {
    const failed = (reason: PasswordSignInFailure) => deps.signInFailures.inc({ kind, reason });
    const since = new Date(clock().getTime() - WINDOW_MS);
    if ((await accounts.reserveAttempt(key, clock(), since)) > MAX_FAILURES) {
      failed('rate_limited');
      // The window's length: the oldest failure in it may be newer, never older.
      throw rateLimited('too many failed sign-ins; try again in 15 minutes', WINDOW_MS / 1000);
    }
    return {
      /** The one vague answer for an unknown account and a wrong password alike. */
      fail: (known: boolean): never => {
        failed(known ? 'wrong_password' : 'unknown_account');
        throw new AppError('unauthenticated', 'the login ID or password is not correct');
      },
      clear: () => accounts.clearFailures(key),
    };
  }

  return {
    async staff(municipalityId: number, loginId: string, password: string) {
      const attempt = await guard('staff', `staff:${municipalityId}:${loginId.toLowerCase()}`);
      const account = await accounts.findStaffByEmail(municipalityId, loginId);
      const ok = await verifyPassword(account?.passwordHash ?? (await decoy), password);
      if (!account || !ok) return attempt.fail(Boolean(account));
      await attempt.clear();
      await accounts.touchStaffLogin(account.id, clock());
      const session = await sessions.start({ kind: 'staff', subjectId: account.id, municipalityId });
      return { account, ...session };
    },
    async operator(loginId: string, password: string) {
      const attempt = await guard('operator', `operator:${loginId.toLowerCase()}`);
      const operator = await accounts.findOperator(loginId);
      const ok = await verifyPassword(operator?.passwordHash ?? (await decoy), password);
      if (!operator || !ok) return attempt.fail(Boolean(operator));
      await attempt.clear();
      await accounts.touchOperatorLogin(operator.id, clock());
      const session = await sessions.start({
        kind: 'operator',
        subjectId: operator.id,
        municipalityId: null,
      });
      return { operator, ...session };
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
