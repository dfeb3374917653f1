// /miid/temporary: where a signing app that returns to the portal's page (instead of the API) lands with
// `code` and `state`; both are passed on to the API's callback, which verifies the signature and comes
// back to the redirect screen. Without them, it says how to find the application again.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { callbackUrl } from '../../../features/signature/digital';
import { Loading } from '../../../lib/layout/feedback';
import { safeLocation } from '../../../lib/navigation/navigation-guard';
import { usePageTitle } from '../../../lib/router/head';
import { RouterLink } from '../../../lib/router/RouterLink';

export function MiidTemporaryScreen() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { code?: unknown; state?: unknown; result?: unknown };
  const target = callbackUrl(search);
  usePageTitle(t('screens.miidTemporary'));
  useEffect(() => {
    if (target) safeLocation.replace(target);
  }, [target]);
  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('screens.miidTemporary')}</Typography>
      {target ? (
        <Loading label={t('applicantForm.miid.returning')} />
      ) : search.result === 'unusable' ? (
        <Alert severity="warning" data-testid="signing-unusable">
          {t('applicantForm.miid.returnUnusable')} <RouterLink to="/">{t('common.backHome')}</RouterLink>
        </Alert>
      ) : (
        <Alert severity="info">
          {t('applicantForm.miid.temporaryHelp')} <RouterLink to="/">{t('common.backHome')}</RouterLink>
        </Alert>
      )}
    </Stack>
  );
}
