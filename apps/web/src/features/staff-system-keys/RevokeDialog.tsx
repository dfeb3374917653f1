// Revoking a key after a confirmation that names the consequence; it names the version read (If-Match),
// so a key changed meanwhile is refused with a conflict message, as the other staff screens do.
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api';
import { useSnackbar } from '../../lib/layout/snackbar';
import { errorText } from '../../lib/staff/errors';
import { FailureAlert } from '../../lib/staff/forms';

export function RevokeDialog({
  keyView,
  open,
  onClose,
}: {
  keyView: { id: string; name: string; version: number };
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const revoke = useApiMutation('staff.system_keys.revoke');
  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = () => {
    setFailure(null);
    revoke.mutate(
      { params: { keyId: keyView.id }, ifMatch: keyView.version },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['staff.system_keys.list'] });
          notify(t('systemKeys.revoke.done', { name: keyView.name }), 'success');
          close();
        },
        onError: (error) => {
          setFailure(errorText(t, error, { conflict: t('systemKeys.revoke.conflict') }));
          // A stale version: the list is read again, so the next try names the current one.
          void queryClient.invalidateQueries({ queryKey: ['staff.system_keys.list'] });
        },
      },
    );
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="revoke-key-title" aria-describedby="revoke-key-text">
      <DialogTitle id="revoke-key-title">{t('systemKeys.revoke.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="revoke-key-text">
          {t('systemKeys.revoke.confirm', { name: keyView.name })}
        </DialogContentText>
        <FailureAlert failure={failure} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('staff.common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={revoke.isPending}>
          {t('systemKeys.revoke.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
