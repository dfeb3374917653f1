// The named steps that run before a route (spec §2): auth check, get applications, post applicant user
// profile and skip screen. Each is a plain async function used in a route's `beforeLoad`; `steps()`
// runs several in order and merges what they add to the route context.
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { api, apiClient, apiQueryKey, apiQueryOptions } from '../api';
import { apiPrefixOf, environmentOfPath, STAGING_WEB_PREFIX, type Environment } from '../api/client';
import { pageEnvironment } from '../api/default-client';
import { ApiError } from '../api/errors';
import { reportError } from '../errors/error-handler';
import { safeLocation } from '../navigation/navigation-guard';
import type { RouterContext } from './context';

export interface StepArgs {
  context: RouterContext;
  params: Record<string, string | undefined>;
  location: { href: string; pathname: string };
  /** True when the router only preloads the route (a link is hovered): steps must not write or leave. */
  preload?: boolean;
}

type Step = (args: StepArgs) => Promise<object | void> | object | void;

/** Runs steps in order; each sees what the earlier ones added to the context. */
export function steps(...list: Step[]) {
  return async (args: StepArgs) => {
    let added: object = {};
    for (const step of list) {
      const result = await step({ ...args, context: { ...args.context, ...added } as RouterContext });
      if (result) added = { ...added, ...result };
    }
    return added;
  };
}

const never = () => new Promise<never>(() => undefined);

/** Sign-in did not complete (the resident cancelled, or the provider refused): no automatic retry. */
export class SignInError extends Error {
  override readonly name = 'SignInError';

  constructor(
    /** The provider's error code, e.g. access_denied. */
    readonly code: string,
    /** Where to try again. */
    readonly loginUrl: string,
  ) {
    super(`sign-in did not complete: ${code}`);
  }
}

/**
 * Where sign-in starts: the API's OpenID Connect redirect, coming back to `returnTo` (a path of the
 * applicant area; on staging's pages both the call and the way back are staging's).
 */
export function applicantLoginUrl(
  municipalityCode: string,
  returnTo: string,
  environment: Environment = pageEnvironment,
): string {
  const back =
    environment === 'staging' && environmentOfPath(returnTo) !== 'staging'
      ? `${STAGING_WEB_PREFIX}${returnTo}`
      : returnTo;
  const query = new URLSearchParams({ municipality_code: municipalityCode, return_to: back });
  return `${apiPrefixOf(environment)}/applicant/login/?${query.toString()}`;
}

/** The sign-in status, asked for once per 5 s however many steps (and early-data steps) need it. */
const loginStatusQuery = () => ({ ...apiQueryOptions('applicant.login.status'), staleTime: 5_000 });
const loginStatus = (args: StepArgs) => args.context.queryClient.fetchQuery(loginStatusQuery());

/** Starts the status check ahead of the steps that wait for it (a failure is theirs to handle). */
export const prefetchLoginStatus = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(loginStatusQuery());

/**
 * Auth check: a resident signed in for this municipality continues; anyone else goes to sign-in (the
 * identity provider) and comes back to this page. Adds `loginStatus`.
 */
export async function authCheck(args: StepArgs) {
  const code = args.params.municipalityCode;
  if (!code) throw new Error('authCheck needs a municipality route');
  const status = await loginStatus(args);
  if (status.is_logged_in && (status.municipality_code ?? code) === code) {
    apiClient.setCsrfToken(status.csrf_token);
    return { loginStatus: status };
  }
  if (args.preload) return { loginStatus: status };
  // Coming back from a sign-in that did not complete: say so instead of sending the resident round again.
  const search = new URLSearchParams(args.location.href.split('?')[1] ?? '');
  const failure = search.get('login_error');
  if (failure) {
    search.delete('login_error');
    const rest = search.toString();
    throw new SignInError(
      failure,
      applicantLoginUrl(code, `${args.location.pathname}${rest ? `?${rest}` : ''}`),
    );
  }
  safeLocation.assign(applicantLoginUrl(code, args.location.href));
  return never(); // the browser is leaving; this route never renders
}

/** Get applications: the resident's applications in the query cache. Adds `applications`. */
export async function getApplications(args: StepArgs) {
  const { applications } = await args.context.queryClient.ensureQueryData(
    apiQueryOptions('applicant.applications'),
  );
  return { applications };
}

/**
 * Get applications, for pages anyone may see (the home): only when a resident is signed in, and a failure
 * does not stop the page. Adds `applications` (null when not signed in or not loaded).
 */
export async function getApplicationsIfSignedIn(args: StepArgs) {
  try {
    const status = await loginStatus(args);
    const code = args.params.municipalityCode;
    if (!status.is_logged_in || (code && status.municipality_code && status.municipality_code !== code)) {
      return { applications: null };
    }
    return await getApplications(args);
  } catch (error) {
    reportError(error, 'step:get-applications');
    return { applications: null };
  }
}

/**
 * Post applicant user profile: stores the profile from the identity claims of the sign-in (the server
 * reads them from the session). Adds `profile`.
 */
export async function postApplicantUserProfile(args: StepArgs) {
  if (args.preload) return { profile: null };
  const profile = await api('applicant.user_profile.create', {
    params: { code: args.params.municipalityCode },
  });
  args.context.queryClient.setQueryData(['applicant.user_profile'], profile);
  return { profile };
}

/**
 * Skip screen: when `decide` names another screen (a path relative to the application), go there instead,
 * replacing this one in the history.
 */
export function skipScreen(
  decide: (args: StepArgs & { context: Record<string, unknown> }) => Promise<string | null> | string | null,
) {
  return async (args: StepArgs) => {
    if (args.preload) return;
    const next = await decide(args as StepArgs & { context: Record<string, unknown> });
    if (next === null) return;
    const { municipalityCode, applicationId } = args.params;
    throw redirect({
      href: `/municipalities/${municipalityCode}/applications/${applicationId}/${next}`,
      replace: true,
    });
  };
}

/** The image signature is skipped when no chosen procedure asks for a handwritten signature (SG). */
export const skipImageSignature = skipScreen(async ({ context, params }) => {
  const list = await (context.queryClient as RouterContext['queryClient']).ensureQueryData(
    apiQueryOptions('applicant.attaches.list', { params: { applicationId: params.applicationId ?? '' } }),
  );
  return list.required.some((a) => a.type === 'SG') ? null : 'signatureDigitalCertificateConfirm';
});

/**
 * The card-reading help is skipped when the card just read gave a complete profile: the application
 * records the identification by card and the resident goes on to the form. When the card read is not
 * this sign-in's (or the group refuses the route), the screen explains instead.
 */
export const skipMncAssistance = skipScreen(async ({ context, params }) => {
  const profile = context.profile as {
    last_name?: string;
    birth_date?: string | null;
    address?: string | null;
  };
  if (!(profile?.last_name && profile.birth_date && profile.address)) return null;
  try {
    const overview = await api('applicant.identification.jpki', {
      params: { code: params.municipalityCode, applicationId: params.applicationId ?? '' },
    });
    const queryClient = context.queryClient as RouterContext['queryClient'];
    void queryClient.invalidateQueries({ queryKey: ['applicant.applications'] });
    queryClient.setQueryData(
      apiQueryKey('applicant.identification.get', {
        params: { code: params.municipalityCode ?? '', applicationId: params.applicationId ?? '' },
      }),
      overview,
    );
    return 'form';
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return null;
    throw error;
  }
});

/** True when an error means "sign in again" (the session ended between two pages). */
export const isSignInRequired = (error: unknown) => error instanceof ApiError && error.status === 401;
