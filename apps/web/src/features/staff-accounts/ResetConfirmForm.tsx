// /password-reset once the mailed link was opened (its form session): a new password under the policy.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorFields, useApiMutation } from '../../lib/api';
import { RouterLink } from '../../lib/router/RouterLink';
import { errorText } from '../../lib/staff/errors';
import { FailureAlert } from '../../lib/staff/forms';
import { DoneNotice } from './DoneNotice';
import { NewPasswordFields } from './NewPasswordFields';
import { resetConfirmSchema } from './schemas';
import { focusFirst, showServerErrors, useStaffForm } from '../../lib/staff/staff-form';

export function ResetConfirmForm({ code }: { code: string }) {
  const { t } = useTranslation();
  const form = useStaffForm(resetConfirmSchema, { password: '', again: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const confirm = useApiMutation('staff.password_reset.confirm');

  const submit = form.handleSubmit(
    ({ password }) => {
      setFailure(null);
      confirm.mutate(
        { params: { code }, body: { password } },
        {
          onSuccess: () => setDone(true),
          onError: (error) => {
            showServerErrors(form, t, error, ['password'], { password: t('staff.password.policyNotMet') });
            const badLink = errorFields(error).includes('token');
            setFailure(
              errorText(t, error, badLink ? { validation_failed: t('staff.password.invalidLinkHelp') } : {}),
            );
          },
        },
      );
    },
    focusFirst(form, ['password', 'again']),
  );

  if (done)
    return (
      <DoneNotice
        message={t('staff.password.resetDone')}
        to="/login"
        label={t('staff.password.toSignIn')}
        button
      />
    );
  return (
    <FormProvider {...form}>
      <Stack component="form" spacing={3} noValidate onSubmit={(event) => void submit(event)}>
        <Typography>{t('staff.password.confirmIntro')}</Typography>
        <FailureAlert failure={failure}>
          <RouterLink to="/password-reset">{t('staff.password.requestAgain')}</RouterLink>
        </FailureAlert>
        <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
        <NewPasswordFields inputId="new-password" policyId="password-policy" maxLength={128} />
        <Button type="submit" variant="contained" size="large" disabled={confirm.isPending}>
          {t('staff.password.confirmSubmit')}
        </Button>
      </Stack>
    </FormProvider>
  );
}
