import type { RouteDef } from '@portal/contracts';
import type { MunicipalityRef } from '../modules/municipalities/municipalities.repository.js';
import type { SystemKeyContext } from '../modules/integration/system-keys.policy.js';
import type { SessionRecord } from '../modules/sessions/sessions.repository.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table entry this route serves. */
    routeDef?: RouteDef;
  }
  interface FastifyRequest {
    /** Set by the region check for routes under /municipalities/{code}/. */
    municipality: MunicipalityRef | null;
    /** Set by the sign-in check for routes of a signed-in audience. */
    session: SessionRecord | null;
    /**
     * False when the session came from the process's kept ones and the route's own statement must
     * still confirm it exists (decision 0049); true when read from the database for this request.
     */
    sessionConfirmed: boolean;
    /** Set by the key check for routes of the `integration` audience (decision 0057). */
    systemKey: SystemKeyContext | null;
  }
}
