// /accounts/new?token=…&municipality=…: the invitation link of the mail. Shows what was invited (address,
// expiry), then creates the account: name and its reading in katakana, a password under the policy.
import Alert from '@mui/material/Alert';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { rememberedStaffMunicipality } from '../../lib/staff/session';
import { errorKind, isApiError, useApiQuery } from '../../lib/api';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { InvitationAcceptForm } from './InvitationAcceptForm';
import { linkMunicipality, PublicFrame } from './PublicFrame';

export function InvitationAcceptScreen() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { token?: unknown; municipality?: unknown };
  const token = typeof search.token === 'string' ? search.token : null;
  const code = linkMunicipality(search.municipality) ?? rememberedStaffMunicipality();
  const invitation = useApiQuery(
    'staff.invitation.get',
    { params: { code, token: token ?? '' } },
    { enabled: token !== null && token.length >= 20, retry: false },
  );
  return (
    <PublicFrame title={t('screens.invitationAccept')}>
      {!token || token.length < 20 ? (
        <Alert severity="error">{t('staff.invite.noToken')}</Alert>
      ) : invitation.isPending ? (
        <Loading />
      ) : invitation.isError ? (
        <LoadError
          title={
            isApiError(invitation.error) && invitation.error.status < 500
              ? t('staff.invite.invalidLink')
              : t('staff.invite.loadError')
          }
          error={invitation.error}
          context={
            isApiError(invitation.error) && invitation.error.status < 500
              ? { [errorKind(invitation.error)]: t('staff.invite.invalidLinkHelp') }
              : undefined
          }
        />
      ) : (
        <InvitationAcceptForm token={token} code={code} invitation={invitation.data} />
      )}
    </PublicFrame>
  );
}
