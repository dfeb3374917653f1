import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import type { BackgroundWork, Mailer } from '../mail/mailer.js';
import type { SessionService } from '../sessions/sessions.service.js';
import { createStaffAccountRepository } from './staff-accounts.repository.js';
import { staffAccountHandlers } from './staff-accounts.routes.js';
import { createStaffAccountService } from './staff-accounts.service.js';

/** Staff accounts, invitations, password reset and the audit log. */
export function staffAccountsModule(deps: {
  db: Db;
  accounts: AccountRepository;
  mailer: Mailer;
  background: BackgroundWork;
  /** Mailed links open this environment's staff pages (/stg/staff/... on staging). */
  webUrl: string;
  /** Mail links are exchanged for short form sessions (decision 0044). */
  sessions: SessionService;
  secureCookies: boolean;
  clock: () => Date;
}): PortalModule {
  const { db, accounts } = deps;
  const service = createStaffAccountService({
    repository: createStaffAccountRepository(db),
    accounts,
    audit: createAuditRepository(db),
    mailer: deps.mailer,
    background: deps.background,
    clock: deps.clock,
    publicUrl: deps.webUrl,
    sessions: deps.sessions,
  });
  return {
    handlers: staffAccountHandlers({
      service,
      accounts,
      sessions: deps.sessions,
      secureCookies: deps.secureCookies,
    }),
  };
}
