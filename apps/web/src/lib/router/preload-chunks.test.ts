import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router';
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
});
