// Internal memos of the document (never shown to the applicant) and whether it was confirmed.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQueryKey, useApiMutation, useApiQuery } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { Loading } from '../../lib/layout/feedback';
import { useSnackbar } from '../../lib/layout/snackbar';
import type { DocumentDetail } from './DocumentDetailScreen';
import { errorText } from '../../lib/staff/errors';
import { can } from '../../lib/staff/permissions';
import { useStaffUser } from '../../lib/staff/staff-context';

export function MemosSection({ document: doc }: { document: DocumentDetail }) {
  const memos = useApiQuery('staff.documents.memos.get', { params: { documentId: doc.id } });
  if (memos.isPending) return <Loading />;
  const data = memos.data ?? {
    municipality_memos: doc.municipality_memos,
    is_confirmed: doc.is_confirmed,
    updated_at: null,
  };
  return <MemoForm key={data.updated_at ?? 'none'} documentId={doc.id} memos={data} />;
}

function MemoForm({
  documentId,
  memos,
}: {
  documentId: string;
  memos: { municipality_memos: string | null; is_confirmed: boolean; updated_at: string | null };
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = useStaffUser();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const [text, setText] = useState(memos.municipality_memos ?? '');
  const [confirmed, setConfirmed] = useState(memos.is_confirmed);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useApiMutation('staff.documents.memos.update');
  const allowed = can(user, 'documents.memos');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    save.mutate(
      {
        params: { documentId },
        body: { municipality_memos: text.trim() === '' ? null : text, is_confirmed: confirmed },
      },
      {
        onSuccess: (saved) => {
          queryClient.setQueryData(
            apiQueryKey('staff.documents.memos.get', { params: { documentId } }),
            saved,
          );
          notify(t('staff.memos.saved'), 'success');
        },
        onError: (error) => setFailure(errorText(t, error)),
      },
    );
  };
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit}>
      {!allowed ? <Alert severity="info">{t('staff.memos.notAllowed')}</Alert> : null}
      <TextField
        label={t('staff.memos.label')}
        helperText={t('staff.memos.help')}
        multiline
        minRows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={!allowed}
        slotProps={{ htmlInput: { maxLength: 10000 } }}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
            disabled={!allowed}
          />
        }
        label={t('staff.memos.confirmed')}
      />
      {memos.updated_at ? (
        <Typography variant="body2">
          {t('staff.memos.updatedAt', { at: formatDateTime(memos.updated_at, language) })}
        </Typography>
      ) : null}
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" variant="outlined" disabled={!allowed || save.isPending}>
          {t('staff.memos.save')}
        </Button>
      </div>
    </Stack>
  );
}
