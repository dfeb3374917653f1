import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import type { SessionService } from '../sessions/sessions.service.js';
import type { SignInFailureCounter } from '../system/metrics.js';
import { createAccountRepository, type AccountRepository } from './accounts.repository.js';
import { signInHandlers } from './sign-in.routes.js';
import { createSignInService } from './sign-in.service.js';

/**
 * Staff and operator sign-in. its `repository` is how every staff and operator module finds who is signed in
 * (and what the address limit counts sign-in failures in).
 */
export function accountsModule(deps: {
  db: Db;
  sessions: SessionService;
  secureCookies: boolean;
  signInFailures: SignInFailureCounter;
  clock: () => Date;
}): PortalModule & { repository: AccountRepository } {
  const { sessions, clock } = deps;
  const accounts = createAccountRepository(deps.db);
  const signIn = createSignInService({ accounts, sessions, signInFailures: deps.signInFailures, clock });
  return {
    handlers: signInHandlers({
      signIn,
      sessions,
      accounts,
      secureCookies: deps.secureCookies,
      audit: createAuditRepository(deps.db),
    }),
    repository: accounts,
  };
}
