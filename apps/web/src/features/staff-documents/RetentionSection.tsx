// How long the document is kept (decision 0052): its 「保存期限」 in the summary, and the legal hold that keeps
// it past that date, set and released by administrators with a reason at the version read (decision 0034).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { useSnackbar } from '../../lib/layout/snackbar';
import { errorText } from '../../lib/staff/errors';
import { can } from '../../lib/staff/permissions';
import { useStaffUser } from '../../lib/staff/staff-context';
import { isStale } from './conflicts';
import { refreshDocument, reloadDocument } from './detail-cache';
import type { DocumentDetail } from './DocumentDetailScreen';

/** The 「保存期限」 value: the date, 法的保留中 when held, or the rule while the document is in process. */
export function RetentionText({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const r = doc.retention;
  const rule =
    r.source === 'procedure'
      ? t('staff.retention.rule_procedure', { count: r.years })
      : t('staff.retention.rule_default', { count: r.years });
  return (
    <>
      <span data-testid="retention-until">
        {r.legal_hold
          ? t('staff.retention.held')
          : r.retain_until
            ? t('staff.retention.until', { date: formatDate(r.retain_until, language) })
            : t('staff.retention.inProcess', { count: r.years })}
      </span>
      <Typography variant="body2" color="text.secondary">
        {rule}
      </Typography>
    </>
  );
}

export function RetentionSection({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = useStaffUser();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useApiMutation('staff.documents.legal_hold');
  const hold = doc.retention.legal_hold;
  const allowed = can(user, 'documents.delete');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (reason.trim() === '') return setInvalid(true);
    setInvalid(false);
    save.mutate(
      {
        params: { documentId: doc.id },
        ifMatch: doc.retention.version,
        body: { held: !hold, reason: reason.trim() },
      },
      {
        onSuccess: () => {
          setReason('');
          refreshDocument(queryClient, doc.id);
          notify(t(hold ? 'staff.retention.releaseDone' : 'staff.retention.setDone'), 'success');
        },
        onError: (error) => {
          if (isStale(error)) {
            reloadDocument(queryClient, doc.id);
            return setFailure(t('staff.retention.stale'));
          }
          setFailure(errorText(t, error));
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('staff.retention.explain')}</Typography>
      {hold ? (
        <Alert severity="warning" data-testid="legal-hold">
          {t('staff.retention.heldBy', {
            at: formatDateTime(hold.at, language),
            name: hold.by ?? t('staff.retention.someone'),
            reason: hold.reason,
          })}
        </Alert>
      ) : null}
      {allowed ? (
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <TextField
            id="legal-hold-reason"
            label={t('staff.retention.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required
            multiline
            minRows={2}
            error={invalid}
            helperText={invalid ? t('staff.retention.reasonRequired') : t('staff.retention.reasonHelp')}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <div>
            <Button type="submit" variant="outlined" disabled={save.isPending}>
              {hold ? t('staff.retention.release') : t('staff.retention.set')}
            </Button>
          </div>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('staff.retention.notAllowed')}
        </Typography>
      )}
    </Stack>
  );
}
