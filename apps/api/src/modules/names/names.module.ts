import type { PortalModule } from '../../http/module-kit.js';
import { personNameHandlers } from './person-name.routes.js';

/** Checking that a person's name can be printed on certificates. */
export function namesModule(): PortalModule {
  return { handlers: personNameHandlers() };
}
