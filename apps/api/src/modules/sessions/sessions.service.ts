import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { SESSION_IDLE_HEADER as SESSION_IDLE_HEADER_NAME } from '@portal/contracts';
import type { SessionKind, SessionRecord, SessionRepository } from './sessions.repository.js';

/** The cookie of each session kind: a browser can hold a resident's and a clerk's session at once. */
export const sessionCookie: Record<SessionKind, string> = {
  applicant: 'portal_applicant_session',
  staff: 'portal_staff_session',
  operator: 'portal_operator_session',
  invitation: 'portal_invitation_session',
  password_reset: 'portal_password_reset_session',
};

/** The session's idle time left is announced in this header (seconds), so screens warn before it ends. */
export const SESSION_IDLE_HEADER = SESSION_IDLE_HEADER_NAME.toLowerCase();

/** The longest a use goes unrecorded: the session row is written at most this often (decision 0044). */
export const TOUCH_EVERY_MS = 60_000;

/** SESSION_IDLE_MINUTES' default: ASVS 3.3.2 (level 2) asks for at most 30 minutes. */
export const DEFAULT_IDLE_MS = 30 * 60_000;

/** A session's id: its token's hash (only the hash is stored; the rate limits count by it too). */
export const sessionId = (token: string) => createHash('sha256').update(token).digest('base64url');
const hash = sessionId;

interface SessionInput {
  kind: SessionKind;
  subjectId: string;
  municipalityId: number | null;
  data?: Record<string, unknown>;
  /** A shorter life than the default (a counter session). */
  ttlMs?: number;
}

/** A live session, with when it ends if nobody uses it (its absolute expiry may come earlier). */
export interface LiveSession extends SessionRecord {
  idleExpiresAt: Date;
}

/** A session from the process's kept ones: the route's own statement must confirm it (decision 0049). */
export interface KeptSession {
  session: LiveSession;
  /** True when this request read it from the database; false when it still has to be confirmed. */
  confirmed: boolean;
}

export function createSessionService(deps: {
  sessions: SessionRepository;
  clock: () => Date;
  ttlMs: number;
  /** Inactivity after which a session ends (decision 0044; default 30 minutes). */
  idleMs?: number;
  /** How many sessions each process keeps between requests (0: none; decision 0049). */
  keep?: number;
}) {
  const idleMs = deps.idleMs ?? DEFAULT_IDLE_MS;
  // A use is recorded once a minute, or ten times per idle period when that is shorter (tests).
  const touchEveryMs = Math.min(TOUCH_EVERY_MS, Math.floor(idleMs / 10));
  // Sessions read lately, by kind and hash. A session row never changes but for its use record and its
  // deletion: a kept one is used until its next use record is due, and a route that takes one confirms
  // in its own statement that the row still exists.
  const kept = deps.keep === 0 ? null : new LRUCache<string, LiveSession>({ max: deps.keep ?? 5000 });

  /** A new session's token and the record to store (only the token's hash is stored). */
  function prepare(input: SessionInput): { token: string; expiresAt: Date; record: SessionRecord } {
    const token = randomBytes(32).toString('base64url');
    const now = deps.clock();
    const expiresAt = new Date(now.getTime() + (input.ttlMs ?? deps.ttlMs));
    const record: SessionRecord = {
      id: hash(token),
      kind: input.kind,
      subjectId: input.subjectId,
      municipalityId: input.municipalityId,
      data: input.data ?? {},
      expiresAt,
      lastSeenAt: now,
    };
    return { token, expiresAt, record };
  }

  /**
   * The live session of a cookie, or null when there is none, it expired, or it was idle longer than
   * the idle timeout. Counts as a use: the idle time starts again (recorded at most once a minute).
   */
  async function resolve(
    kind: SessionKind,
    token: string | undefined,
    id = token && sessionId(token),
  ): Promise<LiveSession | null> {
    if (!token || !id || token.length > 100) return null;
    const now = deps.clock();
    const touchBefore = new Date(now.getTime() - touchEveryMs);
    const found = await deps.sessions.findLive(id, kind, {
      now,
      idleSince: new Date(now.getTime() - idleMs),
      touchBefore,
    });
    if (!found) {
      kept?.delete(`${kind}:${id}`);
      return null;
    }
    // The row shows the use recorded before this one: when it was older than touchBefore, it is now.
    const seen = !found.lastSeenAt || found.lastSeenAt < touchBefore ? now : found.lastSeenAt;
    // The idle end only: 「続ける」 cannot move the absolute expiry, so warning of it would not help.
    const live = { ...found, lastSeenAt: seen, idleExpiresAt: new Date(seen.getTime() + idleMs) };
    kept?.set(`${kind}:${found.id}`, live);
    return live;
  }

  return {
    idleMs,
    /** A session to be stored by the caller inside its own transaction (the counter handoff). */
    prepare,
    /** Starts a session; returns the token for the cookie (only its hash is stored). */
    async start(input: SessionInput): Promise<{ token: string; expiresAt: Date }> {
      const { token, expiresAt, record } = prepare(input);
      await deps.sessions.insert(record);
      return { token, expiresAt };
    },
    resolve,
    /**
     * `resolve` without a query while this process read the session lately and its next use record is
     * not yet due; the caller must then confirm the row still exists in its own statement (decision 0049).
     */
    async resolveKept(
      kind: SessionKind,
      token: string | undefined,
      /** The token's `sessionId` when the request already has it (the rate limits hash it first). */
      id = token && sessionId(token),
    ): Promise<KeptSession | null> {
      if (!token || !id || token.length > 100) return null;
      const session = kept?.get(`${kind}:${id}`);
      const now = deps.clock().getTime();
      if (
        session?.lastSeenAt &&
        now < session.lastSeenAt.getTime() + touchEveryMs &&
        now < session.expiresAt.getTime()
      ) {
        return { session, confirmed: false };
      }
      const read = await resolve(kind, token, id);
      return read && { session: read, confirmed: true };
    },
    /** Drops a kept session a statement found ended (another process signed it out, or it expired). */
    forget(kind: SessionKind, id: string): void {
      kept?.delete(`${kind}:${id}`);
    },
    /** Confirms a kept session by a query of its own (a route path that reads no answers). */
    async confirm(kind: SessionKind, id: string): Promise<boolean> {
      const live = await deps.sessions.exists(id, kind, deps.clock());
      if (!live) kept?.delete(`${kind}:${id}`);
      return live;
    },
    /** Seconds the session has left unless used again (what SESSION_IDLE_HEADER announces). */
    secondsLeft(session: LiveSession): number {
      return Math.max(0, Math.round((session.idleExpiresAt.getTime() - deps.clock().getTime()) / 1000));
    },
    async end(token: string | undefined): Promise<void> {
      if (!token) return;
      const id = hash(token);
      for (const kind of Object.keys(sessionCookie)) kept?.delete(`${kind}:${id}`);
      await deps.sessions.delete(id);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
