import { createHash, randomBytes } from 'node:crypto';
import type { SessionKind, SessionRecord, SessionRepository } from './sessions.repository.js';

/** The cookie of each session kind: a browser can hold a resident's and a clerk's session at once. */
export const sessionCookie: Record<SessionKind, string> = {
  applicant: 'portal_applicant_session',
  staff: 'portal_staff_session',
  operator: 'portal_operator_session',
};

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export function createSessionService(deps: {
  sessions: SessionRepository;
  clock: () => Date;
  ttlMs: number;
}) {
  return {
    /** Starts a session; returns the token for the cookie (only its hash is stored). */
    async start(input: {
      kind: SessionKind;
      subjectId: string;
      municipalityId: number | null;
      data?: Record<string, unknown>;
    }): Promise<{ token: string; expiresAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(deps.clock().getTime() + deps.ttlMs);
      await deps.sessions.insert({
        id: hash(token),
        kind: input.kind,
        subjectId: input.subjectId,
        municipalityId: input.municipalityId,
        data: input.data ?? {},
        expiresAt,
      });
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
