import { createAreaRoutes } from '../../features/area/area-routes';
import { startApp } from '../../lib/app/start';

/** Starts the staff area (served at '/staff/'). */
export const start = () => startApp('municipality', createAreaRoutes('municipality'));
