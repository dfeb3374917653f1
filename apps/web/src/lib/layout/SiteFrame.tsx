// The applicant's default layout: the system bar, header (portal and municipality name, language), main,
// footer.
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Outlet, useParams } from '@tanstack/react-router';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../api';
import { RouterLink } from '../router/RouterLink';
import { LanguageSwitch } from './LanguageSwitch';
import { MunicipalityNotFoundPage, NotFoundPage } from './pages';
import { SkipLink } from './SkipLink';
import { Themed } from './Themed';

const MUNICIPALITY_CODE = /^\d{6}$/;

/** The municipality of the page, when the path names a valid one. */
function useMunicipalityCode(): string | null {
  const params = useParams({ strict: false }) as { municipalityCode?: string };
  return params.municipalityCode && MUNICIPALITY_CODE.test(params.municipalityCode)
    ? params.municipalityCode
    : null;
}

/** The municipality's name in the page's language; null until it is known (or when it is unknown). */
function useMunicipalityName(code: string | null): string | null {
  const { i18n } = useTranslation();
  const home = useApiQuery(
    'applicant.home',
    { params: { code: code ?? '' } },
    { retry: false, enabled: !!code },
  );
  const m = code ? home.data?.municipality : undefined;
  if (!m) return null;
  return i18n.resolvedLanguage === 'en' && m.name_en ? m.name_en : m.name;
}

/** System bar height (spec §9): 24 px in a browser tab, 32 px when the portal runs as an installed window. */
export const SYSTEM_BAR_HEIGHT = { browser: 24, window: 32 } as const;

const WINDOW_QUERY =
  '(display-mode: standalone), (display-mode: window-controls-overlay), (display-mode: minimal-ui)';

function subscribeDisplayMode(listener: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const query = window.matchMedia(WINDOW_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** True when the portal runs as an installed app window rather than in a browser tab. */
export function useInstalledWindow(): boolean {
  return useSyncExternalStore(
    subscribeDisplayMode,
    () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(WINDOW_QUERY).matches,
    () => false,
  );
}

/**
 * The thin bar above the header: whose official service this is. It names the municipality only once its
 * name is known: never an empty name (the bar stays empty while it loads).
 */
function SystemBar({ code, name }: { code: string | null; name: string | null }) {
  const { t } = useTranslation();
  const height = useInstalledWindow() ? SYSTEM_BAR_HEIGHT.window : SYSTEM_BAR_HEIGHT.browser;
  return (
    <Box
      data-testid="system-bar"
      sx={{
        height,
        minHeight: height,
        display: 'flex',
        alignItems: 'center',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: '0.75rem',
        lineHeight: 1,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
      }}
    >
      {/* The same side padding as the header's toolbar: the text lines up with the portal's name. */}
      <Container
        maxWidth="md"
        disableGutters
        sx={{ px: { xs: 2, sm: 3 }, overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        {name ? (
          <>
            {name}
            {t('applicantFlow.systemBar.official')}
          </>
        ) : code ? null : (
          t('applicantFlow.systemBar.portal')
        )}
      </Container>
    </Box>
  );
}

/**
 * The applicant layout. `withoutMunicipality` frames a page of no municipality even when the address names
 * one (the municipality of the address does not exist): the portal's name, links to the top.
 */
export function SiteFrame({
  children,
  withoutMunicipality,
}: {
  children: ReactNode;
  withoutMunicipality?: boolean;
}) {
  return (
    <Themed>
      <SiteFrameContent withoutMunicipality={withoutMunicipality ?? false}>{children}</SiteFrameContent>
    </Themed>
  );
}

function SiteFrameContent({
  children,
  withoutMunicipality,
}: {
  children: ReactNode;
  withoutMunicipality: boolean;
}) {
  const { t } = useTranslation();
  const pathCode = useMunicipalityCode();
  const code = withoutMunicipality ? null : pathCode;
  const name = useMunicipalityName(code);
  const homeHref = code ? `/municipalities/${code}` : '/';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar position="static" component="header">
        <SystemBar code={code} name={name} />
        <Container maxWidth="md" disableGutters>
          <Toolbar sx={{ flexWrap: 'wrap', gap: 1, py: 1, justifyContent: 'space-between' }}>
            <RouterLink
              to={homeHref}
              underline="none"
              color="inherit"
              sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.3 }}
            >
              <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
                {t('app.name')}
              </Typography>
              {name ? (
                <Typography component="span" variant="body2" color="text.secondary">
                  {name}
                </Typography>
              ) : null}
            </RouterLink>
            <LanguageSwitch />
          </Toolbar>
        </Container>
      </AppBar>
      <Container
        component="main"
        id="main"
        tabIndex={-1}
        maxWidth="md"
        sx={{ flex: 1, py: { xs: 3, sm: 4 } }}
      >
        {children}
      </Container>
      <Box component="footer" sx={{ bgcolor: 'grey.100', py: 3, mt: 4 }}>
        <Container maxWidth="md">
          {code ? (
            <Stack
              component="nav"
              direction="row"
              spacing={3}
              sx={{ mb: 1 }}
              aria-label={t('home.linksHeading')}
            >
              <RouterLink to={`/municipalities/${code}/terms`}>{t('footer.terms')}</RouterLink>
              <RouterLink to={`/municipalities/${code}/privacy`}>{t('footer.privacy')}</RouterLink>
            </Stack>
          ) : null}
          <Typography variant="body2">
            {t('app.name')} — {t('footer.note')}
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}

/** The no-layout frame: only the main region (for /error and /mynaportal/error). */
export function BareFrame({ children }: { children: ReactNode }) {
  return (
    <Themed>
      <Container component="main" id="main" tabIndex={-1} maxWidth="sm" sx={{ py: 6 }}>
        {children}
      </Container>
    </Themed>
  );
}

/** The default layout route's component (loaded with the first screen, not with the entry). */
export function DefaultLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

/** The no-layout route's component. */
export function BareLayout() {
  return (
    <BareFrame>
      <Outlet />
    </BareFrame>
  );
}

/**
 * 'Page not found' in the default layout, for paths no route matches; with `unknownMunicipality`, the page
 * saying that municipality does not exist (framed without it).
 */
export function NotFoundInFrame({ unknownMunicipality }: { unknownMunicipality?: string | undefined }) {
  return unknownMunicipality ? (
    <SiteFrame withoutMunicipality>
      <MunicipalityNotFoundPage code={unknownMunicipality} />
    </SiteFrame>
  ) : (
    <SiteFrame>
      <NotFoundPage />
    </SiteFrame>
  );
}
