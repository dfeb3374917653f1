// The attachments of the document (a viewer: images inline, PDFs in a frame, each also downloadable)
// and the signature verification kept at submission, with the signature package download.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { downloadFile, fetchFile, saveBlob } from '../../lib/jobs/download';
import type { DocumentDetail } from './DocumentDetailScreen';
import { errorText } from '../../lib/staff/errors';
import { can } from '../../lib/staff/permissions';
import { useStaffUser } from '../../lib/staff/staff-context';

type Attachment = DocumentDetail['attachments'][number];

export function AttachmentsSection({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Attachment | null>(null);
  if (doc.attachments.length === 0) return <Typography>{t('staff.attachments.none')}</Typography>;
  // Each file under the document it is (転出証明書), not only its file name.
  const slotName = (a: Attachment) =>
    doc.attachment_slots.find((s) => s.standard_item_code === a.standard_item_code)?.name ?? a.file_name;
  return (
    <>
      <List disablePadding>
        {doc.attachments.map((a) => (
          <ListItem key={a.id} divider sx={{ flexWrap: 'wrap', gap: 1 }} secondaryAction={undefined}>
            <ListItemText
              primary={slotName(a)}
              secondary={t('staff.attachments.meta', {
                file: a.file_name,
                type: t(`staff.attachments.type.${a.type}`),
                size: Math.ceil(a.size / 1024),
              })}
              sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
            />
            <Button
              variant="outlined"
              size="small"
              onClick={() => setOpen(a)}
              aria-label={t('staff.attachments.viewNamed', { name: `${slotName(a)}（${a.file_name}）` })}
            >
              {t('staff.attachments.view')}
            </Button>
          </ListItem>
        ))}
      </List>
      {open ? <Viewer documentId={doc.id} attachment={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

function Viewer({
  documentId,
  attachment,
  onClose,
}: {
  documentId: string;
  attachment: Attachment;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ url: string; blob: Blob } | { error: string } | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    fetchFile('staff.documents.attachment', { documentId, attachmentId: attachment.id }).then(
      (blob) => {
        if (!live) return;
        // Framed as what it was checked to be on upload: a PDF or an image, never a page that could run.
        url = URL.createObjectURL(new Blob([blob], { type: attachment.content_type }));
        setState({ url, blob });
      },
      (error: unknown) => live && setState({ error: errorText(t, error) }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [documentId, attachment.id, attachment.content_type, t]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="viewer-title">
      <DialogTitle id="viewer-title" sx={{ overflowWrap: 'anywhere' }}>
        {attachment.file_name}
      </DialogTitle>
      <DialogContent>
        {state === null ? <Typography role="status">{t('common.loading')}</Typography> : null}
        {state && 'error' in state ? (
          <Alert severity="error" role="alert">
            {state.error}
          </Alert>
        ) : null}
        {state && 'url' in state ? (
          attachment.content_type === 'application/pdf' ? (
            <Box
              component="iframe"
              src={state.url}
              title={t('staff.attachments.pdfTitle', { name: attachment.file_name })}
              sx={{ width: '100%', height: '70vh', border: 1, borderColor: 'divider', display: 'block' }}
            />
          ) : (
            <Box
              component="img"
              src={state.url}
              alt={t('staff.attachments.imageAlt', { name: attachment.file_name })}
              sx={{ maxWidth: '100%', display: 'block', mx: 'auto' }}
            />
          )
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button
          disabled={!state || !('blob' in state)}
          onClick={() => state && 'blob' in state && saveBlob(state.blob, attachment.file_name)}
        >
          {t('staff.attachments.download')}
        </Button>
        <Button onClick={onClose} variant="contained">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function SignatureSection({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const user = useStaffUser();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sig = doc.signature;
  if (!sig.is_signed) return <Typography>{t('staff.signature.notSigned')}</Typography>;
  const download = () => {
    setBusy(true);
    setFailure(null);
    downloadFile(
      'staff.signature.zip',
      { applicationId: doc.application_id, documentId: doc.id },
      `signature_${doc.reference_number}.zip`,
    )
      .catch((error: unknown) => setFailure(errorText(t, error)))
      .finally(() => setBusy(false));
  };
  return (
    <Stack spacing={2}>
      <Alert severity={sig.is_valid === true ? 'success' : sig.is_valid === false ? 'error' : 'warning'}>
        {sig.is_valid === true
          ? t('staff.signature.valid')
          : sig.is_valid === false
            ? t('staff.signature.invalid')
            : t('staff.signature.unknown')}
      </Alert>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          gap: 1,
          m: 0,
          '& dt': { fontWeight: 700 },
          '& dd': { m: 0 },
        }}
      >
        <dt>{t('staff.signature.subject')}</dt>
        <dd>{sig.subject_name ?? '—'}</dd>
        <dt>{t('staff.signature.checkedAt')}</dt>
        <dd>{sig.checked_at ? formatDateTime(sig.checked_at, language) : '—'}</dd>
        {sig.problems.length > 0 ? (
          <>
            <dt>{t('staff.signature.problems')}</dt>
            <dd>
              <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
                {sig.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
      </Box>
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <div>
        <Button variant="outlined" onClick={download} disabled={busy || !can(user, 'documents.render')}>
          {t('staff.signature.download')}
        </Button>
      </div>
    </Stack>
  );
}
