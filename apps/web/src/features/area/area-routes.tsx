// The route tree of the staff area and the master tool: sign-in, and behind it the target's own layout
// (the shell with its navigation drawer) and screens, which each target passes in.
import {
  createRootRouteWithContext,
  createRoute,
  Outlet,
  redirect,
  type AnyRoute,
  type RouteComponent,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { setCurrentMunicipality } from '../../lib/api';
import { withChunkReload } from '../../lib/errors/chunk-reload';
import { FatalPage, PendingIndicator } from '../../lib/layout/fallbacks';
import type { RouterContext } from '../../lib/router/context';
import { PageHead } from '../../lib/router/head';
import { lazyScreen } from '../../lib/router/lazy';
import { loginStatus, rememberedStaffMunicipality, type AreaTarget } from '../../lib/staff/session';

/** Only paths inside the area may be the return target after sign-in. */
export function safeRedirect(value: unknown): string {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\')
    ? value
    : '/';
}

const layout = () => import('./AreaLayout');
const NotFoundInShell = lazy(() => withChunkReload(layout)().then((m) => ({ default: m.NotFoundInShell })));

export interface AreaRoutes {
  /** The signed-in frame (an AreaLayout with the target's navigation), loaded lazily. */
  layout: RouteComponent;
  /** The target's own sign-in screen (default: the shared SignInScreen). */
  signIn?: RouteComponent;
  /** Routes that need no sign-in (password reset, invitations), beside the sign-in screen. */
  publicRoutes?: (root: AnyRoute) => AnyRoute[];
  /** The screens behind sign-in; `area` carries `loginStatus` in its context. */
  screens: (area: AnyRoute) => AnyRoute[];
}

export function createAreaRoutes(target: AreaTarget, routes: AreaRoutes) {
  const root = createRootRouteWithContext<RouterContext>()({
    beforeLoad: () => {
      if (target === 'municipality') setCurrentMunicipality(rememberedStaffMunicipality());
    },
    component: () => (
      <>
        <PageHead />
        <Outlet />
      </>
    ),
    notFoundComponent: () => (
      <Suspense fallback={<PendingIndicator />}>
        <NotFoundInShell />
      </Suspense>
    ),
    errorComponent: FatalPage,
  });

  const login = createRoute({
    getParentRoute: () => root,
    path: 'login',
    staticData: { titleKey: target === 'municipality' ? 'staffLogin' : 'operatorLogin' },
    validateSearch: (search: Record<string, unknown>) =>
      typeof search.redirect === 'string' ? { redirect: safeRedirect(search.redirect) } : {},
    beforeLoad: async ({ context, search, preload }) => {
      if (preload) return;
      const status = await loginStatus(target, context.queryClient).catch(() => null);
      if (status?.is_logged_in)
        throw redirect({ href: (search as { redirect?: string }).redirect ?? '/', replace: true });
    },
    component: routes.signIn ?? lazyScreen(() => import('./SignInScreen'), 'SignInScreen'),
  });

  const area = createRoute({
    getParentRoute: () => root,
    id: 'area',
    beforeLoad: async ({ context, location }) => {
      const status = await loginStatus(target, context.queryClient);
      if (!status.is_logged_in)
        throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
      return { loginStatus: status };
    },
    component: routes.layout,
  });

  return root.addChildren([
    login,
    ...(routes.publicRoutes?.(root) ?? []),
    area.addChildren(routes.screens(area)),
  ]);
}
