// The master tool's screens (build target mastertool, served at /mastertool/ for production and at
// /stg/mastertool/ for staging). Screens of one municipality sit under /municipalities/{code}/, which sets
// the municipality every call sends (X-Region-Code).
import { createRoute, notFound, Outlet, type AnyRoute } from '@tanstack/react-router';
import { createAreaRoutes } from '../../features/area/area-routes';
import { setCurrentMunicipality } from '../../lib/api';
import { lazyScreen } from '../../lib/router/lazy';

const groupScreens = (municipality: AnyRoute) => {
  const group = createRoute({
    getParentRoute: () => municipality,
    path: 'procedure-groups/$groupId',
    // Group ids are positive integers: anything else (`new`) is a page that does not exist.
    beforeLoad: ({ params }) => {
      if (!/^[1-9]\d{0,9}$/.test((params as { groupId: string }).groupId)) throw notFound();
    },
    component: Outlet,
  });
  return group.addChildren([
    createRoute({
      getParentRoute: () => group,
      path: 'edit',
      staticData: { titleKey: 'procedureGroupEditor' },
      component: lazyScreen(
        () => import('./screens/ProcedureGroupEditorScreen'),
        'ProcedureGroupEditorScreen',
      ),
    }),
    createRoute({
      getParentRoute: () => group,
      path: 'preview',
      staticData: { titleKey: 'preview' },
      component: lazyScreen(() => import('./screens/PreviewScreen'), 'PreviewScreen'),
    }),
    createRoute({
      getParentRoute: () => group,
      path: 'reflect',
      staticData: { titleKey: 'reflect' },
      component: lazyScreen(() => import('./screens/ReflectScreen'), 'ReflectScreen'),
    }),
    createRoute({
      getParentRoute: () => group,
      path: 'funnel',
      staticData: { titleKey: 'funnel' },
      component: lazyScreen(() => import('./screens/FunnelScreen'), 'FunnelScreen'),
    }),
  ]);
};

export const mastertoolRouteTree = createAreaRoutes('mastertool', {
  layout: lazyScreen(() => import('./MastertoolLayout'), 'MastertoolLayout'),
  signIn: lazyScreen(() => import('./screens/SignInScreen'), 'MastertoolSignInScreen'),
  screens: (area) => {
    const municipality = createRoute({
      getParentRoute: () => area,
      path: 'municipalities/$code',
      beforeLoad: ({ params }) => setCurrentMunicipality((params as { code: string }).code),
      component: Outlet,
    });
    return [
      createRoute({
        getParentRoute: () => area,
        path: '/',
        staticData: { titleKey: 'municipalities' },
        component: lazyScreen(() => import('./screens/MunicipalitiesScreen'), 'MunicipalitiesScreen'),
      }),
      municipality.addChildren([
        createRoute({
          getParentRoute: () => municipality,
          path: '/',
          staticData: { titleKey: 'reflectionManagers' },
          component: lazyScreen(
            () => import('./screens/ReflectionManagersScreen'),
            'ReflectionManagersScreen',
          ),
        }),
        createRoute({
          getParentRoute: () => municipality,
          path: 'material-templates',
          staticData: { titleKey: 'materialTemplates' },
          component: lazyScreen(() => import('./screens/MaterialTemplatesScreen'), 'MaterialTemplatesScreen'),
        }),
        createRoute({
          getParentRoute: () => municipality,
          path: 'reference-data',
          staticData: { titleKey: 'referenceData' },
          component: lazyScreen(() => import('./screens/ReferenceDataScreen'), 'ReferenceDataScreen'),
        }),
        groupScreens(municipality),
      ]),
    ];
  },
});
