import { AppError } from '../../http/errors.js';
import { handle } from '../../http/route-kit.js';
import type { BankService } from './banks.service.js';

/** The Zengin data changes only with a package upgrade, so browsers and proxies may keep answers a day. */
const cacheControl = 'public, max-age=86400';

export function bankHandlers(deps: { banks: BankService }) {
  return [
    handle('applicant.banks', async ({ query, reply }) => {
      const found = await deps.banks.banks(query.q);
      reply.header('Cache-Control', cacheControl);
      return found;
    }),
    handle('applicant.bank_branches', async ({ query, reply }) => {
      const found = await deps.banks.branches(query.bank_code, query.q);
      if (!found) throw new AppError('not_found', `no bank has the code ${query.bank_code}`, 'bank_code');
      reply.header('Cache-Control', cacheControl);
      return found;
    }),
  ];
}
