// The PDF of the document for the municipality (every document of the application in the member's
// departments, or only this one as an additional copy) and the document's reports: each a job whose
// progress shows until its zip can be downloaded.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../lib/api';
import { Loading } from '../../lib/layout/feedback';
import { downloadFile } from '../../lib/jobs/download';
import { JobProgress } from '../../lib/jobs/JobProgress';
import { useRenderJob, useReportJob } from '../../lib/jobs/useJob';
import type { DocumentDetail } from './DocumentDetailScreen';
import { errorText } from '../../lib/staff/errors';
import { can } from '../../lib/staff/permissions';
import { useStaffUser } from '../../lib/staff/staff-context';

export function RenderSection({ document: doc }: { document: DocumentDetail }) {
  const { t } = useTranslation();
  const user = useStaffUser();
  const allowed = can(user, 'documents.render');
  return (
    <Stack spacing={3}>
      {!allowed ? <Alert severity="info">{t('staff.render.notAllowed')}</Alert> : null}
      <ApplicationPdf document={doc} allowed={allowed} />
      <Reports document={doc} allowed={allowed} />
    </Stack>
  );
}

function ApplicationPdf({ document: doc, allowed }: { document: DocumentDetail; allowed: boolean }) {
  const { t } = useTranslation();
  const [additional, setAdditional] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const start = useApiMutation('staff.render.application');
  const job = useRenderJob(doc.application_id, jobId);
  const run = () => {
    setFailure(null);
    setJobId(null);
    start.mutate(
      {
        params: { applicationId: doc.application_id, documentId: doc.id },
        body: { is_additional: additional },
      },
      { onSuccess: (created) => setJobId(created.id), onError: (error) => setFailure(errorText(t, error)) },
    );
  };
  const download = () => {
    if (!jobId) return;
    setDownloading(true);
    setFailure(null);
    downloadFile(
      'staff.render.application.download',
      { applicationId: doc.application_id, jobId },
      `${doc.reference_number}.zip`,
    )
      .catch((error: unknown) => setFailure(errorText(t, error)))
      .finally(() => setDownloading(false));
  };
  return (
    <Stack spacing={2}>
      <Typography component="h3" variant="h3" sx={{ fontSize: '1.05rem' }}>
        {t('staff.render.pdfTitle')}
      </Typography>
      <Typography>{t('staff.render.pdfIntro')}</Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={additional}
            onChange={(e) => setAdditional(e.target.checked)}
            disabled={!allowed}
          />
        }
        label={t('staff.render.additional')}
      />
      <div>
        <Button
          variant="contained"
          onClick={run}
          disabled={
            !allowed || start.isPending || job.data?.status === 'queued' || job.data?.status === 'running'
          }
        >
          {t('staff.render.start')}
        </Button>
      </div>
      {jobId && job.data ? <JobProgress job={job.data} label={t('staff.render.pdfTitle')} /> : null}
      {job.isError ? (
        <Alert severity="error" role="alert">
          {errorText(t, job.error)}
        </Alert>
      ) : null}
      {job.data?.status === 'succeeded' ? (
        <div>
          <Button variant="outlined" onClick={download} disabled={downloading}>
            {t('staff.render.download')}
          </Button>
        </div>
      ) : null}
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
    </Stack>
  );
}

function Reports({ document: doc, allowed }: { document: DocumentDetail; allowed: boolean }) {
  const { t } = useTranslation();
  const reports = useApiQuery('staff.documents.reports', { params: { documentId: doc.id } });
  return (
    <Stack spacing={1}>
      <Typography component="h3" variant="h3" sx={{ fontSize: '1.05rem' }}>
        {t('staff.render.reportsTitle')}
      </Typography>
      {reports.isPending ? <Loading /> : null}
      {reports.isError ? (
        <Alert severity="error">{errorText(t, reports.error)}</Alert>
      ) : reports.data && reports.data.reports.length === 0 ? (
        <Typography>{t('staff.render.noReports')}</Typography>
      ) : (
        <List disablePadding>
          {(reports.data?.reports ?? []).map((r) => (
            <ListItem key={r.id} divider sx={{ display: 'block' }}>
              <ReportRow documentId={doc.id} report={r} allowed={allowed} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}

function ReportRow({
  documentId,
  report,
  allowed,
}: {
  documentId: string;
  report: { id: number; name: string };
  allowed: boolean;
}) {
  const { t } = useTranslation();
  const [jobId, setJobId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const start = useApiMutation('staff.render.report');
  const job = useReportJob(jobId);
  const run = () => {
    setFailure(null);
    start.mutate(
      { params: { documentId, reportId: report.id } },
      { onSuccess: (created) => setJobId(created.id), onError: (error) => setFailure(errorText(t, error)) },
    );
  };
  const download = () => {
    if (!jobId) return;
    downloadFile('staff.render.report.download', { jobId }, `${report.name}.zip`).catch((error: unknown) =>
      setFailure(errorText(t, error)),
    );
  };
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <ListItemText primary={report.name} />
        <Button
          size="small"
          variant="outlined"
          onClick={run}
          disabled={!allowed || start.isPending}
          aria-label={t('staff.render.reportStartNamed', { name: report.name })}
        >
          {t('staff.render.reportStart')}
        </Button>
        {job.data?.status === 'succeeded' ? (
          <Button
            size="small"
            onClick={download}
            aria-label={t('staff.render.reportDownloadNamed', { name: report.name })}
          >
            {t('staff.render.download')}
          </Button>
        ) : null}
      </Stack>
      {jobId && job.data ? <JobProgress job={job.data} label={report.name} /> : null}
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
    </Stack>
  );
}
