// Sign-in state of the staff area and the master tool: the two have the same calls (status, login,
// logout) under different paths; staff sessions belong to one municipality.
import type { QueryClient } from '@tanstack/react-query';
import { api, apiClient, apiQueryKey, setCurrentMunicipality, type ApiResult } from '../api';
import { currentTarget } from '../app/current-target';
import { browserStorage } from '../i18n';

export type AreaTarget = 'municipality' | 'mastertool';

/** The area this build serves. */
export const areaTarget: AreaTarget = currentTarget === 'mastertool' ? 'mastertool' : 'municipality';
export type LoginStatus = ApiResult<'staff.login.status'>;
export interface Credentials {
  login_id: string;
  password: string;
  municipality_code?: string;
}

/** The municipality staff sign in to when none is remembered (the demo municipality). */
export const DEFAULT_STAFF_MUNICIPALITY = '999999';
const STAFF_MUNICIPALITY_KEY = 'portal.staff.municipality';

export function rememberedStaffMunicipality(): string {
  try {
    const stored = browserStorage()?.getItem(STAFF_MUNICIPALITY_KEY);
    return stored && /^\d{6}$/.test(stored) ? stored : DEFAULT_STAFF_MUNICIPALITY;
  } catch {
    return DEFAULT_STAFF_MUNICIPALITY;
  }
}

function rememberStaffMunicipality(code: string) {
  try {
    browserStorage()?.setItem(STAFF_MUNICIPALITY_KEY, code);
  } catch {
    // Not remembered: the default is offered next time.
  }
}

const statusRoute = (target: AreaTarget) =>
  target === 'municipality' ? 'staff.login.status' : 'operator.login.status';
export const statusKey = (target: AreaTarget) => apiQueryKey(statusRoute(target));

/** Whether someone is signed in (fresh from the server at most 5 seconds old). */
export function loginStatus(target: AreaTarget, queryClient: QueryClient): Promise<LoginStatus> {
  return queryClient.fetchQuery({
    queryKey: statusKey(target),
    queryFn: ({ signal }) =>
      target === 'municipality'
        ? api('staff.login.status', { signal })
        : api('operator.login.status', { signal }),
    staleTime: 5_000,
  });
}

export async function signIn(target: AreaTarget, credentials: Credentials, queryClient: QueryClient) {
  const body = { login_id: credentials.login_id, password: credentials.password };
  let status: LoginStatus;
  if (target === 'municipality') {
    const code = credentials.municipality_code ?? rememberedStaffMunicipality();
    status = await api('staff.login', { params: { code }, body });
    setCurrentMunicipality(code);
    rememberStaffMunicipality(code);
  } else {
    status = await api('operator.login', { body });
  }
  apiClient.setCsrfToken(status.csrf_token);
  queryClient.setQueryData(statusKey(target), status);
  return status;
}

export async function signOut(target: AreaTarget, queryClient: QueryClient) {
  await (target === 'municipality' ? api('staff.logout') : api('operator.logout'));
  queryClient.clear();
}
