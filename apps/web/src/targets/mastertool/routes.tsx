// The master tool's screens (build target mastertool, served at /mastertool/).
import { createRoute } from '@tanstack/react-router';
import { createAreaRoutes } from '../../features/area/area-routes';
import { lazyScreen } from '../../lib/router/lazy';

export const mastertoolRouteTree = createAreaRoutes('mastertool', {
  layout: lazyScreen(() => import('./MastertoolLayout'), 'MastertoolLayout'),
  screens: (area) => [
    createRoute({
      getParentRoute: () => area,
      path: '/',
      staticData: { titleKey: 'dashboard' },
      component: lazyScreen(() => import('../../features/area/DashboardScreen'), 'DashboardScreen'),
    }),
  ],
});
