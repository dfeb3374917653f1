// /invitations (administrators): invite a new staff member by address, with a permission and
// departments; the server mails a 7-day, one-use link (in development, it shows in /dev/outbox).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorTexts, isApiError, useApiMutation, useApiQuery, type ApiResult } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { useSnackbar } from '../../lib/layout/snackbar';
import { errorText } from '../../lib/staff/errors';
import { FailureAlert, FormPanel } from '../../lib/staff/forms';
import { can } from '../../lib/staff/permissions';
import { isForbidden, useStaffUser } from '../../lib/staff/staff-context';
import { AssignmentFields, useAssignment } from './AssignmentFields';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function InvitationsScreen() {
  const { t } = useTranslation();
  const user = useStaffUser();
  const allowed = can(user, 'accounts.manage');
  const list = useApiQuery(
    'staff.accounts.list',
    { query: { page: 1, page_size: 10 } },
    { enabled: allowed, staleTime: 300_000 },
  );
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.invitations')}
        </Typography>
        <Typography>{t('staff.invite.intro')}</Typography>
      </Box>
      {!allowed ? <Alert severity="warning">{t('staff.accounts.notAllowed')}</Alert> : null}
      {allowed && list.isPending ? <Loading /> : null}
      {list.isError ? (
        <LoadError
          title={isForbidden(list.error) ? t('staff.accounts.notAllowed') : t('staff.accounts.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data ? <InviteForm list={list.data} /> : null}
    </Stack>
  );
}

function InviteForm({ list }: { list: ApiResult<'staff.accounts.list'> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useSnackbar();
  const [email, setEmail] = useState('');
  const clerk = list.permissions.find((p) => p.code === 'clerk') ?? list.permissions[0];
  const assignment = useAssignment({ permissionId: clerk?.id ?? 0, departmentIds: [] });
  const { permissionId, departmentIds } = assignment;
  const [errors, setErrors] = useState<{ email?: string; department_ids?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<ApiResult<'staff.invitation.create'>[]>([]);
  const invite = useApiMutation('staff.invitation.create');
  const emailRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!EMAIL.test(email.trim())) found.email = t('staff.password.emailInvalid');
    if (departmentIds.length === 0) found.department_ids = t('staff.accounts.departmentsRequired');
    setErrors(found);
    if (found.email) return emailRef.current?.focus();
    if (found.department_ids) return document.getElementById('invite-department_ids')?.focus();
    setFailure(null);
    invite.mutate(
      { body: { email: email.trim(), permission_id: permissionId, department_ids: departmentIds } },
      {
        onSuccess: (invitation) => {
          setSent((s) => [invitation, ...s]);
          notify(t('staff.invite.sent', { email: invitation.email }), 'success');
          setEmail('');
          emailRef.current?.focus();
        },
        onError: (error) => {
          if (isApiError(error)) {
            const named = fieldErrorTexts(error, t);
            setErrors({ email: named.email, department_ids: named.department_ids });
          }
          setFailure(errorText(t, error, { conflict: t('staff.invite.emailTaken') }));
        },
      },
    );
  };

  return (
    <>
      <FormPanel titleId="invite-title" title={t('staff.invite.formTitle')} onSubmit={submit}>
        <FailureAlert failure={failure} />
        <TextField
          inputRef={emailRef}
          label={t('staff.accounts.email')}
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
        <AssignmentFields
          idPrefix="invite"
          list={list}
          assignment={assignment}
          departmentsError={errors.department_ids}
        />
        <div>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {t('staff.invite.submit')}
          </Button>
        </div>
      </FormPanel>
      {sent.length > 0 ? (
        <Box>
          <Typography variant="h2" sx={{ mb: 1 }}>
            {t('staff.invite.sentTitle')}
          </Typography>
          <List>
            {sent.map((i) => (
              <ListItem key={`${i.email}-${i.expires_at}`} divider>
                <ListItemText
                  primary={i.email}
                  secondary={t('staff.invite.expiresAt', { at: formatDateTime(i.expires_at, language) })}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      ) : null}
    </>
  );
}
