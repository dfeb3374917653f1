// /password-reset: without a token, asks for the address and mails a one-use link (the same answer
// whether or not the address has an account); with the mailed link's token, sets a new password under
// the policy shown beside the field.
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { rememberedStaffMunicipality } from '../../lib/staff/session';
import { linkMunicipality, PublicFrame } from './PublicFrame';
import { ResetConfirmForm } from './ResetConfirmForm';
import { ResetRequestForm } from './ResetRequestForm';

export function PasswordResetScreen() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { token?: unknown; municipality?: unknown };
  const token =
    typeof search.token === 'string' || typeof search.token === 'number' ? String(search.token) : null;
  const code = linkMunicipality(search.municipality) ?? rememberedStaffMunicipality();
  return (
    <PublicFrame title={t('screens.passwordReset')}>
      {token ? <ResetConfirmForm token={token} code={code} /> : <ResetRequestForm code={code} />}
    </PublicFrame>
  );
}
