import { handle } from '../../http/route-kit.js';
import { checkPersonName } from './person-name.service.js';

export function personNameHandlers() {
  return [handle('applicant.person_name.validate', async ({ body }) => checkPersonName(body.person_name))];
}
