import type { Db } from '../../db/client.js';
import type { PortalModule } from '../../http/module-kit.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import { createApplicationRepository } from '../applications/applications.repository.js';
import type { ApplicationService } from '../applications/applications.service.js';
import type { PublishedConfiguration } from '../configuration/published-configuration.js';
import type { SessionService } from '../sessions/sessions.service.js';
import { createCounterRepository } from './counter.repository.js';
import { counterHandlers } from './counter.routes.js';
import { createCounterService } from './counter.service.js';

/** Counter handoff (書かない窓口, decision 0026): handoffs, counter sessions, the clerk's identity check. */
export function counterModule(deps: {
  db: Db;
  applications: ApplicationService;
  accounts: AccountRepository;
  published: PublishedConfiguration;
  sessions: SessionService;
  secret: string;
  secureCookies: boolean;
  webUrl: string;
  webBase: string;
  clock: () => Date;
}): PortalModule {
  const counter = createCounterService({
    counter: createCounterRepository(deps.db),
    applications: createApplicationRepository(deps.db),
    published: deps.published,
    sessions: deps.sessions,
    secret: deps.secret,
    webUrl: deps.webUrl,
    webBase: deps.webBase,
    clock: deps.clock,
  });
  return {
    handlers: counterHandlers({
      counter,
      applications: deps.applications,
      accounts: deps.accounts,
      sessions: deps.sessions,
      secureCookies: deps.secureCookies,
    }),
  };
}
