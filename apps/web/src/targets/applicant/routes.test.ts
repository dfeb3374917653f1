import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { applicantPagePaths, matchPagePath } from '@portal/contracts';
import { filterSearch, formSearch, groupSearch, routeTree, signInFailedSearch } from './routes';

const router = createRouter({
  routeTree,
  history: createMemoryHistory({ initialEntries: ['/'] }),
  context: { queryClient: new QueryClient() },
  notFoundMode: 'root',
});

/** The route id the router picks for the whole path, or null when only a part matches (page not found). */
function routeFor(path: string): string | null {
  const matches = router.matchRoutes(path, {});
  const last = matches[matches.length - 1];
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p);
  return last && last.routeId !== '__root__' && trim(last.pathname) === trim(path) ? last.routeId : null;
}

const concrete = (path: string) =>
  path.replace('{code}', '999999').replace('{id}', '3f1c2a6e-8d4b-4c1e-9a7f-2b5d6e8f9a01');

/** The full paths of the tree's pages in the contracts' notation (`{code}`, `{id}`), layouts left out. */
function registeredPaths(): string[] {
  const paths = new Set<string>();
  const routes = Object.values(router.routesById) as { fullPath: string; children?: object }[];
  for (const route of routes) {
    if (route.children && Object.keys(route.children).length > 0) continue;
    const path = route.fullPath
      .replace('$municipalityCode', '{code}')
      .replace('$applicationId', '{id}')
      .replace(/(.)\/$/, '$1');
    paths.add(path || '/');
  }
  return [...paths].sort();
}

describe('applicant routes', () => {
  it('register every page path the server knows (spec section 2 and the sign-in failure pages)', () => {
    // 7 top-level, 6 municipality and 15 application screens of spec §2; the top; sign-in failure twice;
    // the counter handoff's two pages (decision 0026); notification settings and unsubscribe (decision 0025).
    expect(applicantPagePaths).toHaveLength(35);
    for (const path of applicantPagePaths) {
      expect(routeFor(concrete(path)), path).not.toBeNull();
    }
  });

  it('have no page the server would answer 404 (the contracts list and the route tree agree)', () => {
    expect(registeredPaths()).toEqual([...applicantPagePaths].sort());
  });

  it('match paths on the server as the router does', () => {
    for (const path of [
      '/nowhere',
      '/municipalities/999999/unknown',
      '/municipalities/999999/applications/x/y/z',
    ]) {
      expect(matchPagePath(applicantPagePaths, path), path).toBeNull();
    }
    expect(matchPagePath(applicantPagePaths, '/municipalities/999999/')).toEqual({
      pattern: '/municipalities/{code}',
      params: { code: '999999' },
    });
  });

  it('put /error and /mynaportal/error outside the default layout', () => {
    expect(routeFor('/error')).toBe('/bare/error');
    expect(routeFor('/mynaportal/error')).toBe('/bare/mynaportal/error');
    expect(routeFor('/maintenance')).toBe('/layout/maintenance');
  });

  it('match nothing for unknown paths', () => {
    expect(routeFor('/nowhere')).toBeNull();
    expect(routeFor('/municipalities/999999/unknown')).toBeNull();
    expect(routeFor('/municipalities/999999/applications/x/unknown')).toBeNull();
  });
});

describe('search parameters', () => {
  it('keep a sign-in failure reason and a return path on this site only', () => {
    expect(
      signInFailedSearch({ reason: 'cancelled', return_to: '/municipalities/999999/applications' }),
    ).toEqual({
      reason: 'cancelled',
      return_to: '/municipalities/999999/applications',
    });
    expect(signInFailedSearch({ reason: '<b>', return_to: '//evil.example' })).toEqual({});
    expect(signInFailedSearch({ return_to: 'https://evil.example/' })).toEqual({});
    expect(signInFailedSearch({ return_to: '/\\evil.example' })).toEqual({});
  });

  it('keep a positive group id only', () => {
    expect(groupSearch({ procedure_group_id: 1 })).toEqual({ procedure_group_id: 1 });
    expect(groupSearch({ procedure_group_id: '2' })).toEqual({ procedure_group_id: 2 });
    expect(groupSearch({ procedure_group_id: 0 })).toEqual({});
    expect(groupSearch({ procedure_group_id: 'x' })).toEqual({});
  });

  it('keep well-formed filter answers, as text', () => {
    expect(filterSearch({ procedure_group_id: 1, answers: '1-3-5' })).toEqual({
      procedure_group_id: 1,
      answers: '1-3-5',
    });
    expect(filterSearch({ answers: 7 })).toEqual({ answers: '7' });
    expect(filterSearch({ answers: '1-x' })).toEqual({});
    expect(filterSearch({ answers: '<script>' })).toEqual({});
  });

  it('keep the page of the form, a well-formed field and the review a change returns to', () => {
    expect(formSearch({ page: 2, field: 'child_first_name', from: 'review' })).toEqual({
      page: 2,
      field: 'child_first_name',
      from: 'review',
    });
    expect(formSearch({ page: '3' })).toEqual({ page: 3 });
    expect(formSearch({ page: 0, field: '<b>', from: 'elsewhere' })).toEqual({});
    expect(formSearch({ field: 7 })).toEqual({});
  });
});
