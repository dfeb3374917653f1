// Pages every target shares: not found (with the path), the generic error page and the placeholder of
// screens still to be built.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from '@tanstack/react-router';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../router/head';
import { RouterLink } from '../router/RouterLink';

/** A path for display: percent-escapes decoded where valid, the raw text otherwise. */
export function displayPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * What the not-found pages show for the address and the municipality code, when given: the server draws
 * them once with placeholders and puts each request's own text in (decision 0063).
 */
export const NotFoundShown = createContext<{ path: string; code: string } | null>(null);

/** 'Page not found' with the path (spec §8). `homeHref` is the target's top page. */
export function NotFoundPage({ path, homeHref = '/' }: { path?: string | null; homeHref?: string }) {
  const { t } = useTranslation();
  // Subscribes to navigation, so the path shown follows the address.
  const pathname = useLocation({ select: (l) => l.pathname });
  // The path asked for, with the target's base (/staff/...); null shows none (/error without one).
  const full = typeof window === 'undefined' ? pathname : window.location.pathname;
  const placeholder = useContext(NotFoundShown)?.path;
  const shown = path === null ? null : (placeholder ?? displayPath(path ?? full));
  usePageTitle(t('notFound.heading'));
  return (
    <Stack spacing={2} data-testid="not-found">
      <Typography variant="h1">{t('notFound.heading')}</Typography>
      <Typography>{t('notFound.description')}</Typography>
      {shown !== null ? (
        <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="not-found-path">
          {t('notFound.path', { path: shown })}
        </Typography>
      ) : null}
      <Box>
        <RouterLink to={homeHref}>{t('common.backHome')}</RouterLink>
      </Box>
    </Stack>
  );
}

/**
 * The municipality of the address does not exist: says so, shows the path and leads to the portal's top
 * (nothing to retry: asking again gives the same answer).
 */
export function MunicipalityNotFoundPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const pathname = useLocation({ select: (l) => l.pathname });
  const full = typeof window === 'undefined' ? pathname : window.location.pathname;
  const placeholder = useContext(NotFoundShown);
  usePageTitle(t('municipalityNotFound.heading'));
  return (
    <Stack spacing={2} data-testid="municipality-not-found">
      <Typography variant="h1">{t('municipalityNotFound.heading')}</Typography>
      <Typography>{t('municipalityNotFound.description', { code: placeholder?.code ?? code })}</Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="not-found-path">
        {t('notFound.path', { path: placeholder?.path ?? displayPath(full) })}
      </Typography>
      <Typography>{t('municipalityNotFound.next')}</Typography>
      <Box>
        <RouterLink to="/">{t('common.backHome')}</RouterLink>
      </Box>
    </Stack>
  );
}

/** The generic error page (the /error screen for any status but 404). */
export function GenericErrorPage({ homeHref = '/' }: { homeHref?: string }) {
  const { t } = useTranslation();
  usePageTitle(t('errorPage.heading'));
  return (
    <Stack spacing={2} data-testid="error-page">
      <Typography variant="h1">{t('errorPage.heading')}</Typography>
      <Typography>{t('errorPage.description')}</Typography>
      <Box>
        <RouterLink to={homeHref}>{t('common.backHome')}</RouterLink>
      </Box>
    </Stack>
  );
}
