// The router loads a page's chunks, and runs its loaders, only after every beforeLoad step has ended, and
// those steps wait on the network (the municipality, the sign-in status): start the chunks, and the data
// a page shows to anyone (`earlyData`), at once, alongside them.
import type { AnyRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';

interface Preloadable {
  preload?: () => Promise<unknown>;
}

/** What an early-data step gets: the query cache, and the matched route's params and search. */
export interface EarlyDataArgs {
  queryClient: QueryClient;
  params: Record<string, string>;
  search: Record<string, unknown>;
}

/** Fills the query cache for a page; undefined when there is nothing to ask for. */
export type EarlyData = (args: EarlyDataArgs) => Promise<unknown> | undefined;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * Fills the query cache with what the page shows without sign-in, started with the parents' steps
     * instead of after them (the route's loader, which asks for the same query, then finds it underway).
     */
    earlyData?: EarlyData;
  }
}

interface RouteOptions {
  component?: unknown;
  staticData?: { earlyData?: EarlyData };
}

/** On every navigation, starts the components of the routes the new location matches, and their early data. */
export function preloadChunksOnNavigation(router: AnyRouter, queryClient?: QueryClient): () => void {
  return router.subscribe('onBeforeLoad', ({ toLocation }) => {
    for (const match of router.matchRoutes(toLocation)) {
      const route = (router.routesById as Record<string, { options: RouteOptions }>)[match.routeId];
      // A chunk that fails here fails again, and is handled, when the router loads it itself.
      void (route?.options.component as Preloadable | undefined)?.preload?.().catch(() => undefined);
      const early = route?.options.staticData?.earlyData;
      // Likewise a query: the screen shows its own loading error.
      if (early && queryClient) {
        void early({
          queryClient,
          params: match.params as Record<string, string>,
          search: match.search as Record<string, unknown>,
        })?.catch(() => undefined);
      }
    }
  });
}
