// The document's status: the moves staff may make from here (documentStates), a remand with its message
// for the applicant, a rejection with its reason, completion only once every workflow step is done; a
// rejection, and a completion no workflow gated, are confirmed first (decision 0037).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { documentStates, type DocumentStatus } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionConfirmDialog, type EndingDecision } from './DecisionConfirmDialog';
import { RemandMessageField } from './RemandMessageField';
import { useApiMutation } from '../../lib/api';
import { useSnackbar } from '../../lib/layout/snackbar';
import { ConflictNotice } from './ConflictNotice';
import { isStale } from './conflicts';
import { reloadDocument, storeDocument } from './detail-cache';
import type { DocumentDetail } from './DocumentDetailScreen';
import { errorText } from '../../lib/staff/errors';
import { can } from '../../lib/staff/permissions';
import { useStaffUser } from '../../lib/staff/staff-context';
import { RemandFieldsPicker, type RemandNotes } from './RemandFieldsPicker';
import { StatusChip } from './StatusChip';

const STAFF_MOVES: readonly DocumentStatus[] = ['in_progress', 'remanded', 'completed', 'rejected'];
/** The statuses from which staff have no move: waiting for the applicant, or final. */
type SettledStatus = 'remanded' | 'completed' | 'rejected' | 'withdrawn';

/** The statuses staff may move a document to from its current one. */
export function staffMoves(status: DocumentStatus): DocumentStatus[] {
  return documentStates.transitions[status].filter((s) => STAFF_MOVES.includes(s));
}

/** Whether every workflow step is approved or skipped (completion needs it). */
export const workflowDone = (steps: { status: string }[]) =>
  steps.every((s) => s.status === 'approved' || s.status === 'skipped');

export function StatusSection({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const user = useStaffUser();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const moves = staffMoves(doc.status);
  const [next, setNext] = useState<DocumentStatus | ''>('');
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Someone changed the document first (decision 0034): the choice and message stay for a second try.
  const [stale, setStale] = useState(false);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [fieldNotes, setFieldNotes] = useState<RemandNotes>(new Map());
  const [missingNotes, setMissingNotes] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<EndingDecision | null>(null);
  const update = useApiMutation('staff.documents.status');
  const allowed = can(user, 'documents.status');
  const stepsDone = workflowDone(doc.workflow_details);

  const current = (
    <Stack spacing={1} direction="row" sx={{ alignItems: 'center' }}>
      <Typography>{t('staff.detail.currentStatus')}</Typography>
      <StatusChip status={doc.status} />
    </Stack>
  );
  // No move left for staff: say why (waiting for the applicant, or settled for good).
  if (moves.length === 0)
    return (
      <Stack spacing={1}>
        {current}
        <Typography>{t(`staff.detail.settled.${doc.status as SettledStatus}`)}</Typography>
        {doc.status === 'rejected' && doc.rejection_reason ? (
          <Typography component="div" data-testid="rejection-reason" sx={{ whiteSpace: 'pre-wrap' }}>
            <strong>{t('staff.decision.reasonLabel')}：</strong>
            {doc.rejection_reason}
          </Typography>
        ) : null}
      </Stack>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!next || !moves.includes(next)) return;
    const needsMessage = next === 'remanded' || next === 'rejected';
    if (needsMessage && message.trim() === '') {
      setMessageError(true);
      messageRef.current?.focus();
      return;
    }
    const missing = new Set([...fieldNotes].filter(([, note]) => note.trim() === '').map(([key]) => key));
    setMissingNotes(missing);
    if (next === 'remanded' && missing.size > 0) {
      document.getElementById(`remand-note-${[...missing][0]!.replace('#', '-')}`)?.focus();
      return;
    }
    const remandFields =
      next === 'remanded' && fieldNotes.size > 0
        ? [...fieldNotes].map(([key, note]) => {
            const [code, sequence] = key.split('#') as [string, string];
            return { standard_item_code: code, sequence: Number(sequence), note: note.trim() };
          })
        : undefined;
    // Final and told to the applicant: asked once more, unless the workflow's steps already gated it.
    if (next === 'rejected' || (next === 'completed' && doc.workflow_details.length === 0)) {
      setConfirming(next);
      return;
    }
    send(remandFields);
  };

  const send = (remandFields?: { standard_item_code: string; sequence: number; note: string }[]) => {
    if (!next) return;
    setFailure(null);
    setStale(false);
    update.mutate(
      {
        params: { documentId: doc.id },
        ifMatch: doc.version,
        body: {
          status: next,
          remand_message: next === 'remanded' || next === 'rejected' ? message.trim() : null,
          ...(remandFields ? { remand_fields: remandFields } : {}),
        },
      },
      {
        onSuccess: (updated) => {
          storeDocument(queryClient, updated);
          notify(t('staff.detail.statusChanged', { status: t(`staff.status.${updated.status}`) }), 'success');
          setNext('');
          setMessage('');
          setFieldNotes(new Map());
          setConfirming(null);
        },
        onError: (error) => {
          setConfirming(null);
          if (isStale(error)) setStale(true);
          else setFailure(errorText(t, error));
        },
      },
    );
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit}>
      {current}
      <Typography variant="body2" color="text.secondary" id="status-and-workflow">
        {t('staff.detail.statusAndWorkflow')}
      </Typography>
      {!allowed ? <Alert severity="info">{t('staff.detail.statusNotAllowed')}</Alert> : null}
      <FormControl disabled={!allowed}>
        <FormLabel id="next-status-label">{t('staff.detail.nextStatus')}</FormLabel>
        <RadioGroup
          aria-labelledby="next-status-label"
          value={next}
          onChange={(event) => {
            setNext(event.target.value as DocumentStatus);
            setFailure(null);
          }}
        >
          {moves.map((s) => (
            <FormControlLabel
              key={s}
              value={s}
              control={<Radio />}
              disabled={!allowed || (s === 'completed' && !stepsDone)}
              label={
                s === 'completed' && !stepsDone
                  ? `${t(`staff.statusAction.${s}`)}（${t('staff.detail.completeNeedsWorkflow')}）`
                  : t(`staff.statusAction.${s}`)
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
      {next === 'remanded' || next === 'rejected' ? (
        // One message field: a remand's message to the resident, or a rejection's reason (decision 0037).
        <RemandMessageField
          inputRef={messageRef}
          value={message}
          missing={messageError}
          {...(next === 'rejected'
            ? {
                label: t('staff.decision.reasonLabel'),
                requiredText: t('staff.decision.reasonRequired'),
                help: t('staff.decision.reasonHelp'),
              }
            : { help: t('staff.detail.remandMessageHelp') })}
          onChange={(value) => {
            setMessage(value);
            if (value.trim()) setMessageError(false);
          }}
        />
      ) : null}
      {next === 'remanded' ? (
        <RemandFieldsPicker
          document={doc}
          notes={fieldNotes}
          missing={missingNotes}
          onChange={setFieldNotes}
        />
      ) : null}
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      {stale ? (
        <ConflictNotice
          message={t('staff.conflict.status')}
          onReload={() => reloadDocument(queryClient, doc.id).then(() => setStale(false))}
        />
      ) : null}
      <div>
        <Button type="submit" variant="contained" disabled={!allowed || !next || update.isPending}>
          {t('staff.detail.changeStatus')}
        </Button>
      </div>
      {confirming ? (
        <DecisionConfirmDialog
          decision={confirming}
          reason={confirming === 'rejected' ? message.trim() : null}
          count={null}
          busy={update.isPending}
          onConfirm={() => send()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </Stack>
  );
}
