// An administrator edits an account: its names and reading, permission and departments, in a dialog.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useApiMutation, type ApiResult } from '../../lib/api';
import { useSnackbar } from '../../lib/layout/snackbar';
import { errorText } from '../../lib/staff/errors';
import { FailureAlert } from '../../lib/staff/forms';
import { AssignmentFields } from './AssignmentFields';
import { NameFields } from './NameFields';
import { editSchema } from './schemas';
import { focusFirst, showServerErrors, useStaffForm } from '../../lib/staff/staff-form';

export type AccountList = ApiResult<'staff.accounts.list'>;
export type Account = AccountList['accounts'][number];

const ORDER = ['last_name', 'first_name', 'last_name_kana', 'first_name_kana', 'department_ids'] as const;

export function AccountEditDialog({
  account,
  list,
  onClose,
}: {
  account: Account;
  list: AccountList;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const form = useStaffForm(editSchema, {
    last_name: account.last_name,
    first_name: account.first_name,
    last_name_kana: account.last_name_kana,
    first_name_kana: account.first_name_kana,
    permission_id: account.permission_id,
    department_ids: account.department_ids,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const update = useApiMutation('staff.accounts.update');

  const submit = form.handleSubmit(
    (body) => {
      setFailure(null);
      update.mutate(
        { params: { accountId: account.id }, body },
        {
          onSuccess: () => {
            void queryClient.invalidateQueries({ queryKey: ['staff.accounts.list'] });
            notify(t('staff.accounts.saved'), 'success');
            onClose();
          },
          onError: (error) => {
            showServerErrors(form, t, error, ORDER);
            setFailure(errorText(t, error, { conflict: t('staff.accounts.conflict') }));
          },
        },
      );
    },
    focusFirst(form, ORDER),
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-account-title" fullWidth maxWidth="sm">
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <DialogTitle id="edit-account-title">
            {t('staff.accounts.editTitle', { email: account.email })}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FailureAlert failure={failure} />
              <NameFields idPrefix="edit" />
              <AssignmentFields idPrefix="edit" list={list} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('staff.common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={update.isPending}>
              {t('staff.accounts.save')}
            </Button>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
