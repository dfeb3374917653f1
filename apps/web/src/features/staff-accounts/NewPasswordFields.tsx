// A new password typed twice, with the policy beside it met rule by rule as it is typed (the password
// reset and the invitation); the password field is described by the policy, and by its error when shown.
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../lib/staff/FormTextField';
import { PasswordPolicy } from './PasswordPolicy';

type NewPasswordValues = { password: string; again: string };

export function NewPasswordFields({
  inputId,
  policyId,
  maxLength,
}: {
  /** The password input's id and the policy's. */
  inputId: string;
  policyId: string;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<NewPasswordValues>();
  const password = useWatch({ control, name: 'password' });
  const { errors } = useFormState({ control, name: 'password' });
  return (
    <>
      <FormTextField
        control={control}
        name="password"
        id={inputId}
        label={t('staff.password.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        problem={t('staff.password.policyNotMet')}
        slotProps={{
          htmlInput: {
            'aria-describedby': errors.password ? `${inputId}-helper-text ${policyId}` : policyId,
            maxLength,
          },
        }}
      />
      <PasswordPolicy id={policyId} password={password} />
      <FormTextField
        control={control}
        name="again"
        label={t('staff.password.newPasswordAgain')}
        type="password"
        autoComplete="new-password"
        required
        problem={t('staff.password.mismatch')}
      />
    </>
  );
}
