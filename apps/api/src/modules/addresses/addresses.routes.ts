import { handle } from '../../http/route-kit.js';
import type { AddressService } from './addresses.service.js';

/** Japan Post data changes only with a package upgrade, so browsers and proxies may keep answers a day. */
const cacheControl = 'public, max-age=86400';

export function addressHandlers(deps: { addresses: AddressService }) {
  return [
    handle('applicant.addresses', async ({ query, reply }) => {
      const addresses = deps.addresses.byPostalCode(query.zipcode);
      reply.header('Cache-Control', cacheControl);
      return [...addresses];
    }),
  ];
}
