import type { FastifyReply } from 'fastify';
import {
  SESSION_IDLE_HEADER,
  type LiveSession,
  type SessionService,
} from '../modules/sessions/sessions.service.js';

/** Tells the screen how long the session has left unless used again (it warns 2 minutes before). */
export function announceIdle(reply: FastifyReply, sessions: SessionService, session: LiveSession): void {
  reply.header(SESSION_IDLE_HEADER, String(sessions.secondsLeft(session)));
}
