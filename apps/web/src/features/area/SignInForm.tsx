// The staff and operator sign-in form: login ID and password (and, for staff, the municipality code),
// checked with the contract's schema before sending and with the server's answer after.
import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LoginRequest, MunicipalityCode } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorFields, errorText, isApiError } from '../../lib/api';
import {
  rememberedStaffMunicipality,
  signIn,
  type AreaTarget,
  type Credentials,
  type LoginStatus,
} from '../../lib/staff/session';

const staffSchema = LoginRequest.extend({ municipality_code: MunicipalityCode });

export function SignInForm({
  target,
  onSignedIn,
}: {
  target: AreaTarget;
  /** Called with the new status (and the credentials, for a target that signs in elsewhere too). */
  onSignedIn: (status: LoginStatus, credentials: Credentials) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const staff = target === 'municipality';
  const [showPassword, setShowPassword] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Credentials>({
    resolver: zodResolver(staff ? staffSchema : LoginRequest) as never,
    defaultValues: {
      login_id: '',
      password: '',
      ...(staff ? { municipality_code: rememberedStaffMunicipality() } : {}),
    },
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const labels = {
    municipality_code: t('signIn.municipalityCode'),
    login_id: staff ? t('signIn.loginIdStaff') : t('signIn.loginId'),
    password: t('signIn.password'),
  };
  // The schema's own messages are English and technical: say what to do instead, per field.
  const message = (field: keyof Credentials) =>
    errors[field]
      ? field === 'municipality_code'
        ? t('signIn.invalidCode')
        : (errors[field]?.type === 'server' && errors[field]?.message) ||
          t('signIn.requiredField', { field: field === 'password' ? labels.password : labels.login_id })
      : undefined;

  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        onSignedIn(await signIn(target, values, queryClient), values);
      } catch (error) {
        if (isApiError(error)) {
          for (const field of errorFields(error)) {
            if (field === 'login_id' || field === 'password')
              form.setError(field, {
                type: 'server',
                message: staff ? t('errors.field') : error.fieldErrors[field],
              });
          }
        }
        // The master tool shows the server's messages (spec §8); the staff area its own words.
        setFailure(
          staff
            ? errorText(error, t, {
                unauthenticated: t('signIn.wrongCredentials'),
                rate_limited: t('signIn.tooManyAttempts'),
                not_found: t('signIn.unknownMunicipality'),
              })
            : error instanceof Error
              ? error.message
              : String(error),
        );
      }
    },
    (invalid) => {
      const first = (['municipality_code', 'login_id', 'password'] as const).find((f) => invalid[f]);
      if (first) form.setFocus(first);
    },
  );

  return (
    <Stack component="form" spacing={3} noValidate onSubmit={(event) => void submit(event)}>
      {failure ? (
        <Alert severity="error" role="alert">
          <AlertTitle>{t('signIn.failed')}</AlertTitle>
          {failure}
        </Alert>
      ) : null}
      {staff ? (
        <TextField
          {...form.register('municipality_code')}
          label={labels.municipality_code}
          required
          autoComplete="organization"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          error={Boolean(errors.municipality_code)}
          helperText={message('municipality_code')}
        />
      ) : null}
      <TextField
        {...form.register('login_id')}
        label={labels.login_id}
        required
        autoComplete="username"
        type={staff ? 'email' : 'text'}
        error={Boolean(errors.login_id)}
        helperText={message('login_id')}
      />
      <TextField
        {...form.register('password')}
        label={labels.password}
        required
        autoComplete="current-password"
        type={showPassword ? 'text' : 'password'}
        error={Boolean(errors.password)}
        helperText={message('password')}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  onClick={() => setShowPassword((v) => !v)}
                  aria-label={t('signIn.showPassword')}
                  aria-pressed={showPassword}
                  edge="end"
                >
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? t('signIn.submitting') : t('signIn.submit')}
      </Button>
    </Stack>
  );
}
