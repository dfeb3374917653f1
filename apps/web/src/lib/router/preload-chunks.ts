// The router loads a page's chunks only after every beforeLoad step has ended, and those steps wait on
// the network (the municipality, the sign-in status): start the chunks at once, alongside them.
import type { AnyRouter } from '@tanstack/react-router';

interface Preloadable {
  preload?: () => Promise<unknown>;
}

/** On every navigation, starts loading the components of the routes the new location matches. */
export function preloadChunksOnNavigation(router: AnyRouter): () => void {
  return router.subscribe('onBeforeLoad', ({ toLocation }) => {
    for (const { routeId } of router.matchRoutes(toLocation)) {
      const route = (router.routesById as Record<string, { options: { component?: unknown } }>)[routeId];
      // A chunk that fails here fails again, and is handled, when the router loads it itself.
      void (route?.options.component as Preloadable | undefined)?.preload?.().catch(() => undefined);
    }
  });
}
