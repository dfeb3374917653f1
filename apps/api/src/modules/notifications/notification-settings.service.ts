import {
  NOTIFICATION_EVENTS,
  type Notice,
  type NotificationEvent,
  type NotificationSettings,
} from '@portal/contracts';
import { AppError, rateLimited, validationFailed } from '../../http/errors.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import type { Mailer } from '../mail/mailer.js';
import type { MunicipalityRef } from '../municipalities/municipalities.repository.js';
import { verificationCodeMail } from './notification-mails.js';
import { sameText } from '../../lib/same-text.js';
import { codeHash, newCode, readUnsubscribeToken } from './notification-tokens.js';
import type { NotificationRepository, Resident } from './notifications.repository.js';
import { noticeView } from './notifications.view.js';

/** How long a code works, how many wrong ones spend it, and how often codes may be sent. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_ATTEMPTS = 5;
const SEND_WINDOW_MS = 15 * 60_000;
/** Codes per resident, and per address (a mailbox is not flooded from many accounts), per window. */
const SENDS_PER_RESIDENT = 5;
const SENDS_PER_ADDRESS = 3;

/** The events a resident's first address is told about until they choose: all of them. */
const DEFAULT_EVENTS: NotificationEvent[] = [...NOTIFICATION_EVENTS];

const codeProblem = (message: string) => new AppError('conflict', message, 'code');

/**
 * A resident's notification settings (decision 0025): an address verified by a 6-digit code mailed to
 * it (hashed, 10 minutes, 5 tries, sending rate-limited), the events mailed, the notices shown in the
 * portal, and the unsubscribe link's token.
 */
export function createNotificationSettingsService(deps: {
  notifications: NotificationRepository;
  /** The rate-limit counters shared with sign-in (a window per key). */
  attempts: Pick<AccountRepository, 'reserveWindow'>;
  mailer: Mailer;
  secret: string;
  clock: () => Date;
}) {
  const { notifications, clock } = deps;

  async function view(r: Resident): Promise<NotificationSettings> {
    const [settings, code] = await Promise.all([notifications.settings(r), notifications.code(r)]);
    const live = code && code.expiresAt > clock() && code.attempts < CODE_ATTEMPTS ? code : null;
    return {
      email: settings?.email ?? null,
      email_verified_at: settings?.emailVerifiedAt?.toISOString() ?? null,
      events: (settings?.events ?? DEFAULT_EVENTS) as NotificationEvent[],
      pending: live ? { email: live.email, expires_at: live.expiresAt.toISOString() } : null,
    };
  }

  /** One more send under `key`, or 429 with the seconds until its window ends. */
  async function withinLimit(key: string, max: number) {
    const now = clock();
    const { attempts, windowStart } = await deps.attempts.reserveWindow(
      key,
      now,
      new Date(now.getTime() - SEND_WINDOW_MS),
    );
    if (attempts <= max) return;
    const wait = Math.max(1, Math.ceil((windowStart.getTime() + SEND_WINDOW_MS - now.getTime()) / 1000));
    throw rateLimited('too many codes sent; try again later', wait);
  }

  return {
    view,

    /** Mails a new code to the address (replacing any pending one). */
    async sendCode(r: Resident, municipality: MunicipalityRef, email: string) {
      const address = email.trim();
      await withinLimit(`notification-code:${r.municipalityId}:${r.applicantId}`, SENDS_PER_RESIDENT);
      await withinLimit(`notification-code:address:${address.toLowerCase()}`, SENDS_PER_ADDRESS);
      const code = newCode();
      const at = clock();
      const expiresAt = new Date(at.getTime() + CODE_TTL_MS);
      await notifications.putCode(r, {
        email: address,
        codeHash: codeHash(deps.secret, { applicantId: r.applicantId, email: address }, code),
        expiresAt,
        at,
      });
      try {
        await deps.mailer.send(verificationCodeMail({ to: address, municipality, code, expiresAt }));
      } catch {
        await notifications.deleteCode(r);
        throw new AppError('unavailable', 'the code could not be mailed; try again later');
      }
      return view(r);
    },

    /** The pending address becomes the verified one when the code is right. */
    async verify(r: Resident, code: string) {
      const pending = await notifications.code(r);
      if (!pending) throw codeProblem('no code is pending: send a new one');
      if (pending.expiresAt <= clock()) throw codeProblem('the code has expired: send a new one');
      if (pending.attempts >= CODE_ATTEMPTS) throw codeProblem('too many wrong codes: send a new one');
      const hash = codeHash(deps.secret, { applicantId: r.applicantId, email: pending.email }, code);
      if (!sameText(hash, pending.codeHash)) {
        const attempts = await notifications.countWrongCode(r);
        if (attempts >= CODE_ATTEMPTS) {
          await notifications.deleteCode(r);
          throw rateLimited('too many wrong codes: send a new one', 1);
        }
        throw validationFailed([{ field: 'code', message: 'the code is not right' }]);
      }
      const settings = await notifications.settings(r);
      const events = (settings?.events ?? DEFAULT_EVENTS) as NotificationEvent[];
      if (!(await notifications.verify(r, { email: pending.email, codeHash: hash, events, at: clock() }))) {
        throw codeProblem('the code was replaced by a newer one');
      }
      return view(r);
    },

    async saveEvents(r: Resident, events: NotificationEvent[]) {
      // In the one order of the contract, each once.
      const chosen = NOTIFICATION_EVENTS.filter((e) => events.includes(e));
      await notifications.saveEvents(r, chosen, clock());
      return view(r);
    },

    async removeEmail(r: Resident) {
      await notifications.removeEmail(r, clock());
      return view(r);
    },

    /** The unsubscribe link: a token this portal signed, for this municipality. */
    async unsubscribe(municipality: MunicipalityRef, token: string) {
      const claim = readUnsubscribeToken(deps.secret, token);
      if (!claim || claim.municipalityId !== municipality.id) {
        throw new AppError('bad_request', 'the unsubscribe link is not valid', 'token');
      }
      await notifications.unsubscribe(claim, claim.email, clock());
      return { ok: true as const };
    },

    async unread(r: Resident): Promise<{ notices: Notice[] }> {
      return { notices: (await notifications.unread(r)).map(noticeView) };
    },

    async markRead(r: Resident, ids: readonly string[]) {
      await notifications.markRead(r, ids, clock());
      return { ok: true as const };
    },
  };
}
export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
