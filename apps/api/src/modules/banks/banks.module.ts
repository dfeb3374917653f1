import type { PortalModule } from '../../http/module-kit.js';
import { bankHandlers } from './banks.routes.js';
import { createBankService } from './banks.service.js';

/** Banks and branches by name or code (the Zengin codes shipped in a package), for the account items. */
export function banksModule(): PortalModule {
  return { handlers: bankHandlers({ banks: createBankService() }) };
}
