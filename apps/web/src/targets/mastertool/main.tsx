import { createAreaRoutes } from '../../features/area/area-routes';
import { startApp } from '../../lib/app/start';

/** Starts the master tool (served at '/mastertool/'). */
export const start = () => startApp('mastertool', createAreaRoutes('mastertool'));
