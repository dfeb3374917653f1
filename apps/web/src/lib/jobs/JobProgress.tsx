// A job's progress while it runs (a labelled progress bar, announced politely), then its outcome.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Job } from '@portal/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export function JobProgress({ job, label }: { job: Job; label: string }) {
  const { t } = useTranslation();
  const id = useId();
  if (job.status === 'failed')
    return (
      <Alert severity="error" role="alert">
        {/* The job's own error text is the server's: the clerk reads the app's words, but for a refusal of
            the data, whose reason (which item, which character) is written for staff. */}
        {job.failure === 'interrupted'
          ? t('staff.jobs.interrupted')
          : job.failure === 'invalid' && job.error
            ? t('staff.jobs.invalid', { detail: job.error })
            : t('staff.jobs.failed', { detail: t('errors.codes.internal_error') })}
      </Alert>
    );
  if (job.status === 'cancelled') return <Alert severity="info">{t('staff.jobs.cancelled')}</Alert>;
  const done = job.status === 'succeeded';
  return (
    <Box>
      <Typography id={id} variant="body2" sx={{ mb: 0.5 }}>
        {label}:{' '}
        <span role="status">
          {done
            ? t('staff.jobs.succeeded')
            : job.status === 'queued'
              ? t('staff.jobs.queued')
              : t('staff.jobs.running', { progress: job.progress })}
        </span>
      </Typography>
      <LinearProgress
        variant="determinate"
        value={done ? 100 : job.progress}
        aria-labelledby={id}
        aria-valuetext={`${done ? 100 : job.progress}%`}
      />
    </Box>
  );
}
