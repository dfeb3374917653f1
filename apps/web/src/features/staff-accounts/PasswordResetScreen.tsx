// /password-reset: without a token, asks for the address and mails a one-use link (the same answer
// whether or not the address has an account); with the mailed link's token, sets a new password under
// the policy shown beside the field.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearch } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberedStaffMunicipality } from '../../lib/staff/session';
import { errorFields, useApiMutation } from '../../lib/api';
import { RouterButton, RouterLink } from '../../lib/router/RouterLink';
import { errorText } from '../../lib/staff/errors';
import { FailureAlert } from '../../lib/staff/forms';
import { passwordOk } from './password-policy';
import { PasswordPolicy } from './PasswordPolicy';
import { linkMunicipality, PublicFrame } from './PublicFrame';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function PasswordResetScreen() {
  const { t } = useTranslation();
  const search = useSearch({ strict: false }) as { token?: unknown; municipality?: unknown };
  const token =
    typeof search.token === 'string' || typeof search.token === 'number' ? String(search.token) : null;
  const code = linkMunicipality(search.municipality) ?? rememberedStaffMunicipality();
  return (
    <PublicFrame title={t('screens.passwordReset')}>
      {token ? <ConfirmForm token={token} code={code} /> : <RequestForm code={code} />}
    </PublicFrame>
  );
}

function RequestForm({ code }: { code: string }) {
  const { t } = useTranslation();
  const [municipality, setMunicipality] = useState(code);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ municipality?: string; email?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const request = useApiMutation('staff.password_reset.request');
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!/^\d{6}$/.test(municipality)) found.municipality = t('signIn.invalidCode');
    if (!EMAIL.test(email.trim())) found.email = t('staff.password.emailInvalid');
    setErrors(found);
    if (found.municipality) return codeRef.current?.focus();
    if (found.email) return emailRef.current?.focus();
    setFailure(null);
    request.mutate(
      { params: { code: municipality }, body: { email: email.trim() } },
      {
        onSuccess: () => {
          setSent(true);
          setTimeout(() => doneRef.current?.focus(), 0);
        },
        onError: (error) => {
          if (errorFields(error).includes('email')) setErrors({ email: t('staff.password.emailInvalid') });
          setFailure(errorText(t, error));
        },
      },
    );
  };

  if (sent)
    return (
      <Stack spacing={2}>
        <Alert severity="success" ref={doneRef} tabIndex={-1}>
          {t('staff.password.requestSent', { email: email.trim() })}
        </Alert>
        <Typography>{t('staff.password.requestNext')}</Typography>
        <RouterLink to="/login">{t('staff.password.backToSignIn')}</RouterLink>
      </Stack>
    );
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={submit}>
      <Typography>{t('staff.password.requestIntro')}</Typography>
      <FailureAlert failure={failure} />
      <TextField
        inputRef={codeRef}
        label={t('signIn.municipalityCode')}
        required
        value={municipality}
        onChange={(e) => setMunicipality(e.target.value)}
        error={Boolean(errors.municipality)}
        helperText={errors.municipality}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <TextField
        inputRef={emailRef}
        label={t('staff.password.email')}
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={Boolean(errors.email)}
        helperText={errors.email}
      />
      <Button type="submit" variant="contained" size="large" disabled={request.isPending}>
        {t('staff.password.requestSubmit')}
      </Button>
      <RouterLink to="/login">{t('staff.password.backToSignIn')}</RouterLink>
    </Stack>
  );
}

function ConfirmForm({ token, code }: { token: string; code: string }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ password?: string; again?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const confirm = useApiMutation('staff.password_reset.confirm');
  const passwordRef = useRef<HTMLInputElement>(null);
  const againRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!passwordOk(password)) found.password = t('staff.password.policyNotMet');
    if (again !== password) found.again = t('staff.password.mismatch');
    setErrors(found);
    if (found.password) return passwordRef.current?.focus();
    if (found.again) return againRef.current?.focus();
    setFailure(null);
    confirm.mutate(
      { params: { code }, body: { token, password } },
      {
        onSuccess: () => {
          setDone(true);
          setTimeout(() => doneRef.current?.focus(), 0);
        },
        onError: (error) => {
          if (errorFields(error).includes('password'))
            setErrors({ password: t('staff.password.policyNotMet') });
          setFailure(
            errorText(
              t,
              error,
              errorFields(error).includes('token')
                ? { validation_failed: t('staff.password.invalidLinkHelp') }
                : {},
            ),
          );
        },
      },
    );
  };

  if (done)
    return (
      <Stack spacing={2}>
        <Alert severity="success" ref={doneRef} tabIndex={-1}>
          {t('staff.password.resetDone')}
        </Alert>
        <div>
          <RouterButton to="/login" variant="contained">
            {t('staff.password.toSignIn')}
          </RouterButton>
        </div>
      </Stack>
    );
  return (
    <Stack component="form" spacing={3} noValidate onSubmit={submit}>
      <Typography>{t('staff.password.confirmIntro')}</Typography>
      <FailureAlert failure={failure}>
        <RouterLink to="/password-reset">{t('staff.password.requestAgain')}</RouterLink>
      </FailureAlert>
      <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
      <TextField
        inputRef={passwordRef}
        label={t('staff.password.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password}
        id="new-password"
        slotProps={{
          htmlInput: {
            'aria-describedby': errors.password
              ? 'new-password-helper-text password-policy'
              : 'password-policy',
            maxLength: 128,
          },
        }}
      />
      <PasswordPolicy id="password-policy" password={password} />
      <TextField
        inputRef={againRef}
        label={t('staff.password.newPasswordAgain')}
        type="password"
        autoComplete="new-password"
        required
        value={again}
        onChange={(e) => setAgain(e.target.value)}
        error={Boolean(errors.again)}
        helperText={errors.again}
      />
      <Button type="submit" variant="contained" size="large" disabled={confirm.isPending}>
        {t('staff.password.confirmSubmit')}
      </Button>
    </Stack>
  );
}
