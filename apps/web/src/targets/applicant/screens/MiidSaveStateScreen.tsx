// /miid/temporary/saveState?signing_id=...: keeps where to come back (municipality, application) in this
// browser under the sign transaction's id, then hands over to the signing app by its deep link.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveState, signingIdOf } from '../../../features/signature/digital';
import { Loading } from '../../../lib/layout/feedback';
import { safeLocation } from '../../../lib/navigation/navigation-guard';
import { usePageTitle } from '../../../lib/router/head';
import { RouterLink } from '../../../lib/router/RouterLink';

interface Pending {
  code: string;
  applicationId: string;
  deepLink: string;
}

function readPending(signingId: string | null): Pending | null {
  if (!signingId) return null;
  try {
    const raw = sessionStorage.getItem(`portal.miid.pending.${signingId}`);
    const value = raw ? (JSON.parse(raw) as Partial<Pending>) : null;
    return value &&
      typeof value.code === 'string' &&
      typeof value.applicationId === 'string' &&
      typeof value.deepLink === 'string'
      ? (value as Pending)
      : null;
  } catch {
    return null;
  }
}

export function MiidSaveStateScreen() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { signing_id?: unknown };
  const signingId = signingIdOf(search.signing_id);
  const [pending] = useState(() => readPending(signingId));
  const [saved, setSaved] = useState<boolean | null>(null);
  usePageTitle(t('screens.miidSaveState'));

  useEffect(() => {
    if (!pending || !signingId) return;
    const ok = saveState(signingId, { ...pending, savedAt: new Date().toISOString() });
    setSaved(ok);
    if (ok) {
      sessionStorage.removeItem(`portal.miid.pending.${signingId}`);
      safeLocation.assign(pending.deepLink);
    }
  }, [pending, signingId]);

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('screens.miidSaveState')}</Typography>
      {!pending ? (
        <Alert severity="warning">
          {t('applicantForm.miid.nothingPending')} <RouterLink to="/">{t('common.backHome')}</RouterLink>
        </Alert>
      ) : saved === false ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="warning">{t('applicantForm.miid.notSaved')}</Alert>
          <Button variant="contained" onClick={() => safeLocation.assign(pending.deepLink)}>
            {t('applicantForm.miid.launchAnyway')}
          </Button>
        </Stack>
      ) : (
        <Box>
          <Loading label={t('applicantForm.miid.handingOver')} />
          <Typography>
            {t('applicantForm.miid.handingOverHelp')}{' '}
            <a href={pending.deepLink}>{t('applicantForm.miid.openApp')}</a>
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
