// /municipalities/{code}/signin-failed and /signin-failed: a sign-in that did not complete (cancelled at
// the identity provider, expired or not started in this browser, refused by the provider, or the card
// locked, which gets its own heading and the way to unlock it). The API's callback sends the browser here
// with `?reason=` and the page to return to.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { municipalityName, useMunicipalityHome } from '../../../features/municipality/municipality';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { safeLocation } from '../../../lib/navigation/navigation-guard';
import { applicantLoginUrl } from '../../../lib/router/guards';
import { usePageTitle } from '../../../lib/router/head';
import { RouterLink } from '../../../lib/router/RouterLink';

const reasons = ['cancelled', 'expired', 'provider_error', 'card_locked'] as const;
type Reason = (typeof reasons)[number];
const isReason = (value: unknown): value is Reason =>
  typeof value === 'string' && (reasons as readonly string[]).includes(value);

export function SignInFailedScreen() {
  const { t } = useTranslation();
  const { municipalityCode } = useParams({ strict: false }) as { municipalityCode?: string };
  const search = useSearch({ strict: false }) as { reason?: string; return_to?: string };
  const reason: Reason = isReason(search.reason) ? search.reason : 'provider_error';
  const locked = reason === 'card_locked';
  const heading = t(locked ? 'signInFailed.locked.heading' : 'signInFailed.heading');
  usePageTitle(heading);
  return (
    <Stack spacing={2} data-testid="sign-in-failed">
      <Typography variant="h1">{heading}</Typography>
      <Typography>{t(`signInFailed.reasons.${reason}`)}</Typography>
      {locked ? <Unlock /> : null}
      {municipalityCode ? (
        <SignInAgain
          code={municipalityCode}
          returnTo={search.return_to ?? `/municipalities/${municipalityCode}`}
        />
      ) : (
        <>
          <Typography>{t('signInFailed.nextWithoutMunicipality')}</Typography>
          <Box>
            <RouterLink to="/">{t('common.backHome')}</RouterLink>
          </Box>
        </>
      )}
    </Stack>
  );
}

/** How a locked card is unlocked: the municipal counter resets the PIN (暗証番号の初期化). */
function Unlock() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="unlock-heading">
      <Typography variant="h2" id="unlock-heading" gutterBottom>
        {t('signInFailed.locked.howHeading')}
      </Typography>
      <Box component="ol" sx={{ pl: 3, my: 0, '& li': { mb: 1 } }}>
        <li>{t('signInFailed.locked.how1')}</li>
        <li>{t('signInFailed.locked.how2')}</li>
        <li>{t('signInFailed.locked.how3')}</li>
      </Box>
      <Typography sx={{ mt: 1 }}>{t('signInFailed.locked.after')}</Typography>
    </Box>
  );
}

/** The next step: sign in again (back to the page the resident was on), or back to the municipality's home. */
function SignInAgain({ code, returnTo }: { code: string; returnTo: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const home = useMunicipalityHome(code);
  const name = home.data ? municipalityName(home.data.municipality, language) : null;
  return (
    <>
      <Typography>{t('signInFailed.next')}</Typography>
      <Box>
        <Button variant="contained" onClick={() => safeLocation.assign(applicantLoginUrl(code, returnTo))}>
          {t('signInFailed.retry')}
        </Button>
      </Box>
      <Box>
        <RouterLink to={`/municipalities/${code}`}>
          {name
            ? t('signInFailed.backToMunicipality', { municipality: name })
            : t('signInFailed.backToMunicipalityUnnamed')}
        </RouterLink>
      </Box>
    </>
  );
}
