// The staff and master-tool route trees register exactly the page paths the server knows (contracts):
// any other path under /staff/ or /mastertool/ answers 404.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, type AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { mastertoolPagePaths, staffPagePaths } from '@portal/contracts';
import { mastertoolRouteTree } from './mastertool/routes';
import { staffRouteTree } from './municipality/routes';

/** The tree's leaf pages in the contracts' notation: each `$param` as `{code}` or `{id}`. */
function pagesOf(routeTree: AnyRoute): string[] {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { queryClient: new QueryClient() },
  });
  const routes = Object.values(router.routesById) as { fullPath: string; children?: object }[];
  const paths = routes
    .filter((r) => !r.children || Object.keys(r.children).length === 0)
    .map((r) =>
      r.fullPath
        .replace(/\$code\b/, '{code}')
        .replace(/\$\w+/g, '{id}')
        .replace(/(.)\/$/, '$1'),
    )
    .map((p) => p || '/');
  return [...new Set(paths)].sort();
}

describe('page paths of the staff and master-tool targets', () => {
  it('agree with the contracts', () => {
    expect(pagesOf(staffRouteTree)).toEqual([...staffPagePaths].sort());
    expect(pagesOf(mastertoolRouteTree)).toEqual([...mastertoolPagePaths].sort());
  });
});
