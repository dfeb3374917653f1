// Bulk work on the selected documents (decision 0020): change status, assign or move the current workflow
// step (start, approve, ask for rework: decision 0039) in one act, then a result per document (the refused ones with the reason, in the staff's words); or
// export the selection as one zip (BulkExport).
// Deletion (administrators) keeps its own button and undo.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BulkResult, DocumentStatus } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api';
import { errorText } from '../../lib/staff/errors';
import { can } from '../../lib/staff/permissions';
import { useStaffUser } from '../../lib/staff/staff-context';
import { BulkAssignDialog, BulkStatusDialog, BulkWorkflowDialog } from './BulkDialogs';
import { movedStepText, refusalText, type BulkAct } from './bulk-results';
import { BulkExport } from './BulkExport';
import { DeleteDocuments } from './DeleteDocuments';

/** Whether a staff member may select documents for any bulk act. */
export const maySelect = (user: Parameters<typeof can>[0]) =>
  can(user, 'documents.status') ||
  can(user, 'workflow.act') ||
  can(user, 'exports.run') ||
  can(user, 'documents.delete');

export function BulkActions({
  ids,
  versions,
  onDone,
}: {
  ids: string[];
  /** The version the list showed of each document, by id (decision 0034). */
  versions: Readonly<Record<string, number>>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const user = useStaffUser();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<BulkAct | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<{ act: BulkAct; result: BulkResult } | null>(null);
  const status = useApiMutation('staff.documents_bulk.status');
  const assign = useApiMutation('staff.documents_bulk.assignment');
  const workflow = useApiMutation('staff.documents_bulk.workflow');

  const finish = (act: BulkAct) => ({
    onSuccess: (r: BulkResult) => {
      setOpen(null);
      setResult({ act, result: r });
      onDone();
      void queryClient.invalidateQueries({ queryKey: ['staff.documents.list'] });
      void queryClient.invalidateQueries({ queryKey: ['staff.overview'] });
      void queryClient.invalidateQueries({ queryKey: ['staff.documents.get'] });
    },
    onError: (e: Error) => setFailure(errorText(t, e)),
  });
  // A document changed since the list showed it is refused on its own ("someone changed it first").
  const listed = () => Object.fromEntries(ids.map((id) => [id, versions[id] ?? 1]));
  const show = (act: BulkAct) => {
    setFailure(null);
    setOpen(act);
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Typography role="status" sx={{ mr: 1 }}>
          {ids.length > 0 ? t('staff.bulk.selected', { count: ids.length }) : ''}
        </Typography>
        {can(user, 'documents.status') ? (
          <Button variant="outlined" disabled={ids.length === 0} onClick={() => show('status')}>
            {t('staff.bulk.changeStatus')}
          </Button>
        ) : null}
        {can(user, 'workflow.act') ? (
          <Button variant="outlined" disabled={ids.length === 0} onClick={() => show('workflow')}>
            {t('staff.bulk.workflow')}
          </Button>
        ) : null}
        {can(user, 'workflow.act') ? (
          <Button variant="outlined" disabled={ids.length === 0} onClick={() => show('assign')}>
            {t('staff.bulk.assign')}
          </Button>
        ) : null}
        {can(user, 'exports.run') ? <BulkExport ids={ids} /> : null}
        {can(user, 'documents.delete') ? <DeleteDocuments ids={ids} onRequested={onDone} /> : null}
      </Stack>
      {open === 'status' ? (
        <BulkStatusDialog
          open
          count={ids.length}
          busy={status.isPending}
          failure={failure}
          onClose={() => setOpen(null)}
          onSubmit={(to: DocumentStatus, message) =>
            status.mutate(
              { body: { document_ids: ids, versions: listed(), status: to, remand_message: message } },
              finish('status'),
            )
          }
        />
      ) : null}
      {open === 'assign' ? (
        <BulkAssignDialog
          open
          count={ids.length}
          busy={assign.isPending}
          failure={failure}
          onClose={() => setOpen(null)}
          onSubmit={(userId) =>
            assign.mutate(
              { body: { document_ids: ids, versions: listed(), user_id: userId } },
              finish('assign'),
            )
          }
        />
      ) : null}
      {open === 'workflow' ? (
        <BulkWorkflowDialog
          open
          count={ids.length}
          busy={workflow.isPending}
          failure={failure}
          onClose={() => setOpen(null)}
          onSubmit={(to, memo) =>
            workflow.mutate(
              {
                body: {
                  document_ids: ids,
                  versions: listed(),
                  status: to,
                  ...(memo !== undefined ? { memo } : {}),
                },
              },
              finish('workflow'),
            )
          }
        />
      ) : null}
      {result ? <BulkResultDialog {...result} onClose={() => setResult(null)} /> : null}
    </>
  );
}

function BulkResultDialog({
  act,
  result,
  onClose,
}: {
  act: BulkAct;
  result: BulkResult;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const refused = result.results.filter((r) => r.outcome === 'refused');
  // A workflow act also lists what moved, each with its step (「2. 審査：承認済み」).
  const moved = act === 'workflow' ? result.results.filter((r) => r.outcome === 'changed') : [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-result-title" fullWidth maxWidth="sm">
      <DialogTitle id="bulk-result-title">{t('staff.bulk.resultTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity={result.changed === 0 ? 'warning' : refused.length > 0 ? 'info' : 'success'}>
          {result.changed > 0
            ? t('staff.bulk.resultSummary', { changed: result.changed })
            : t('staff.bulk.resultNone')}
          {refused.length > 0 ? ` ${t('staff.bulk.resultRefused', { refused: refused.length })}` : ''}
        </Alert>
        {moved.length > 0 ? (
          <>
            <Typography component="h3" variant="h3" sx={{ mt: 2, mb: 1 }}>
              {t('staff.bulk.changedList')}
            </Typography>
            <ul>
              {moved.map((r) => (
                <li key={r.document_id}>
                  <strong>{r.reference_number ?? t('staff.bulk.unknownDocument')}</strong>
                  {'：'}
                  {movedStepText(t, r)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {refused.length > 0 ? (
          <>
            <Typography component="h3" variant="h3" sx={{ mt: 2, mb: 1 }}>
              {t('staff.bulk.refusedList')}
            </Typography>
            <ul>
              {refused.map((r) => (
                <li key={r.document_id}>
                  <strong>{r.reference_number ?? t('staff.bulk.unknownDocument')}</strong>
                  {'：'}
                  {refusalText(t, act, r)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('staff.bulk.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
