// The address notices are mailed to: given, then verified by the 6-digit code mailed to it (decision
// 0025). A verified address stays until a new one is verified; the code's problems are said in the
// screen's words (wrong, expired or spent, too many tries; codes sent too often).
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NotificationCodeRequest } from '@portal/contracts';
import { apiQueryKey, errorKind, errorText, useApiMutation } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { OneTimeCodeInput } from '../../lib/inputs/OneTimeCodeInput';
import { isCompleteCode } from '../../lib/inputs/one-time-code';
import { ErrorMessage } from '../../lib/layout/feedback';
import type { NotificationSettings } from './notices';

export function AddressSection({ code, settings }: { code: string; settings: NotificationSettings }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const saved = (next: NotificationSettings) =>
    queryClient.setQueryData(apiQueryKey('applicant.notification_settings.get', { params: { code } }), next);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [codeValue, setCodeValue] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const doneRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    resolver: zodResolver(NotificationCodeRequest),
    defaultValues: { email: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const email = useController({ control: form.control, name: 'email' });
  const emailProblem = email.fieldState.error
    ? email.fieldState.error.type === 'server'
      ? email.fieldState.error.message
      : t('notifications.address.invalid')
    : undefined;

  const send = useApiMutation('applicant.notification_settings.code');
  const verify = useApiMutation('applicant.notification_settings.verify');
  const remove = useApiMutation('applicant.notification_settings.remove_email');

  const announce = (message: string) => setDone(message);
  // The status is read out and the focus lands on it once drawn (the code form it replaces is gone).
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const submitEmail = form.handleSubmit(
    ({ email: address }) => {
      setDone(null);
      setFailure(null);
      send.mutate(
        { params: { code }, body: { email: address } },
        {
          onSuccess: (next) => {
            saved(next);
            setCodeValue('');
            setCodeError(undefined);
          },
          onError: (error) => {
            const kind = errorKind(error);
            if (kind === 'validation_failed') {
              form.setError('email', { type: 'server', message: t('notifications.address.invalid') });
              form.setFocus('email');
            } else setFailure(error);
          },
        },
      );
    },
    () => form.setFocus('email'),
  );

  const submitCode = () => {
    setDone(null);
    setFailure(null);
    if (!isCompleteCode(codeValue)) {
      setCodeError(t('notifications.address.codeIncomplete'));
      document.getElementById('notification-code')?.focus();
      return;
    }
    verify.mutate(
      { params: { code }, body: { code: codeValue } },
      {
        onSuccess: (next) => {
          saved(next);
          setCodeError(undefined);
          form.reset({ email: '' });
          announce(t('notifications.address.verified'));
        },
        onError: (error) => {
          setCodeError(
            errorText(error, t, {
              validation_failed: t('notifications.address.codeWrong'),
              conflict: t('notifications.address.codeExpired'),
              rate_limited: t('notifications.address.codeTooMany'),
            }),
          );
          document.getElementById('notification-code')?.focus();
        },
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="address-heading">
      <Typography variant="h2" id="address-heading" gutterBottom>
        {t('notifications.address.heading')}
      </Typography>
      <Stack spacing={2}>
        <Typography data-testid="notification-address">
          {settings.email
            ? t('notifications.address.current', { email: settings.email })
            : t('notifications.address.none')}
        </Typography>
        {done ? (
          <Alert severity="success" role="status" ref={doneRef} tabIndex={-1}>
            {done}
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error">
            <ErrorMessage
              error={failure}
              context={{ rate_limited: t('notifications.address.sendTooMany') }}
            />
          </Alert>
        ) : null}
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={(event) => void submitEmail(event)}
          sx={{ maxWidth: '32rem' }}
        >
          <TextField
            id="notification-email"
            label={settings.email ? t('notifications.address.changeLabel') : t('notifications.address.label')}
            type="email"
            autoComplete="email"
            required
            inputRef={email.field.ref}
            value={email.field.value}
            onChange={email.field.onChange}
            onBlur={email.field.onBlur}
            error={Boolean(emailProblem)}
            helperText={emailProblem ?? t('notifications.address.help')}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={send.isPending}>
              {t('notifications.address.send')}
            </Button>
          </Box>
        </Stack>
        {settings.pending ? (
          <Stack
            component="form"
            noValidate
            spacing={2}
            sx={{ maxWidth: '32rem' }}
            onSubmit={(event) => {
              event.preventDefault();
              submitCode();
            }}
          >
            <Alert severity="info" role="status">
              {t('notifications.address.sent', {
                email: settings.pending.email,
                time: formatDateTime(settings.pending.expires_at, language),
              })}
            </Alert>
            <OneTimeCodeInput
              id="notification-code"
              label={t('notifications.address.codeLabel')}
              help={t('notifications.address.codeHelp')}
              value={codeValue}
              onChange={(next) => {
                setCodeValue(next);
                setCodeError(undefined);
              }}
              error={codeError}
              autoFocus
            />
            <Box>
              <Button type="submit" variant="contained" disabled={verify.isPending}>
                {t('notifications.address.verify')}
              </Button>
            </Box>
          </Stack>
        ) : null}
        {settings.email ? (
          <Box>
            <Button
              variant="outlined"
              color="error"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { params: { code } },
                  {
                    onSuccess: (next) => {
                      saved(next);
                      announce(t('notifications.address.removed'));
                    },
                    onError: setFailure,
                  },
                )
              }
            >
              {t('notifications.address.remove')}
            </Button>
          </Box>
        ) : null}
      </Stack>
    </Box>
  );
}
