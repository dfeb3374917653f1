// Deletion of selected documents (administrators): confirm, request (a job that waits before it runs),
// and an undo in the snackbar while it waits; an undo that comes too late says so.
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, useApiMutation } from '../../lib/api';
import { errorText } from '../../lib/staff/errors';
import { useSnackbar } from '../../lib/layout/snackbar';

/** How long the undo is offered (the server waits 10 seconds by default before it deletes). */
export const UNDO_WINDOW_MS = 9000;

export function DeleteDocuments({
  ids,
  onRequested,
  onDeleted,
  variant = 'outlined',
}: {
  ids: string[];
  onRequested: () => void;
  /** After the request is accepted (e.g. leave the detail screen). */
  onDeleted?: () => void;
  variant?: 'outlined' | 'contained';
}) {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState<{ jobId: string; count: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useApiMutation('staff.documents_delete.create');
  const cancel = useApiMutation('staff.documents_delete.cancel');

  const confirm = () => {
    setError(null);
    request.mutate(
      { body: { document_ids: ids } },
      {
        onSuccess: (job) => {
          setConfirming(false);
          setPending({ jobId: job.id, count: ids.length });
          onRequested();
          onDeleted?.();
          // The rows go once the job has run; refresh the lists then.
          setTimeout(
            () => void queryClient.invalidateQueries({ queryKey: ['staff.documents.list'] }),
            12_000,
          );
          setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['staff.overview'] }), 12_000);
        },
        onError: (e) => setError(errorText(t, e)),
      },
    );
  };

  const undo = () => {
    if (!pending) return;
    const { jobId } = pending;
    setPending(null);
    cancel.mutate(
      { query: { documents_delete_id: jobId } },
      {
        onSuccess: () => {
          notify(t('staff.delete.undone'), 'success');
          void queryClient.invalidateQueries({ queryKey: ['staff.documents.list'] });
        },
        onError: (e) =>
          notify(isApiError(e) && e.status === 409 ? t('staff.delete.tooLate') : errorText(t, e), 'error'),
      },
    );
  };

  return (
    <>
      <Button
        variant={variant}
        color="error"
        startIcon={<DeleteIcon />}
        disabled={ids.length === 0}
        onClick={() => setConfirming(true)}
        sx={{ mb: 1 }}
      >
        {ids.length > 0 ? t('staff.delete.buttonCount', { count: ids.length }) : t('staff.delete.button')}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="delete-title">
        <DialogTitle id="delete-title">{t('staff.delete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('staff.delete.confirm', { count: ids.length })}</DialogContentText>
          {error ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('staff.common.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirm} disabled={request.isPending}>
            {t('staff.delete.submit')}
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar
        open={pending !== null}
        autoHideDuration={UNDO_WINDOW_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setPending(null);
        }}
      >
        <Alert
          severity="info"
          variant="filled"
          action={
            <Button color="inherit" size="small" onClick={undo} sx={{ fontWeight: 700 }}>
              {t('staff.delete.undo')}
            </Button>
          }
        >
          {t('staff.delete.requested', { count: pending?.count ?? 0 })}
        </Alert>
      </Snackbar>
    </>
  );
}
