// The applicant routes of spec §2, in code: every path of the table is registered. Screens load as
// their own chunks (lazyScreen) so the entrance stays small. The named before-route steps run in
// `beforeLoad`.
import {
  createRootRouteWithContext,
  createRoute,
  notFound,
  Outlet,
  redirect,
  type AnyRoute,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { hasCounterMarker } from '../../lib/api/counter-marker';
import { pickGroup } from '../../features/municipality/municipality';
import { apiQueryOptions, isApiError, setCurrentMunicipality } from '../../lib/api';
import { withChunkReload } from '../../lib/errors/chunk-reload';
import { idleClock } from '../../lib/session-idle/area-clock';
import { FatalPage, PendingIndicator } from '../../lib/layout/fallbacks';
import type { RouterContext } from '../../lib/router/context';
import {
  authCheck,
  getApplications,
  getApplicationsIfSignedIn,
  postApplicantUserProfile,
  prefetchLoginStatus,
  skipImageSignature,
  skipMncAssistance,
  steps,
} from '../../lib/router/guards';
import { PageHead } from '../../lib/router/head';
import { lazyScreen } from '../../lib/router/lazy';
import type { EarlyDataArgs } from '../../lib/router/preload-chunks';
import type { ScreenKey } from '../../lib/router/static-data';

/** The municipality the top page opens (the demo municipality). */
export const DEFAULT_MUNICIPALITY_CODE = '999999';

/** A municipality code as an address writes it (six digits). */
export const MUNICIPALITY_CODE = /^\d{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?procedure_group_id=1`: a positive integer, or undefined. */
export function groupSearch(search: Record<string, unknown>): { procedure_group_id?: number } {
  const id = Number(search.procedure_group_id);
  return Number.isInteger(id) && id > 0 ? { procedure_group_id: id } : {};
}

/** `?procedure_group_id=1&answers=1-3-5`: the group, and the filter answers kept in the address. */
export function filterSearch(search: Record<string, unknown>): {
  procedure_group_id?: number;
  answers?: string;
} {
  const raw = typeof search.answers === 'number' ? String(search.answers) : search.answers;
  const answers = typeof raw === 'string' && /^\d+(-\d+){0,99}$/.test(raw) ? raw : undefined;
  return { ...groupSearch(search), ...(answers ? { answers } : {}) };
}

/** `?reason=cancelled&return_to=/municipalities/999999/applications` of the sign-in failure page. */
export function signInFailedSearch(search: Record<string, unknown>): { reason?: string; return_to?: string } {
  const reason =
    typeof search.reason === 'string' && /^[a-z_]{1,40}$/.test(search.reason) ? search.reason : '';
  const back = search.return_to;
  const returnTo =
    typeof back === 'string' && back.startsWith('/') && !back.startsWith('//') && !back.includes('\\')
      ? back
      : '';
  return { ...(reason ? { reason } : {}), ...(returnTo ? { return_to: returnTo } : {}) };
}

/**
 * `?page=2`, `?field=child_first_name` (a change link or a problem opens the form at an item) and
 * `&from=review` (that change returns to the review after saving).
 */
export function formSearch(search: Record<string, unknown>): {
  page?: number;
  field?: string;
  from?: 'review';
} {
  const page = Number(search.page);
  const field = typeof search.field === 'string' && /^[\w.-]{1,100}$/.test(search.field) ? search.field : '';
  return {
    ...(Number.isInteger(page) && page > 0 ? { page } : {}),
    ...(field ? { field } : {}),
    ...(search.from === 'review' ? { from: 'review' as const } : {}),
  };
}

/** Thrown (as notFound data) when the municipality of the address does not exist. */
export interface MunicipalityNotFound {
  municipalityCode: string;
}

/**
 * Stops at the not-found page when the server does not know the municipality (404). Other failures let
 * the page open: its screens show their own loading errors.
 */
async function requireMunicipality(queryClient: QueryClient, code: string) {
  try {
    await queryClient.ensureQueryData(apiQueryOptions('applicant.home', { params: { code } }));
  } catch (error) {
    if (isApiError(error) && error.status === 404) {
      throw notFound({ data: { municipalityCode: code } satisfies MunicipalityNotFound });
    }
  }
}

/** Fetches the browser terms while the screen's chunk loads; a failure is the screen's to show. */
function prefetchTerms({
  context,
  params,
}: {
  context: Pick<RouterContext, 'queryClient'>;
  params: { municipalityCode: string };
}) {
  return context.queryClient.prefetchQuery(
    apiQueryOptions('applicant.terms', {
      params: { code: params.municipalityCode },
      query: { device: 'browser' },
    }),
  );
}

/** The terms, asked for while the municipality is checked (preload-chunks.ts). */
const termsEarly = ({ queryClient, params }: EarlyDataArgs) =>
  params.municipalityCode === undefined
    ? undefined
    : prefetchTerms({ context: { queryClient }, params: { municipalityCode: params.municipalityCode } });

/**
 * The entrance's terms, and the way ahead and overview of its procedure group (the one named, else the
 * only one): loaded with the route, so a page the server renders holds them (decision 0061).
 */
function prefetchEntrance({
  context,
  params,
  deps,
}: {
  context: Pick<RouterContext, 'queryClient'>;
  params: { municipalityCode: string };
  deps: { groupId: number | undefined };
}) {
  const code = params.municipalityCode;
  const home = context.queryClient.getQueryData(
    apiQueryOptions('applicant.home', { params: { code } }).queryKey,
  );
  const group = home ? pickGroup(home, deps.groupId) : undefined;
  const query = { procedure_group_id: group?.id ?? 0 };
  return Promise.all([
    prefetchTerms({ context, params }),
    ...(group
      ? [
          context.queryClient.prefetchQuery(
            apiQueryOptions('applicant.way_ahead', { params: { code }, query }),
          ),
          context.queryClient.prefetchQuery(
            apiQueryOptions('applicant.procedure_overview', { params: { code }, query }),
          ),
        ]
      : []),
  ]);
}

/** The filter's questions when the address names the group; a stray search value asks for nothing. */
function prefetchFilter(queryClient: QueryClient, code: string, groupId: number | undefined) {
  return groupId === undefined
    ? undefined
    : queryClient.prefetchQuery(
        apiQueryOptions('applicant.concierge_filter.get', {
          params: { code },
          query: { procedure_group_id: groupId },
        }),
      );
}

// The frames (and MUI with them) load with the first screen; the entry holds only what every page needs.
const frames = () => import('../../lib/layout/SiteFrame');
const NotFoundInFrame = lazy(() => withChunkReload(frames)().then((m) => ({ default: m.NotFoundInFrame })));

const root = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <>
      <PageHead />
      <Outlet />
    </>
  ),
  notFoundComponent: ({ data }) => (
    <Suspense fallback={<PendingIndicator />}>
      <NotFoundInFrame
        unknownMunicipality={(data as Partial<MunicipalityNotFound> | undefined)?.municipalityCode}
      />
    </Suspense>
  ),
  errorComponent: FatalPage,
});

/**
 * The layouts and public pages use none of the texts loaded lazily (the form's): they neither wait for
 * them nor load them (lib/router/lazy.ts); the first screen of an application does.
 */
const PUBLIC = { lazyTexts: false };

/** The default layout (header, footer). */
const layout = createRoute({
  getParentRoute: () => root,
  id: 'layout',
  component: lazyScreen(frames, 'DefaultLayout', PUBLIC),
});

/** No layout: the routes the spec marks so. */
const bare = createRoute({
  getParentRoute: () => root,
  id: 'bare',
  component: lazyScreen(frames, 'BareLayout', PUBLIC),
});

const index = createRoute({
  getParentRoute: () => layout,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: `/municipalities/${DEFAULT_MUNICIPALITY_CODE}`, replace: true });
  },
});

/** A screen of its own module (screens/<Name>.tsx exporting <Name>), loaded as its own chunk. */
function screen<P extends AnyRoute>(parent: () => P, path: string, titleKey: ScreenKey, load: ScreenLoader) {
  return createRoute({ getParentRoute: parent, path, staticData: { titleKey }, component: load() });
}
type ScreenLoader = () => ReturnType<typeof lazyScreen>;

const errorRoute = createRoute({
  getParentRoute: () => bare,
  path: 'error',
  validateSearch: (search: Record<string, unknown>) => {
    const status = Number(search.status);
    return {
      ...(Number.isInteger(status) && status >= 100 && status <= 599 ? { status } : {}),
      ...(typeof search.path === 'string' ? { path: search.path } : {}),
    } as { status?: number; path?: string };
  },
  component: lazyScreen(() => import('./screens/ErrorScreen'), 'ErrorScreen', PUBLIC),
});

const municipality = createRoute({
  getParentRoute: () => layout,
  path: 'municipalities/$municipalityCode',
  beforeLoad: async ({ params, context }) => {
    if (!MUNICIPALITY_CODE.test(params.municipalityCode)) throw notFound();
    setCurrentMunicipality(params.municipalityCode);
    await requireMunicipality(context.queryClient, params.municipalityCode);
  },
  component: MunicipalityFrame,
});

const CounterBanner = lazy(() =>
  withChunkReload(() => import('../../features/counter/CounterBanner'))().then((m) => ({
    default: m.CounterBanner,
  })),
);

// Warns before the sign-in ends for want of use (decision 0044); its own chunk.
const IdleWarning = lazy(() =>
  withChunkReload(() =>
    Promise.all([
      import('../../lib/session-idle/IdleWarning'),
      import('../../features/unsaved/UnsavedGuard'),
    ]),
  )().then(([{ IdleWarning: Warning }, { leaveOnPurpose }]) => ({
    default: () => <Warning beforeLeaving={leaveOnPurpose} />,
  })),
);

/** Whether this area's sign-in has a deadline (the API's answers announce it, decision 0044). */
const useIdleDeadline = () =>
  useSyncExternalStore(
    (changed) => idleClock.subscribe(changed),
    () => idleClock.current() !== null,
    () => false,
  );

/**
 * A municipality's pages, with the banner 「窓口で受付中」 while a clerk's counter session runs on this
 * browser (decision 0026): its code and its call only where the session's marker cookie is.
 */
function MunicipalityFrame() {
  const { municipalityCode } = municipality.useParams();
  const idle = useIdleDeadline();
  return (
    <>
      {hasCounterMarker() ? (
        <Suspense fallback={null}>
          <CounterBanner code={municipalityCode} />
        </Suspense>
      ) : null}
      <Outlet />
      {/* Only once a sign-in has a deadline: a resident who is not signed in never loads it. */}
      {idle ? (
        <Suspense fallback={null}>
          <IdleWarning />
        </Suspense>
      ) : null}
    </>
  );
}

const home = createRoute({
  getParentRoute: () => municipality,
  path: '/',
  staticData: { titleKey: 'home', earlyData: ({ queryClient }) => prefetchLoginStatus(queryClient) },
  beforeLoad: getApplicationsIfSignedIn,
  component: lazyScreen(() => import('./screens/HomeScreen'), 'HomeScreen', PUBLIC),
});

const applications = createRoute({
  getParentRoute: () => municipality,
  path: 'applications',
  staticData: { titleKey: 'applications' },
  beforeLoad: steps(authCheck, getApplications),
  component: lazyScreen(() => import('./screens/ApplicationsScreen'), 'ApplicationsScreen'),
});

const conciergeFilter = createRoute({
  getParentRoute: () => municipality,
  path: 'conciergeFilter',
  staticData: {
    titleKey: 'conciergeFilter',
    earlyData: ({ queryClient, params, search }) =>
      params.municipalityCode === undefined
        ? undefined
        : prefetchFilter(queryClient, params.municipalityCode, groupSearch(search).procedure_group_id),
  },
  validateSearch: filterSearch,
  loaderDeps: ({ search }) => ({ groupId: search.procedure_group_id }),
  // The filter's questions load with the screen's chunk: of the group named, else the one the screen picks.
  loader: ({ context, params, deps }) => {
    const code = params.municipalityCode;
    const home = context.queryClient.getQueryData(
      apiQueryOptions('applicant.home', { params: { code } }).queryKey,
    );
    const groupId = deps.groupId ?? (home ? pickGroup(home, undefined)?.id : undefined);
    return prefetchFilter(context.queryClient, code, groupId);
  },
  component: lazyScreen(() => import('./screens/ConciergeFilterScreen'), 'ConciergeFilterScreen', PUBLIC),
});

const entrance = createRoute({
  getParentRoute: () => municipality,
  path: 'entrance',
  staticData: { titleKey: 'entrance', earlyData: termsEarly },
  validateSearch: groupSearch,
  loaderDeps: ({ search }) => ({ groupId: search.procedure_group_id }),
  loader: prefetchEntrance,
  component: lazyScreen(() => import('./screens/EntranceScreen'), 'EntranceScreen', PUBLIC),
});

const terms = createRoute({
  getParentRoute: () => municipality,
  path: 'terms',
  staticData: { titleKey: 'terms', earlyData: termsEarly },
  loader: prefetchTerms,
  component: lazyScreen(() => import('./screens/TermsScreen'), 'TermsScreen', PUBLIC),
});

/** Where a sign-in that did not complete ends (the API's callback sends the browser here). */
const signInFailed = () => lazyScreen(() => import('./screens/SignInFailedScreen'), 'SignInFailedScreen');
const municipalitySignInFailed = createRoute({
  getParentRoute: () => municipality,
  path: 'signin-failed',
  staticData: { titleKey: 'signinFailed' },
  validateSearch: signInFailedSearch,
  component: signInFailed(),
});
/** The same, when the sign-in's municipality is not known (no sign-in was in progress in this browser). */
const topSignInFailed = createRoute({
  getParentRoute: () => layout,
  path: 'signin-failed',
  staticData: { titleKey: 'signinFailed' },
  validateSearch: signInFailedSearch,
  component: signInFailed(),
});

/**
 * Taking over an application started at the counter: the QR code's `#token=` is kept in this tab, out of
 * the address, while the resident signs in (decision 0026).
 */
const handoffClaim = createRoute({
  getParentRoute: () => municipality,
  path: 'handoff',
  staticData: { titleKey: 'handoffClaim' },
  beforeLoad: async (args) => {
    if (!args.preload) (await import('../../features/counter/claim-token')).keepTokenFromAddress();
    const pathname = args.location.pathname;
    return authCheck({ ...args, location: { href: pathname, pathname } });
  },
  component: lazyScreen(() => import('../../features/counter/HandoffClaimScreen'), 'HandoffClaimScreen'),
});

/** The signed-in resident's notification address and choices (decision 0025). */
const notifications = createRoute({
  getParentRoute: () => municipality,
  path: 'notifications',
  staticData: { titleKey: 'notifications' },
  beforeLoad: authCheck,
  component: lazyScreen(() => import('./screens/NotificationSettingsScreen'), 'NotificationSettingsScreen'),
});

/** A mail's link that stops notification mails: no sign-in, the signed token in the address. */
const unsubscribe = createRoute({
  getParentRoute: () => municipality,
  path: 'notifications/unsubscribe',
  staticData: { titleKey: 'unsubscribe' },
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && /^[\w.-]{20,1000}$/.test(search.token) ? { token: search.token } : {},
  component: lazyScreen(() => import('./screens/UnsubscribeScreen'), 'UnsubscribeScreen'),
});

/** One application of the signed-in resident: every screen below needs sign-in. */
const application = createRoute({
  getParentRoute: () => municipality,
  path: 'applications/$applicationId',
  beforeLoad: (args) => {
    if (!UUID.test(args.params.applicationId)) throw notFound();
    return authCheck(args);
  },
});

// One module per screen, named in the import so the bundler can split them.
const screens = {
  attached: () => lazyScreen(() => import('./screens/AttachedScreen'), 'AttachedScreen'),
  attachedConfirm: () => lazyScreen(() => import('./screens/AttachedConfirmScreen'), 'AttachedConfirmScreen'),
  complete: () => lazyScreen(() => import('./screens/CompleteScreen'), 'CompleteScreen'),
  conciergeAssistant: () =>
    lazyScreen(() => import('./screens/ConciergeAssistantScreen'), 'ConciergeAssistantScreen'),
  form: () => lazyScreen(() => import('./screens/FormScreen'), 'FormScreen'),
  formValues: () => lazyScreen(() => import('./screens/FormValuesScreen'), 'FormValuesScreen'),
  identification: () => lazyScreen(() => import('./screens/IdentificationScreen'), 'IdentificationScreen'),
  miidFailed: () => lazyScreen(() => import('./screens/MiidFailedScreen'), 'MiidFailedScreen'),
  miidLaunchGuide: () => lazyScreen(() => import('./screens/MiidLaunchGuideScreen'), 'MiidLaunchGuideScreen'),
  procedures: () => lazyScreen(() => import('./screens/ProceduresScreen'), 'ProceduresScreen'),
  signatureDigitalCertificateConfirm: () =>
    lazyScreen(
      () => import('./screens/SignatureDigitalCertificateConfirmScreen'),
      'SignatureDigitalCertificateConfirmScreen',
    ),
  signin: () => lazyScreen(() => import('./screens/SigninScreen'), 'SigninScreen'),
  stepsExplanation: () =>
    lazyScreen(() => import('./screens/StepsExplanationScreen'), 'StepsExplanationScreen'),
  imageSignature: () => lazyScreen(() => import('./screens/ImageSignatureScreen'), 'ImageSignatureScreen'),
  mncAssistance: () => lazyScreen(() => import('./screens/MncAssistanceScreen'), 'MncAssistanceScreen'),
  maintenance: () => lazyScreen(() => import('./screens/MaintenanceScreen'), 'MaintenanceScreen'),
  miidTemporary: () => lazyScreen(() => import('./screens/MiidTemporaryScreen'), 'MiidTemporaryScreen'),
  miidSaveState: () => lazyScreen(() => import('./screens/MiidSaveStateScreen'), 'MiidSaveStateScreen'),
  miidSignatureRedirect: () =>
    lazyScreen(() => import('./screens/MiidSignatureRedirectScreen'), 'MiidSignatureRedirectScreen'),
  mynaportalGetting: () =>
    lazyScreen(() => import('./screens/MynaportalGettingScreen'), 'MynaportalGettingScreen'),
  mynaportalError: () => lazyScreen(() => import('./screens/MynaportalErrorScreen'), 'MynaportalErrorScreen'),
  privacy: () => lazyScreen(() => import('./screens/PrivacyScreen'), 'PrivacyScreen'),
} satisfies Partial<Record<ScreenKey, ScreenLoader>>;

/** The screens under applications/{id}/ without before-route steps of their own. */
const applicationScreens = [
  'attached',
  'attachedConfirm',
  'complete',
  'conciergeAssistant',
  'formValues',
  'identification',
  'miidFailed',
  'miidLaunchGuide',
  'procedures',
  'signatureDigitalCertificateConfirm',
  'signin',
  'stepsExplanation',
] as const satisfies readonly (keyof typeof screens)[];

const form = createRoute({
  getParentRoute: () => application,
  path: 'form',
  staticData: { titleKey: 'form' },
  validateSearch: formSearch,
  component: screens.form(),
});

/** The one-time QR code of a draft, to the counter or (from a counter session) to the resident's phone. */
const handoff = createRoute({
  getParentRoute: () => application,
  path: 'handoff',
  staticData: { titleKey: 'handoff' },
  component: lazyScreen(() => import('../../features/counter/HandoffScreen'), 'HandoffScreen'),
});

const imageSignature = createRoute({
  getParentRoute: () => application,
  path: 'imageSignature',
  staticData: { titleKey: 'imageSignature' },
  beforeLoad: steps(skipImageSignature),
  component: screens.imageSignature(),
});

const mncAssistance = createRoute({
  getParentRoute: () => application,
  path: 'mncAssistance',
  staticData: { titleKey: 'mncAssistance' },
  beforeLoad: steps(postApplicantUserProfile, skipMncAssistance),
  component: screens.mncAssistance(),
});

export const routeTree = root.addChildren([
  layout.addChildren([
    index,
    screen(() => layout, 'maintenance', 'maintenance', screens.maintenance),
    screen(() => layout, 'miid/temporary', 'miidTemporary', screens.miidTemporary),
    screen(() => layout, 'miid/temporary/saveState', 'miidSaveState', screens.miidSaveState),
    screen(
      () => layout,
      'miid/temporary/signatureRedirectScreen',
      'miidSignatureRedirect',
      screens.miidSignatureRedirect,
    ),
    screen(
      () => layout,
      'mynaportal/getting_self_information',
      'mynaportalGetting',
      screens.mynaportalGetting,
    ),
    topSignInFailed,
    municipality.addChildren([
      home,
      applications,
      conciergeFilter,
      entrance,
      screen(() => municipality, 'privacy', 'privacy', screens.privacy),
      terms,
      municipalitySignInFailed,
      handoffClaim,
      notifications,
      unsubscribe,
      application.addChildren([
        ...applicationScreens.map((path) => screen(() => application, path, path, screens[path])),
        form,
        handoff,
        imageSignature,
        mncAssistance,
      ]),
    ]),
  ]),
  bare.addChildren([
    errorRoute,
    screen(() => bare, 'mynaportal/error', 'mynaportalError', screens.mynaportalError),
  ]),
]);
