import type { PortalModule } from '../../http/module-kit.js';
import type { AccountRepository } from '../accounts/accounts.repository.js';
import { createGroupCreationService } from './group-creation.service.js';
import { mastertoolHandlers } from './mastertool.routes.js';
import {
  createReflectionService,
  type EnvironmentDatabases,
  type EnvironmentName,
} from './reflection.service.js';

/** The master tool: configuration drafts and their reflection to staging and production (decision 0006). */
export function mastertoolModule(deps: {
  environment: EnvironmentName;
  /** Both environments' databases; without them the master tool's calls answer 501. */
  environments: EnvironmentDatabases | undefined;
  accounts: AccountRepository;
  clock: () => Date;
}): PortalModule {
  if (!deps.environments) return { handlers: [] };
  const reflection = createReflectionService({
    environment: deps.environment,
    databases: deps.environments,
    clock: deps.clock,
  });
  const creation = createGroupCreationService({
    databases: deps.environments,
    reflection,
    clock: deps.clock,
  });
  return { handlers: mastertoolHandlers({ reflection, creation, accounts: deps.accounts }) };
}
