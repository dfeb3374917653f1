import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { applicantPaths, filterSearch, groupSearch, routeTree } from './routes';

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

describe('applicant routes', () => {
  it('register every path of spec section 2 (7 top-level, 6 municipality, 15 application screens)', () => {
    expect(applicantPaths).toHaveLength(28);
    for (const path of applicantPaths) {
      expect(routeFor(concrete(path)), path).not.toBeNull();
    }
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
});
