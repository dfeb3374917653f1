// /accounts/new?token=…&municipality=…: the invitation link of the mail. The token is exchanged once for
// a form session and leaves the address (decision 0044); the page shows what was invited (address,
// expiry), then creates the account: name and its reading in katakana, a password under the policy.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiQueryKey, errorKind, isApiError, useApiQuery } from '../../lib/api';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { RouterLink } from '../../lib/router/RouterLink';
import { rememberedStaffMunicipality } from '../../lib/staff/session';
import { InvitationAcceptForm } from './InvitationAcceptForm';
import { isUsedLink, useOpenedLink } from './opened-link';
import { linkMunicipality, PublicFrame } from './PublicFrame';

export function InvitationAcceptScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const search = useSearch({ strict: false }) as { token?: unknown; municipality?: unknown };
  const token = typeof search.token === 'string' && search.token.length >= 20 ? search.token : null;
  const code = linkMunicipality(search.municipality) ?? rememberedStaffMunicipality();
  const open = useCallback(
    async (value: string) => {
      const invitation = await api('staff.invitation.open', { params: { code }, body: { token: value } });
      queryClient.setQueryData(apiQueryKey('staff.invitation.get', { params: { code } }), invitation);
    },
    [code, queryClient],
  );
  const link = useOpenedLink(token, code, open);
  const invitation = useApiQuery(
    'staff.invitation.get',
    { params: { code } },
    { enabled: link.kind === 'open', retry: false },
  );
  const body = () => {
    if (link.kind === 'refused') return <RefusedLink error={link.error} />;
    if (link.kind === 'opening' || invitation.isPending) return <Loading />;
    if (invitation.isError) {
      // No form session: the page was opened without its link, or the form session ended.
      if (isApiError(invitation.error) && invitation.error.status === 404)
        return <Alert severity="error">{t('staff.invite.noToken')}</Alert>;
      return <LoadError title={t('staff.invite.loadError')} error={invitation.error} />;
    }
    return <InvitationAcceptForm code={code} invitation={invitation.data} />;
  };
  return <PublicFrame title={t('screens.invitationAccept')}>{body()}</PublicFrame>;
}

/** Why the link did not open: used before (and what to do now), or unknown and expired. */
function RefusedLink({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isUsedLink(error))
    return (
      <Alert severity="warning" role="alert" data-testid="link-used">
        <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
          {t('staff.invite.usedLink')}
        </AlertTitle>
        <p style={{ marginTop: 0 }}>{t('staff.invite.usedLinkHelp')}</p>
        <RouterLink to="/login">{t('staff.password.toSignIn')}</RouterLink>
      </Alert>
    );
  return (
    <LoadError
      title={
        isApiError(error) && error.status < 500 ? t('staff.invite.invalidLink') : t('staff.invite.loadError')
      }
      error={error}
      context={
        isApiError(error) && error.status < 500
          ? { [errorKind(error)]: t('staff.invite.invalidLinkHelp') }
          : undefined
      }
    />
  );
}
