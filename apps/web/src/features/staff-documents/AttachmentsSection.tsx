// The attachments of the document, each named by its slot (opened beside the answers or in a dialog by
// AttachmentReview) and the signature verification kept at submission, with the signature package download.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { downloadFile } from '../../lib/jobs/download';
import {
  AttachmentDialog,
  slotNameOf,
  useAttachmentReview,
  useAttachmentReviewState,
} from './AttachmentReview';
import type { DocumentDetail } from './DocumentDetailScreen';
import { errorText } from '../../lib/staff/errors';
import { can } from '../../lib/staff/permissions';
import { useStaffUser } from '../../lib/staff/staff-context';

export function AttachmentsSection({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  // The detail screen's review (a pane beside the answers, or a dialog); on its own, a dialog of its own.
  const own = useAttachmentReviewState(doc.attachments.length);
  const review = useAttachmentReview() ?? own;
  if (doc.attachments.length === 0) return <Typography>{t('staff.attachments.none')}</Typography>;
  return (
    <>
      <List disablePadding>
        {doc.attachments.map((a, index) => {
          // Each file under the document it is (転出証明書), not only its file name.
          const name = slotNameOf(doc.attachment_slots, a);
          const shown = review.index === index;
          return (
            <ListItem key={a.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={name}
                secondary={t('staff.attachments.meta', {
                  file: a.file_name,
                  type: t(`staff.attachments.type.${a.type}`),
                  size: Math.ceil(a.size / 1024),
                })}
                sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
              />
              {shown ? (
                <Typography variant="body2" color="text.secondary">
                  {t('staff.attachmentReview.shown')}
                </Typography>
              ) : null}
              <Button
                variant="outlined"
                size="small"
                onClick={(event) => review.open(index, event.currentTarget)}
                aria-label={t('staff.attachments.viewNamed', { name: `${name}（${a.file_name}）` })}
              >
                {t('staff.attachments.view')}
              </Button>
            </ListItem>
          );
        })}
      </List>
      {review === own && own.index !== null ? <AttachmentDialog document={doc} review={own} /> : null}
    </>
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
