// The confirmation of a decision that ends a document (decision 0037): it names the consequence (final;
// the applicant is told, with the rejection's reason), for one document or a selection.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The ending decisions that ask for a confirmation. */
export type EndingDecision = 'rejected' | 'completed';

export function DecisionConfirmDialog({
  decision,
  reason,
  count,
  busy,
  failure = null,
  onConfirm,
  onCancel,
}: {
  decision: EndingDecision;
  /** The rejection's reason as the applicant will read it. */
  reason: string | null;
  /** Documents decided: null for the one document on screen. */
  count: number | null;
  busy: boolean;
  /** Why the last attempt failed, in the staff's words. */
  failure?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const reject = decision === 'rejected';
  const bulk = count !== null;
  const title = reject
    ? bulk
      ? t('staff.decision.rejectTitleBulk', { count })
      : t('staff.decision.rejectTitle')
    : bulk
      ? t('staff.decision.completeTitleBulk', { count })
      : t('staff.decision.completeTitle');
  const body = reject
    ? t('staff.decision.rejectBody')
    : bulk
      ? t('staff.decision.completeBodyBulk')
      : t('staff.decision.completeBody');
  const confirm = reject
    ? bulk
      ? t('staff.decision.rejectBulk', { count })
      : t('staff.decision.reject')
    : bulk
      ? t('staff.decision.completeBulk', { count })
      : t('staff.decision.complete');
  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="decision-confirm-title"
      aria-describedby="decision-confirm-body"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="decision-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="decision-confirm-body">{body}</DialogContentText>
        {reject && reason ? (
          <>
            <Typography component="h3" sx={{ mt: 2, fontWeight: 700 }}>
              {t('staff.decision.reasonQuote')}
            </Typography>
            <Typography
              component="blockquote"
              data-testid="decision-reason"
              sx={{ m: 0, mt: 1, pl: 2, borderLeft: 4, borderColor: 'divider', whiteSpace: 'pre-wrap' }}
            >
              {reason}
            </Typography>
          </>
        ) : null}
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        {/* The safe choice has the focus: Enter right after opening does not decide. */}
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {t('staff.decision.back')}
        </Button>
        <Button variant="contained" color={reject ? 'error' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
