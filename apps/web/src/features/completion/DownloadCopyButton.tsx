// The resident's copy of a submitted application (the PDFs in a zip): one button with its progress and
// result, on the completion page and on each card of the applications list.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api';
import { downloadDocuments, downloadName } from './download';

export function DownloadCopyButton({
  code,
  applicationId,
  references,
  variant = 'contained',
  describedBy,
}: {
  code: string;
  applicationId: string;
  references: string[];
  variant?: 'contained' | 'outlined';
  /** The element naming which application (a list has one button per card). */
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const download = async () => {
    setStatus(null);
    setProgress(0);
    try {
      await downloadDocuments(code, applicationId, downloadName(references, applicationId), {
        onProgress: setProgress,
      });
      setStatus({ ok: true, text: t('applicantForm.complete.downloaded') });
    } catch (error) {
      setStatus({
        ok: false,
        text: t('applicantForm.complete.downloadError', { detail: errorText(error, t) }),
      });
    } finally {
      setProgress(null);
    }
  };
  return (
    <Box>
      <Button
        variant={variant}
        onClick={() => void download()}
        disabled={progress !== null}
        aria-describedby={describedBy}
      >
        {progress !== null ? t('applicantForm.complete.preparing') : t('applicantForm.complete.download')}
      </Button>
      {progress !== null ? (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('applicantForm.complete.preparing')}
          />
        </Box>
      ) : null}
      <Box role="status" aria-live="polite" sx={{ mt: 1, '&:empty': { display: 'none' } }}>
        {status ? <Typography color={status.ok ? 'success.dark' : 'error'}>{status.text}</Typography> : null}
      </Box>
    </Box>
  );
}
