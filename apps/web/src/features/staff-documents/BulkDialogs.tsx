// The forms of bulk work (decision 0020): a status for every selected document (a remand with one
// message to every applicant, a rejection with one reason, both final moves confirmed: decision 0037),
// an assignee for each one's current workflow step, and a move of each one's current step (decision 0039).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { DocumentStatus } from '@portal/contracts';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionConfirmDialog } from './DecisionConfirmDialog';
import { RemandMessageField } from './RemandMessageField';
import { useApiQuery } from '../../lib/api';

const MOVES: readonly DocumentStatus[] = ['in_progress', 'remanded', 'completed', 'rejected'];

interface FormDialogProps {
  count: number;
  open: boolean;
  busy: boolean;
  failure: string | null;
  onClose: () => void;
}

function FormDialog({
  id,
  title,
  help,
  children,
  onSubmit,
  ...p
}: FormDialogProps & { id: string; title: string; help: string; children: ReactNode; onSubmit: () => void }) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={p.open} onClose={p.onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{help}</DialogContentText>
            {children}
            {p.failure ? (
              <Alert severity="error" role="alert">
                {p.failure}
              </Alert>
            ) : null}
            {p.busy ? <Alert severity="info">{t('staff.bulk.running', { count: p.count })}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={p.onClose}>{t('staff.common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={p.busy}>
            {t('staff.bulk.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The new status; a remand asks for the message every selected applicant receives, a rejection for its
 * reason; a rejection or a completion is confirmed with its consequence before it runs.
 */
export function BulkStatusDialog(
  p: FormDialogProps & { onSubmit: (status: DocumentStatus, message: string | null) => void },
) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DocumentStatus>('in_progress');
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState(false);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [confirming, setConfirming] = useState(false);
  const needsMessage = status === 'remanded' || status === 'rejected';
  const send = () => p.onSubmit(status, needsMessage ? message.trim() : null);
  const submit = () => {
    if (needsMessage && message.trim() === '') {
      setMessageError(true);
      messageRef.current?.focus();
      return;
    }
    if (status === 'rejected' || status === 'completed') setConfirming(true);
    else send();
  };
  return (
    <FormDialog
      {...p}
      id="bulk-status"
      title={t('staff.bulk.statusTitle', { count: p.count })}
      help={t('staff.bulk.statusHelp')}
      onSubmit={submit}
    >
      <FormControl>
        <FormLabel id="bulk-status-label">{t('staff.bulk.statusLabel')}</FormLabel>
        <RadioGroup
          aria-labelledby="bulk-status-label"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as DocumentStatus);
            setMessageError(false);
          }}
        >
          {MOVES.map((s) => (
            <FormControlLabel key={s} value={s} control={<Radio />} label={t(`staff.statusAction.${s}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      {status === 'remanded' || status === 'rejected' ? (
        // One message field: a remand's message to the resident, or a rejection's reason (decision 0037).
        <RemandMessageField
          inputRef={messageRef}
          value={message}
          missing={messageError}
          {...(status === 'rejected'
            ? {
                label: t('staff.decision.reasonLabel'),
                requiredText: t('staff.decision.reasonRequired'),
                help: t('staff.decision.bulkReasonHelp'),
              }
            : { help: t('staff.bulk.remandHelp') })}
          onChange={(value) => {
            setMessage(value);
            if (value.trim()) setMessageError(false);
          }}
        />
      ) : null}
      {confirming && (status === 'rejected' || status === 'completed') ? (
        <DecisionConfirmDialog
          decision={status}
          reason={status === 'rejected' ? message.trim() : null}
          count={p.count}
          busy={p.busy}
          failure={p.failure}
          onConfirm={send}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </FormDialog>
  );
}

/** The moves a bulk workflow act offers for each document's current step (start also restarts a returned one). */
export const BULK_STEP_MOVES = ['in_progress', 'approved', 'returned'] as const;
export type BulkStepMove = (typeof BULK_STEP_MOVES)[number];

/**
 * What to do with each selected document's current step: start, approve, or ask for rework
 * (「やり直しを依頼する」), with an optional memo kept on every step moved.
 */
export function BulkWorkflowDialog(
  p: FormDialogProps & { onSubmit: (status: BulkStepMove, memo: string | undefined) => void },
) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<BulkStepMove>('approved');
  const [memo, setMemo] = useState('');
  return (
    <FormDialog
      {...p}
      id="bulk-workflow"
      title={t('staff.bulk.workflowTitle', { count: p.count })}
      help={t('staff.bulk.workflowHelp')}
      onSubmit={() => p.onSubmit(status, memo.trim() || undefined)}
    >
      <FormControl>
        <FormLabel id="bulk-workflow-label">{t('staff.bulk.workflowLabel')}</FormLabel>
        <RadioGroup
          aria-labelledby="bulk-workflow-label"
          value={status}
          onChange={(event) => setStatus(event.target.value as BulkStepMove)}
        >
          {BULK_STEP_MOVES.map((s) => (
            <FormControlLabel key={s} value={s} control={<Radio />} label={t(`staff.stepAction.${s}`)} />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        id="bulk-workflow-memo"
        label={t('staff.bulk.workflowMemo')}
        helperText={t('staff.bulk.workflowMemoHelp')}
        value={memo}
        onChange={(event) => setMemo(event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}

/** Who takes each selected document's current step: a clerk or administrator, or nobody. */
export function BulkAssignDialog(p: FormDialogProps & { onSubmit: (userId: string | null) => void }) {
  const { t } = useTranslation();
  const browsable = useApiQuery('staff.browsable', undefined, { enabled: p.open, staleTime: 300_000 });
  const [assignee, setAssignee] = useState('');
  return (
    <FormDialog
      {...p}
      id="bulk-assign"
      title={t('staff.bulk.assignTitle', { count: p.count })}
      help={t('staff.bulk.assignHelp')}
      onSubmit={() => p.onSubmit(assignee || null)}
    >
      <TextField
        id="bulk-assignee"
        select
        label={t('staff.bulk.assigneeLabel')}
        value={assignee}
        onChange={(event) => setAssignee(event.target.value)}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('staff.bulk.nobody')}</MenuItem>
        {(browsable.data?.staff ?? []).map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
