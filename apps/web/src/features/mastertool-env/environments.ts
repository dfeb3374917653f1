// The master tool works on both environments (decision 0006): each has its own API prefix and its own
// operator session. The page's own environment uses the app's client; the other one a client of its own
// (its own CSRF token), so the reflect screen can read and reflect on both.
import type { RouteId } from '@portal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import {
  apiPrefixOf,
  createApiClient,
  type ApiCallOptions,
  type ApiClient,
  type ApiResult,
} from '../../lib/api/client';
import { answerSchemas, apiClient, pageEnvironment } from '../../lib/api/default-client';
import { apiQueryKey, currentMunicipality, useApiQuery } from '../../lib/api';

/** The environments as the reflection managers name them. */
export type EnvName = 'staging' | 'product';
export const ENVIRONMENTS: readonly EnvName[] = ['staging', 'product'];

/** The environment this master tool page belongs to (`/mastertool/` production, `/stg/mastertool/` staging). */
export const pageEnv: EnvName = pageEnvironment === 'staging' ? 'staging' : 'product';

const clients = new Map<EnvName, ApiClient>([[pageEnv, apiClient]]);

/** The API client of an environment (`/api` for product, `/stg-api` for staging). */
export function clientFor(env: EnvName): ApiClient {
  let client = clients.get(env);
  if (!client) {
    client = createApiClient({
      municipalityCode: currentMunicipality,
      apiPrefix: apiPrefixOf(env === 'staging' ? 'staging' : 'production'),
      schemas: answerSchemas,
    });
    clients.set(env, client);
  }
  return client;
}

type Inputs<Id extends RouteId> = Omit<ApiCallOptions<Id>, 'signal'>;
type Call = <Id extends RouteId>(id: Id, options: unknown) => Promise<ApiResult<Id>>;

/** The cache key of a call on one environment (the page's own shares the app's keys). */
export function envQueryKey<Id extends RouteId>(env: EnvName, id: Id, options?: Inputs<Id>) {
  const key = apiQueryKey(id, options);
  return env === pageEnv ? key : ['env', env, ...key];
}

/** Reads one route on one environment. */
export function useEnvQuery<Id extends RouteId>(
  env: EnvName,
  id: Id,
  options?: Inputs<Id>,
  extra?: { enabled?: boolean },
) {
  return useQuery({
    queryKey: envQueryKey(env, id, options),
    queryFn: ({ signal }) => (clientFor(env).api as Call)(id, { ...options, signal }),
    ...extra,
  });
}

/** Writes one route on one environment. */
export function useEnvMutation<Id extends RouteId>(env: EnvName, id: Id) {
  return useMutation({
    mutationFn: (inputs: Inputs<Id>) => (clientFor(env).api as Call)(id, inputs),
  });
}

/** Whether an operator is signed in on an environment (the page's own always is, behind its guard). */
export function useEnvSignedIn(env: EnvName) {
  return useEnvQuery(env, 'operator.login.status', undefined, {});
}

/** Signs in on an environment; its client keeps the session's CSRF token. */
export async function signInOn(env: EnvName, body: { login_id: string; password: string }) {
  const status = await clientFor(env).api('operator.login', { body });
  clientFor(env).setCsrfToken(status.csrf_token);
  return status;
}

/** Signs out of the other environment too (best effort: its session may be gone already). */
export async function signOutOther(): Promise<void> {
  for (const env of ENVIRONMENTS) {
    if (env === pageEnv) continue;
    const client = clientFor(env);
    await client.api('operator.logout').catch(() => undefined);
    client.setCsrfToken(null);
  }
}

/** Hook form of {@link signInOn} that refreshes the environment's sign-in state. */
export function useSignInOn(env: EnvName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { login_id: string; password: string }) => signInOn(env, body),
    onSuccess: (status) => queryClient.setQueryData(envQueryKey(env, 'operator.login.status'), status),
  });
}

/** The municipality of the current master-tool screen, by its code (name once the list is loaded). */
export function useMunicipalityCode(): string {
  const { code } = useParams({ strict: false }) as { code?: string };
  return code ?? '';
}

/** The name of a municipality from the operator's municipality list (the code until it is known). */
export function useMunicipalityName(code: string): string {
  const list = useApiQuery('operator.municipalities');
  return list.data?.municipalities.find((m) => m.code === code)?.name ?? code;
}
