// /accounts/new?token=…&municipality=…: the invitation link of the mail. Shows what was invited (address,
// expiry), then creates the account: name and its reading in katakana, a password under the policy.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearch } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberedStaffMunicipality } from '../../lib/staff/session';
import {
  errorFields,
  errorKind,
  fieldErrorTexts,
  isApiError,
  useApiMutation,
  useApiQuery,
  type ApiResult,
} from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { RouterButton } from '../../lib/router/RouterLink';
import { errorText } from '../../lib/staff/errors';
import { isKana, passwordOk } from './password-policy';
import { PasswordPolicy } from './PasswordPolicy';
import { linkMunicipality, PublicFrame } from './PublicFrame';

type Field = 'last_name' | 'first_name' | 'last_name_kana' | 'first_name_kana' | 'password' | 'again';
const ORDER: Field[] = ['last_name', 'first_name', 'last_name_kana', 'first_name_kana', 'password', 'again'];

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
        <AcceptForm token={token} code={code} invitation={invitation.data} />
      )}
    </PublicFrame>
  );
}

function AcceptForm({
  token,
  code,
  invitation,
}: {
  token: string;
  code: string;
  invitation: ApiResult<'staff.invitation.get'>;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [values, setValues] = useState<Record<Field, string>>({
    last_name: '',
    first_name: '',
    last_name_kana: '',
    first_name_kana: '',
    password: '',
    again: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const create = useApiMutation('staff.accounts.create');
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const doneRef = useRef<HTMLDivElement>(null);

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    for (const f of ['last_name', 'first_name'] as const)
      if (!values[f].trim()) found[f] = t('staff.invite.required');
    for (const f of ['last_name_kana', 'first_name_kana'] as const)
      if (!values[f].trim()) found[f] = t('staff.invite.required');
      else if (!isKana(values[f].trim())) found[f] = t('staff.invite.kana');
    if (!passwordOk(values.password)) found.password = t('staff.password.policyNotMet');
    if (values.again !== values.password) found.again = t('staff.password.mismatch');
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    const first = ORDER.find((f) => found[f]);
    if (first) return refs.current[first]?.focus();
    setFailure(null);
    create.mutate(
      {
        params: { code },
        body: {
          token,
          last_name: values.last_name.trim(),
          first_name: values.first_name.trim(),
          last_name_kana: values.last_name_kana.trim(),
          first_name_kana: values.first_name_kana.trim(),
          email: invitation.email,
          password: values.password,
          permission_id: invitation.permission_id,
          department_ids: invitation.department_ids,
        },
      },
      {
        onSuccess: () => {
          setDone(true);
          setTimeout(() => doneRef.current?.focus(), 0);
        },
        onError: (error) => {
          if (isApiError(error)) {
            // The fields the server named, in the screen's own words (its check, else the general one).
            const named = fieldErrorTexts(error, t, check());
            const server: Partial<Record<Field, string>> = {};
            for (const f of ORDER) if (named[f]) server[f] = named[f];
            setErrors(server);
          }
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
  };

  if (done)
    return (
      <Stack spacing={2}>
        <Alert severity="success" ref={doneRef} tabIndex={-1}>
          {t('staff.invite.created', { email: invitation.email })}
        </Alert>
        <div>
          <RouterButton to="/login" variant="contained">
            {t('staff.password.toSignIn')}
          </RouterButton>
        </div>
      </Stack>
    );

  const field = (name: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      inputRef={(el: HTMLInputElement | null) => {
        refs.current[name] = el;
      }}
      {...extra}
      label={label}
      required
      value={values[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? extra.helperText}
    />
  );

  return (
    <Stack component="form" spacing={3} noValidate onSubmit={submit}>
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
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <input type="email" name="email" autoComplete="username" hidden readOnly value={invitation.email} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('last_name', t('staff.accounts.lastName'), { autoComplete: 'family-name' })}
        {field('first_name', t('staff.accounts.firstName'), { autoComplete: 'given-name' })}
        {field('last_name_kana', t('staff.accounts.lastNameKana'), {
          helperText: t('staff.invite.kanaHelp'),
        })}
        {field('first_name_kana', t('staff.accounts.firstNameKana'), {
          helperText: t('staff.invite.kanaHelp'),
        })}
      </Box>
      {field('password', t('staff.password.newPassword'), { type: 'password', autoComplete: 'new-password' })}
      <PasswordPolicy id="invite-password-policy" password={values.password} />
      {field('again', t('staff.password.newPasswordAgain'), {
        type: 'password',
        autoComplete: 'new-password',
      })}
      <Button type="submit" variant="contained" size="large" disabled={create.isPending}>
        {t('staff.invite.acceptSubmit')}
      </Button>
    </Stack>
  );
}
