import { startApp } from '../../lib/app/start';
import { applicantFormLazyMessages } from '../../lib/i18n/parts/applicant-form.lazy';
import { routeTree } from './routes';

/** Starts the applicant area (served at '/'); the form's texts load with the first screen that needs them. */
export const start = () => startApp('applicant', routeTree, [], [applicantFormLazyMessages]);
