import { createHash, randomBytes } from 'node:crypto';
import type { SessionKind, SessionRecord, SessionRepository } from './sessions.repository.js';

/** The cookie of each session kind: a browser can hold a resident's and a clerk's session at once. */
export const sessionCookie: Record<SessionKind, string> = {
  applicant: 'portal_applicant_session',
  staff: 'portal_staff_session',
  operator: 'portal_operator_session',
};

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

interface SessionInput {
  kind: SessionKind;
  subjectId: string;
  municipalityId: number | null;
  data?: Record<string, unknown>;
  /** A shorter life than the default (a counter session). */
  ttlMs?: number;
}

export function createSessionService(deps: {
  sessions: SessionRepository;
  clock: () => Date;
  ttlMs: number;
}) {
  /** A new session's token and the record to store (only the token's hash is stored). */
  function prepare(input: SessionInput): { token: string; expiresAt: Date; record: SessionRecord } {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(deps.clock().getTime() + (input.ttlMs ?? deps.ttlMs));
    const record: SessionRecord = {
      id: hash(token),
      kind: input.kind,
      subjectId: input.subjectId,
      municipalityId: input.municipalityId,
      data: input.data ?? {},
      expiresAt,
    };
    return { token, expiresAt, record };
  }

  return {
    /** A session to be stored by the caller inside its own transaction (the counter handoff). */
    prepare,
    /** Starts a session; returns the token for the cookie (only its hash is stored). */
    async start(input: SessionInput): Promise<{ token: string; expiresAt: Date }> {
      const { token, expiresAt, record } = prepare(input);
      await deps.sessions.insert(record);
      return { token, expiresAt };
    },
    async resolve(kind: SessionKind, token: string | undefined): Promise<SessionRecord | null> {
      if (!token || token.length > 100) return null;
      return deps.sessions.findLive(hash(token), kind, deps.clock());
    },
    async end(token: string | undefined): Promise<void> {
      if (token) await deps.sessions.delete(hash(token));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
