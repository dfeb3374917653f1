import { startApp } from '../../lib/app/start';
import { applicantFormMessages } from '../../lib/i18n/parts/applicant-form';
import { counterDeskMessages } from '../../lib/i18n/parts/counter-desk';
import { staffMessages } from '../../lib/i18n/parts/staff';
import { systemKeysMessages } from '../../lib/i18n/parts/system-keys';
import { staffRouteTree } from './routes';

/** Starts the staff area (served at '/staff/'). */
export const start = () =>
  startApp('municipality', staffRouteTree, [
    staffMessages,
    counterDeskMessages,
    systemKeysMessages,
    applicantFormMessages,
  ]);
