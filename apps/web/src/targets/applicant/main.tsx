import { startApp } from '../../lib/app/start';
import { routeTree } from './routes';

/** Starts the applicant area (served at '/'). */
export const start = () => startApp('applicant', routeTree);
