import type { PortalModule } from '../../http/module-kit.js';
import { addressHandlers } from './addresses.routes.js';
import { createAddressService } from './addresses.service.js';

/** Addresses by postal code (Japan Post data shipped in a package). */
export function addressesModule(): PortalModule {
  return { handlers: addressHandlers({ addresses: createAddressService() }) };
}
