// Internal memos of the document (never shown to the applicant) and whether it was confirmed. A save
// names the version the memo was read in (decision 0034): when someone saved another memo meanwhile, both
// are shown (MemoConflict) and nothing typed is lost; when only another part of the document changed,
// the save is sent again on the version now.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiQueryKey, useApiMutation, useApiQuery, type ApiResult } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { Loading } from '../../lib/layout/feedback';
import { useSnackbar } from '../../lib/layout/snackbar';
import type { DocumentDetail } from './DocumentDetailScreen';
import { errorText } from '../../lib/staff/errors';
import { can } from '../../lib/staff/permissions';
import { useStaffUser } from '../../lib/staff/staff-context';
import { bothMemos, isStale, memoOutcome } from './conflicts';
import { refreshDocument } from './detail-cache';
import { MemoConflict } from './MemoConflict';

type Memos = ApiResult<'staff.documents.memos.get'>;

export function MemosSection({ document: doc }: { document: DocumentDetail }) {
  const memos = useApiQuery('staff.documents.memos.get', { params: { documentId: doc.id } });
  if (memos.isPending) return <Loading />;
  const data: Memos = memos.data ?? {
    municipality_memos: doc.municipality_memos,
    is_confirmed: doc.is_confirmed,
    updated_at: null,
    updated_by: null,
    version: doc.version,
  };
  return <MemoForm key={doc.id} documentId={doc.id} memos={data} />;
}

function MemoForm({ documentId, memos }: { documentId: string; memos: Memos }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = useStaffUser();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  // What this form read (its version goes with the save), and what the clerk typed.
  const [base, setBase] = useState(memos);
  const [text, setText] = useState(memos.municipality_memos ?? '');
  const [confirmed, setConfirmed] = useState(memos.is_confirmed);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<{ mine: string; mineConfirmed: boolean; current: Memos } | null>(
    null,
  );
  const [merged, setMerged] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  // A newer memo read (after 「再読み込み」 elsewhere on the page) is shown when nothing is typed here.
  const [shown, setShown] = useState(memos.version);
  if (memos.version !== shown) {
    setShown(memos.version);
    const pristine = text === (base.municipality_memos ?? '') && confirmed === base.is_confirmed;
    if (pristine && !conflict && memos.version > base.version) {
      setBase(memos);
      setText(memos.municipality_memos ?? '');
      setConfirmed(memos.is_confirmed);
    }
  }
  const save = useApiMutation('staff.documents.memos.update');
  const allowed = can(user, 'documents.memos');
  const memosKey = apiQueryKey('staff.documents.memos.get', { params: { documentId } });

  /** Shows a memo as the form's starting point: its version is what the next save sends. */
  const adopt = (m: Memos, keepTyped = false) => {
    queryClient.setQueryData(memosKey, m);
    setBase(m);
    if (keepTyped) return;
    setText(m.municipality_memos ?? '');
    setConfirmed(m.is_confirmed);
  };

  const send = (
    body: { municipality_memos: string | null; is_confirmed: boolean },
    version: number,
    retry: boolean,
  ) =>
    save.mutate(
      { params: { documentId }, ifMatch: version, body },
      {
        onSuccess: (saved) => {
          adopt(saved);
          setConflict(null);
          setMerged(false);
          // The history shows the texts, and the document's version moved.
          refreshDocument(queryClient, documentId);
          notify(t('staff.memos.saved'), 'success');
        },
        onError: (error) => {
          if (!isStale(error)) return setFailure(errorText(t, error));
          void api('staff.documents.memos.get', { params: { documentId } }).then(
            (current) => {
              if (retry && memoOutcome(base, current) === 'resend') return send(body, current.version, false);
              setConflict({ mine: text, mineConfirmed: confirmed, current });
            },
            (reading: unknown) => setFailure(errorText(t, reading)),
          );
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setMerged(false);
    send(
      { municipality_memos: text.trim() === '' ? null : text, is_confirmed: confirmed },
      base.version,
      true,
    );
  };

  const keepBoth = () => {
    if (!conflict) return;
    adopt(conflict.current, true);
    setText(bothMemos(conflict.current.municipality_memos, conflict.mine));
    setConfirmed(conflict.mineConfirmed);
    setConflict(null);
    setMerged(true);
    field.current?.focus();
  };
  const reload = async () => {
    const current = await queryClient.fetchQuery({
      queryKey: memosKey,
      queryFn: () => api('staff.documents.memos.get', { params: { documentId } }),
      staleTime: 0,
    });
    adopt(current);
    setConflict(null);
    refreshDocument(queryClient, documentId);
  };

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submit}>
      {!allowed ? <Alert severity="info">{t('staff.memos.notAllowed')}</Alert> : null}
      {conflict ? <MemoConflict {...conflict} onKeepBoth={keepBoth} onReload={reload} /> : null}
      {merged ? (
        <Alert severity="info" role="status">
          {t('staff.conflict.merged')}
        </Alert>
      ) : null}
      <TextField
        inputRef={field}
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
      {base.updated_at ? (
        <Typography variant="body2">
          {base.updated_by
            ? t('staff.memos.updatedBy', {
                at: formatDateTime(base.updated_at, language),
                who: base.updated_by,
              })
            : t('staff.memos.updatedAt', { at: formatDateTime(base.updated_at, language) })}
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
