import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { preloadChunksOnNavigation } from './preload-chunks';

describe('preloadChunksOnNavigation', () => {
  it('starts the matched screen’s chunk while a before-load step still waits on the network', async () => {
    const loaded: string[] = [];
    let answer: () => void = () => undefined;
    const network = new Promise<void>((resolve) => (answer = resolve));
    const chunk = (name: string) =>
      lazyRouteComponent(async () => {
        loaded.push(name);
        return { default: () => null };
      });

    const root = createRootRoute({ beforeLoad: () => network });
    const tree = root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/entrance', component: chunk('entrance') }),
      createRoute({ getParentRoute: () => root, path: '/terms', component: chunk('terms') }),
    ]);
    const router = createRouter({
      routeTree: tree,
      history: createMemoryHistory({ initialEntries: ['/entrance'] }),
    });
    const stop = preloadChunksOnNavigation(router);

    // What the router provider does when the page opens.
    const navigation = router.load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The root's step has not answered, yet the entrance is loading; the page not asked for is not.
    expect(loaded).toEqual(['entrance']);

    answer();
    await navigation;
    stop();
    expect(router.state.location.pathname).toBe('/entrance');
  });

  it('starts a page’s early data with the parents’ steps, with its params and search', async () => {
    let answer: () => void = () => undefined;
    const network = new Promise<void>((resolve) => (answer = resolve));
    const queryClient = new QueryClient();
    const asked: unknown[] = [];
    const root = createRootRoute({ beforeLoad: () => network });
    const tree = root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: '/municipalities/$code/terms',
        staticData: {
          earlyData: ({ queryClient: client, params, search }) => {
            asked.push({ params, search });
            return client.prefetchQuery({ queryKey: ['terms', params.code], queryFn: async () => 'terms' });
          },
        },
        component: () => null,
      }),
    ]);
    const router = createRouter({
      routeTree: tree,
      history: createMemoryHistory({ initialEntries: ['/municipalities/999999/terms?device=browser'] }),
    });
    const stop = preloadChunksOnNavigation(router, queryClient);

    const navigation = router.load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The root's step has not answered, yet the terms are already in the cache.
    expect(asked).toEqual([{ params: { code: '999999' }, search: { device: 'browser' } }]);
    expect(queryClient.getQueryData(['terms', '999999'])).toBe('terms');

    answer();
    await navigation;
    stop();
  });

  it('asks for nothing early without a query cache, and a failing early step stays quiet', async () => {
    const root = createRootRoute();
    let calls = 0;
    const tree = root.addChildren([
      createRoute({
        getParentRoute: () => root,
        path: '/x',
        staticData: { earlyData: () => (calls++, Promise.reject(new Error('offline'))) },
        component: () => null,
      }),
    ]);
    const at = (path: string) =>
      createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: [path] }) });
    const without = at('/x');
    const stopWithout = preloadChunksOnNavigation(without);
    await without.load();
    stopWithout();
    expect(calls).toBe(0);
    const withCache = at('/x');
    const stopWith = preloadChunksOnNavigation(withCache, new QueryClient());
    await withCache.load();
    stopWith();
    expect(calls).toBe(1);
  });
});
