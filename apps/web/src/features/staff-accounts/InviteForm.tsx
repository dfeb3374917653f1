// The invitation form: an address, a permission and departments; each invitation sent is listed under
// it, and the form stays ready for the next address with the same assignment.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApiMutation, type ApiResult } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { useSnackbar } from '../../lib/layout/snackbar';
import { errorText } from '../../lib/staff/errors';
import { FailureAlert, FormPanel } from '../../lib/staff/forms';
import { AssignmentFields } from './AssignmentFields';
import { FormTextField } from '../../lib/staff/FormTextField';
import { inviteSchema } from './schemas';
import { focusFirst, showServerErrors, useStaffForm } from '../../lib/staff/staff-form';

export function InviteForm({ list }: { list: ApiResult<'staff.accounts.list'> }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const notify = useSnackbar();
  const clerk = list.permissions.find((p) => p.code === 'clerk') ?? list.permissions[0];
  const form = useStaffForm(inviteSchema, { email: '', permission_id: clerk?.id ?? 0, department_ids: [] });
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<ApiResult<'staff.invitation.create'>[]>([]);
  const invite = useApiMutation('staff.invitation.create');

  const submit = form.handleSubmit(
    (body) => {
      setFailure(null);
      invite.mutate(
        { body },
        {
          onSuccess: (invitation) => {
            setSent((s) => [invitation, ...s]);
            notify(t('staff.invite.sent', { email: invitation.email }), 'success');
            // The next invitation: a new address, the same permission and departments.
            form.setValue('email', '');
            form.setFocus('email');
          },
          onError: (error) => {
            showServerErrors(form, t, error, ['email', 'department_ids']);
            setFailure(errorText(t, error, { conflict: t('staff.invite.emailTaken') }));
          },
        },
      );
    },
    focusFirst(form, ['email', 'department_ids']),
  );

  return (
    <FormProvider {...form}>
      <FormPanel
        titleId="invite-title"
        title={t('staff.invite.formTitle')}
        onSubmit={(event) => void submit(event)}
      >
        <FailureAlert failure={failure} />
        <FormTextField
          control={form.control}
          name="email"
          label={t('staff.accounts.email')}
          type="email"
          required
          problem={t('staff.password.emailInvalid')}
        />
        <AssignmentFields idPrefix="invite" list={list} />
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
    </FormProvider>
  );
}
