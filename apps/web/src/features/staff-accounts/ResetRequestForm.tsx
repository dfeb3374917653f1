// /password-reset without a token: the municipality and the address to mail a one-use link to (the same
// answer whether or not the address has an account).
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api';
import { RouterLink } from '../../lib/router/RouterLink';
import { errorText } from '../../lib/staff/errors';
import { FailureAlert } from '../../lib/staff/forms';
import { DoneNotice } from './DoneNotice';
import { FormTextField } from '../../lib/staff/FormTextField';
import { resetRequestSchema } from './schemas';
import { focusFirst, showServerErrors, useStaffForm } from '../../lib/staff/staff-form';

export function ResetRequestForm({ code }: { code: string }) {
  const { t } = useTranslation();
  const form = useStaffForm(resetRequestSchema, { municipality_code: code, email: '' });
  const [failure, setFailure] = useState<string | null>(null);
  /** The address the link was sent to, once sent. */
  const [sent, setSent] = useState<string | null>(null);
  const request = useApiMutation('staff.password_reset.request');
  const emailInvalid = t('staff.password.emailInvalid');

  const submit = form.handleSubmit(
    ({ municipality_code, email }) => {
      setFailure(null);
      request.mutate(
        { params: { code: municipality_code }, body: { email } },
        {
          onSuccess: () => setSent(email),
          onError: (error) => {
            showServerErrors(form, t, error, ['email'], { email: emailInvalid });
            setFailure(errorText(t, error));
          },
        },
      );
    },
    focusFirst(form, ['municipality_code', 'email']),
  );

  if (sent !== null)
    return (
      <DoneNotice
        message={t('staff.password.requestSent', { email: sent })}
        note={t('staff.password.requestNext')}
        to="/login"
        label={t('staff.password.backToSignIn')}
      />
    );
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={(event) => void submit(event)}>
      <Typography>{t('staff.password.requestIntro')}</Typography>
      <FailureAlert failure={failure} />
      <FormTextField
        control={form.control}
        name="municipality_code"
        label={t('signIn.municipalityCode')}
        required
        problem={t('signIn.invalidCode')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <FormTextField
        control={form.control}
        name="email"
        label={t('staff.password.email')}
        type="email"
        autoComplete="email"
        required
        problem={emailInvalid}
      />
      <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
        {t('staff.password.requestSubmit')}
      </Button>
      <RouterLink to="/login">{t('staff.password.backToSignIn')}</RouterLink>
    </Stack>
  );
}
