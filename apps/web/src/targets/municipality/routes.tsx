// The staff area's screens (build target municipality, served at /staff/).
import { createRoute } from '@tanstack/react-router';
import { createAreaRoutes } from '../../features/area/area-routes';
import { lazyScreen } from '../../lib/router/lazy';

export const staffRouteTree = createAreaRoutes('municipality', {
  layout: lazyScreen(() => import('./StaffLayout'), 'StaffLayout'),
  screens: (area) => [
    createRoute({
      getParentRoute: () => area,
      path: '/',
      staticData: { titleKey: 'dashboard' },
      component: lazyScreen(() => import('../../features/area/DashboardScreen'), 'DashboardScreen'),
    }),
  ],
});
