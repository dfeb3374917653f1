// /password-reset: without a link, asks for the address and mails a one-use link (the same answer
// whether or not the address has an account); the mailed link's token is exchanged once for a form
// session and leaves the address (decision 0044), then a new password is set under the policy.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useSearch } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../lib/api';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { RouterLink } from '../../lib/router/RouterLink';
import { rememberedStaffMunicipality } from '../../lib/staff/session';
import { isUsedLink, useOpenedLink } from './opened-link';
import { linkMunicipality, PublicFrame } from './PublicFrame';
import { ResetConfirmForm } from './ResetConfirmForm';
import { ResetRequestForm } from './ResetRequestForm';

export function PasswordResetScreen() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { token?: unknown; municipality?: unknown };
  const token =
    typeof search.token === 'string' || typeof search.token === 'number' ? String(search.token) : null;
  const code = linkMunicipality(search.municipality) ?? rememberedStaffMunicipality();
  // This tab opened a link: its form stays after the token left the address.
  const [opened, setOpened] = useState(false);
  const open = useCallback(
    async (value: string) => {
      await api('staff.password_reset.open', { params: { code }, body: { token: value } });
      setOpened(true);
    },
    [code],
  );
  const link = useOpenedLink(token, code, open);
  const body = () => {
    if (link.kind === 'refused') return <RefusedLink error={link.error} />;
    if (token && link.kind === 'opening') return <Loading />;
    return opened ? <ResetConfirmForm code={code} /> : <ResetRequestForm code={code} />;
  };
  return <PublicFrame title={t('screens.passwordReset')}>{body()}</PublicFrame>;
}

function RefusedLink({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isUsedLink(error))
    return (
      <Alert severity="warning" role="alert" data-testid="link-used">
        <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
          {t('staff.password.usedLink')}
        </AlertTitle>
        <p style={{ marginTop: 0 }}>{t('staff.password.usedLinkHelp')}</p>
        <RouterLink to="/password-reset" search={{}}>
          {t('staff.password.requestAgain')}
        </RouterLink>
      </Alert>
    );
  if (!isApiError(error) || error.status >= 500)
    return <LoadError title={t('staff.password.invalidLink')} error={error} />;
  return (
    <Alert severity="error">
      <AlertTitle>{t('staff.password.invalidLink')}</AlertTitle>
      <p style={{ marginTop: 0 }}>{t('staff.password.invalidLinkHelp')}</p>
      <RouterLink to="/password-reset" search={{}}>
        {t('staff.password.requestAgain')}
      </RouterLink>
    </Alert>
  );
}
