// The staff area's screens (build target municipality, served at /staff/).
import { createRoute } from '@tanstack/react-router';
import { createAreaRoutes } from '../../features/area/area-routes';
import { lazyScreen } from '../../lib/router/lazy';

export const staffRouteTree = createAreaRoutes('municipality', {
  layout: lazyScreen(() => import('./StaffLayout'), 'StaffLayout'),
  publicRoutes: (root) => [
    createRoute({
      getParentRoute: () => root,
      path: 'password-reset',
      staticData: { titleKey: 'passwordReset' },
      component: lazyScreen(
        () => import('../../features/staff-accounts/PasswordResetScreen'),
        'PasswordResetScreen',
      ),
    }),
    createRoute({
      getParentRoute: () => root,
      path: 'accounts/new',
      staticData: { titleKey: 'invitationAccept' },
      component: lazyScreen(
        () => import('../../features/staff-accounts/InvitationAcceptScreen'),
        'InvitationAcceptScreen',
      ),
    }),
  ],
  screens: (area) => [
    createRoute({
      getParentRoute: () => area,
      path: '/',
      staticData: { titleKey: 'dashboard' },
      component: lazyScreen(
        () => import('../../features/staff-documents/StaffDashboardScreen'),
        'StaffDashboardScreen',
      ),
    }),
    createRoute({
      getParentRoute: () => area,
      path: 'documents',
      staticData: { titleKey: 'documents' },
      component: lazyScreen(
        () => import('../../features/staff-documents/DocumentsScreen'),
        'DocumentsScreen',
      ),
    }),
    createRoute({
      getParentRoute: () => area,
      path: 'documents/$documentId',
      staticData: { titleKey: 'documentDetail' },
      component: lazyScreen(
        () => import('../../features/staff-documents/DocumentDetailScreen'),
        'DocumentDetailScreen',
      ),
    }),
    createRoute({
      getParentRoute: () => area,
      path: 'counter',
      staticData: { titleKey: 'counter' },
      component: lazyScreen(() => import('./CounterScreen'), 'CounterScreen'),
    }),
    createRoute({
      getParentRoute: () => area,
      path: 'exports',
      staticData: { titleKey: 'exports' },
      component: lazyScreen(() => import('../../features/staff-jobs/ExportsScreen'), 'ExportsScreen'),
    }),
    createRoute({
      getParentRoute: () => area,
      path: 'accounts',
      staticData: { titleKey: 'accounts' },
      component: lazyScreen(() => import('../../features/staff-accounts/AccountsScreen'), 'AccountsScreen'),
    }),
    createRoute({
      getParentRoute: () => area,
      path: 'invitations',
      staticData: { titleKey: 'invitations' },
      component: lazyScreen(
        () => import('../../features/staff-accounts/InvitationsScreen'),
        'InvitationsScreen',
      ),
    }),
    createRoute({
      getParentRoute: () => area,
      path: 'audit-log',
      staticData: { titleKey: 'auditLog' },
      component: lazyScreen(() => import('../../features/staff-audit/AuditLogScreen'), 'AuditLogScreen'),
    }),
    createRoute({
      getParentRoute: () => area,
      path: 'system-keys',
      staticData: { titleKey: 'systemKeys' },
      component: lazyScreen(
        () => import('../../features/staff-system-keys/SystemKeysScreen'),
        'SystemKeysScreen',
      ),
    }),
    createRoute({
      getParentRoute: () => area,
      path: 'system-keys/new',
      staticData: { titleKey: 'systemKeys' },
      component: lazyScreen(
        () => import('../../features/staff-system-keys/NewSystemKeyScreen'),
        'NewSystemKeyScreen',
      ),
    }),
    createRoute({
      getParentRoute: () => area,
      path: 'system-keys/$keyId',
      staticData: { titleKey: 'systemKeys' },
      component: lazyScreen(
        () => import('../../features/staff-system-keys/SystemKeyDetailScreen'),
        'SystemKeyDetailScreen',
      ),
    }),
    createRoute({
      getParentRoute: () => area,
      path: 'funnel',
      staticData: { titleKey: 'procedureFunnel' },
      component: lazyScreen(() => import('../../features/staff-funnel/FunnelScreen'), 'FunnelScreen'),
    }),
  ],
});
