// TanStack Query on top of the API client: a query key per route id and its inputs, so every screen
// that reads the same call shares one cache entry.
import {
  QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { RouteId } from '@portal/contracts';
import type { ApiCallOptions, ApiResult } from './client';
import { api } from './default-client';
import { ApiError } from './errors';

type Inputs<Id extends RouteId> = Omit<ApiCallOptions<Id>, 'signal'>;

/** The cache key of a call: route id, path parameters and query. */
export function apiQueryKey<Id extends RouteId>(id: Id, options?: Inputs<Id>): readonly unknown[] {
  const o = (options ?? {}) as { params?: unknown; query?: unknown };
  return [id, o.params ?? {}, o.query ?? {}];
}

/** Query options of a read, for `useQuery`, `ensureQueryData` in router guards, or prefetching. */
export function apiQueryOptions<Id extends RouteId>(id: Id, options?: Inputs<Id>) {
  return queryOptions({
    queryKey: apiQueryKey(id, options),
    queryFn: ({ signal }) =>
      (api as (id: Id, o: unknown) => Promise<ApiResult<Id>>)(id, { ...options, signal }),
  });
}

/** Reads one route: `useApiQuery('applicant.home', { params: { code } })`. */
export function useApiQuery<Id extends RouteId>(
  id: Id,
  options?: Inputs<Id>,
  extra?: Omit<UseQueryOptions<ApiResult<Id>, Error, ApiResult<Id>>, 'queryKey' | 'queryFn'>,
) {
  return useQuery({ ...apiQueryOptions(id, options), ...extra });
}

/** Writes one route; the mutation's variables are the call's inputs (params, query, body). */
export function useApiMutation<Id extends RouteId>(
  id: Id,
  extra?: Omit<UseMutationOptions<ApiResult<Id>, Error, Inputs<Id>>, 'mutationFn'>,
) {
  return useMutation({
    mutationFn: (inputs: Inputs<Id>) => (api as (id: Id, o: unknown) => Promise<ApiResult<Id>>)(id, inputs),
    ...extra,
  });
}

/** Client errors (4xx) and shape errors are not retried: the same request would fail the same way. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return false;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
