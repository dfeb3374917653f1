// What was attached: the image (from this tab) or the file's name, size and type.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { previewOf } from './previews';
import { formatSize, type Attachment } from './upload';

export function AttachmentPreview({
  applicationId,
  attachment,
  label,
}: {
  applicationId: string;
  attachment: Attachment;
  /** What the file is (the slot's name), for the image's text alternative. */
  label: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const preview = previewOf(applicationId, attachment.standard_item_code, attachment.sequence);
  const isImage = attachment.content_type !== 'application/pdf';
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      {preview && isImage ? (
        <Box
          component="img"
          src={preview.url}
          alt={t('applicantForm.attach.previewAlt', { label })}
          sx={{ maxWidth: 160, maxHeight: 160, border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      ) : null}
      <Box>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="attachment-file-name">
          {attachment.file_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('applicantForm.attach.fileInfo', {
            type: isImage ? t('applicantForm.attach.kindImage') : 'PDF',
            size: formatSize(attachment.size),
            at: formatDateTime(attachment.uploaded_at, language),
          })}
        </Typography>
      </Box>
    </Box>
  );
}
