// Export of the selected documents (decision 0020): the export screen's zip (a CSV or an Excel file per
// procedure with the attachments, decision 0036) cut to the selection, made by a job; the dialog shows its progress and then the download.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api';
import { downloadFile } from '../../lib/jobs/download';
import { JobProgress } from '../../lib/jobs/JobProgress';
import { isJobOpen, useExportJob } from '../../lib/jobs/useJob';
import type { Encoding } from '../../lib/staff/EncodingField';
import { ExportFileFields, type ExportFormat } from '../../lib/staff/ExportFileFields';
import { errorText } from '../../lib/staff/errors';

/** The button, and while open the dialog: file format and encoding, then progress and the zip's download. */
export function BulkExport({ ids }: { ids: string[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" disabled={ids.length === 0} onClick={() => setOpen(true)}>
        {t('staff.bulk.export')}
      </Button>
      {open ? <BulkExportDialog ids={ids} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function BulkExportDialog({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  // The selection as it was when the dialog opened: the list may change behind it.
  const [selection] = useState(ids);
  const [encoding, setEncoding] = useState<Encoding>('utf-8');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [jobId, setJobId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState<string | null>(null);
  const create = useApiMutation('staff.documents_bulk.export');
  const job = useExportJob(jobId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    create.mutate(
      { body: { document_ids: selection, encoding, format } },
      { onSuccess: (created) => setJobId(created.id), onError: (e) => setFailure(errorText(t, e)) },
    );
  };
  const download = () => {
    if (!jobId) return;
    setFailure(null);
    downloadFile('staff.export.download', { jobId }, 'export.zip')
      .then(setDownloaded)
      .catch((e: unknown) => setFailure(errorText(t, e)));
  };
  const started = jobId !== null;

  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-export-title" fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="bulk-export-title">
          {t('staff.bulk.exportTitle', { count: selection.length })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('staff.bulk.exportHelp')}</DialogContentText>
            <ExportFileFields
              id="bulk-export"
              format={format}
              encoding={encoding}
              disabled={started}
              onFormat={setFormat}
              onEncoding={setEncoding}
            />
            {job.data ? <JobProgress job={job.data} label={t('staff.exports.progress')} /> : null}
            {job.data?.status === 'succeeded' ? (
              <Box>
                <Button variant="contained" color="success" onClick={download} autoFocus>
                  {t('staff.exports.download')}
                </Button>
              </Box>
            ) : null}
            {downloaded ? (
              <Alert severity="success">{t('staff.exports.downloaded', { name: downloaded })}</Alert>
            ) : null}
            {failure || job.isError ? (
              <Alert severity="error" role="alert">
                {failure ?? errorText(t, job.error)}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{started ? t('staff.bulk.close') : t('staff.common.cancel')}</Button>
          {started ? null : (
            <Button type="submit" variant="contained" disabled={create.isPending || isJobOpen(job.data)}>
              {t('staff.exports.submit')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
