import { startApp } from '../../lib/app/start';
import { applicantFormMessages } from '../../lib/i18n/parts/applicant-form';
import { mastertoolMessages } from '../../lib/i18n/parts/mastertool';
import { mastertoolRouteTree } from './routes';

/** Starts the master tool (served at '/mastertool/'). */
export const start = () =>
  startApp('mastertool', mastertoolRouteTree, [mastertoolMessages, applicantFormMessages]);
