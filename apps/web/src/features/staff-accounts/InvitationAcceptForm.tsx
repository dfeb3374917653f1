// The invited person's account: what was invited (address, expiry), their name and its reading in
// katakana, and a password under the policy; the permission and departments are the invitation's.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorFields, useApiMutation, type ApiResult } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { errorText } from '../../lib/staff/errors';
import { FailureAlert } from '../../lib/staff/forms';
import { DoneNotice } from './DoneNotice';
import { NameFields } from './NameFields';
import { NewPasswordFields } from './NewPasswordFields';
import { acceptSchema } from './schemas';
import { focusFirst, showServerErrors, useStaffForm } from '../../lib/staff/staff-form';

const ORDER = ['last_name', 'first_name', 'last_name_kana', 'first_name_kana', 'password', 'again'] as const;

export function InvitationAcceptForm({
  code,
  invitation,
}: {
  code: string;
  invitation: ApiResult<'staff.invitation.get'>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const form = useStaffForm(acceptSchema, {
    last_name: '',
    first_name: '',
    last_name_kana: '',
    first_name_kana: '',
    password: '',
    again: '',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const create = useApiMutation('staff.accounts.create');

  const submit = form.handleSubmit(
    ({ again: _again, ...account }) => {
      setFailure(null);
      const { email, permission_id, department_ids } = invitation;
      create.mutate(
        { params: { code }, body: { ...account, email, permission_id, department_ids } },
        {
          onSuccess: () => setDone(true),
          onError: (error) => {
            // What was sent passed the screen's own check: the fields the server named read the general text.
            showServerErrors(form, t, error, ORDER);
            setFailure(
              errorText(t, error, {
                conflict: t('staff.invite.emailTaken'),
                ...(errorFields(error).includes('token')
                  ? { validation_failed: t('staff.invite.invalidLinkHelp') }
                  : {}),
              }),
            );
          },
        },
      );
    },
    focusFirst(form, ORDER),
  );

  if (done)
    return (
      <DoneNotice
        message={t('staff.invite.created', { email: invitation.email })}
        to="/login"
        label={t('staff.password.toSignIn')}
        button
      />
    );
  return (
    <FormProvider {...form}>
      <Stack component="form" spacing={3} noValidate onSubmit={(event) => void submit(event)}>
        <Typography>{t('staff.invite.acceptIntro')}</Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            gap: 1,
            m: 0,
            '& dt': { fontWeight: 700 },
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          <dt>{t('staff.accounts.email')}</dt>
          <dd>{invitation.email}</dd>
          <dt>{t('staff.invite.expires')}</dt>
          <dd>{formatDateTime(invitation.expires_at, language)}</dd>
        </Box>
        <FailureAlert failure={failure} />
        <input type="email" name="email" autoComplete="username" hidden readOnly value={invitation.email} />
        <NameFields own />
        <NewPasswordFields inputId="invite-new-password" policyId="invite-password-policy" />
        <Button type="submit" variant="contained" size="large" disabled={create.isPending}>
          {t('staff.invite.acceptSubmit')}
        </Button>
      </Stack>
    </FormProvider>
  );
}
