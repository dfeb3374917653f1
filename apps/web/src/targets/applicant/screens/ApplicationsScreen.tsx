// /municipalities/{code}/applications: the signed-in resident's applications, with status, the remand
// message when staff returned one, and the way back in. The auth-check and get-applications steps ran
// before this screen.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  outcomeOf,
  rejectedProcedures,
  resumePath,
  sortApplications,
  type Application,
  type ApplicationOutcome,
} from '../../../features/applications/applications';
import { DownloadCopyButton } from '../../../features/completion/DownloadCopyButton';
import { OwnAttachments } from '../../../features/completion/OwnAttachments';
import { useMunicipalityCode } from '../../../features/municipality/municipality';
import { NoticeNews } from '../../../features/notifications/NoticeNews';
import { apiClient, useApiMutation, useApiQuery } from '../../../lib/api';
import { formatDateTime } from '../../../lib/i18n';
import { Localized, LocalizedField } from '../../../lib/i18n/localized';
import { useLanguage } from '../../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../../lib/layout/feedback';
import { useSnackbar } from '../../../lib/layout/snackbar';
import { RouterButton, RouterLink } from '../../../lib/router/RouterLink';

/** Status colours, in shades that keep text at 4.5:1 or more on white; a rejection is never green. */
const statusColor: Record<ApplicationOutcome, string> = {
  draft: 'primary.main',
  submitted: 'text.primary',
  remanded: 'warning.dark',
  completed: 'success.dark',
  withdrawn: 'text.secondary',
  rejected: 'error.dark',
  partly_rejected: 'error.dark',
};

export function ApplicationsScreen() {
  const { t } = useTranslation();
  const code = useMunicipalityCode();
  const list = useApiQuery('applicant.applications');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useSnackbar();
  const logout = useApiMutation('applicant.logout', {
    onSuccess: () => {
      apiClient.setCsrfToken(null);
      queryClient.clear();
      notify(t('snackbar.signedOut'), 'success');
      void navigate({ to: `/municipalities/${code}` });
    },
  });

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.applications')}
        </Typography>
        <Typography>{t('applications.intro')}</Typography>
      </Box>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('applications.signedInAs')}
        </Typography>
        <Button variant="outlined" size="small" onClick={() => logout.mutate({})} disabled={logout.isPending}>
          {t('common.signOut')}
        </Button>
        <RouterLink to={`/municipalities/${code}/notifications`}>
          {t('notifications.settingsLink')}
        </RouterLink>
      </Stack>

      <NoticeNews code={code} onApplicationsList />

      {list.isPending ? <Loading /> : null}
      {list.isError ? (
        <LoadError
          title={t('applications.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data && list.data.applications.length === 0 ? (
        <Box>
          <Typography gutterBottom>{t('applications.empty')}</Typography>
          <RouterLink to={`/municipalities/${code}`}>{t('applications.newApplication')}</RouterLink>
        </Box>
      ) : null}
      {list.data && list.data.applications.length > 0 ? (
        <Stack
          component="ul"
          spacing={2}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          data-testid="application-list"
        >
          {sortApplications(list.data.applications).map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function ApplicationCard({ application }: { application: Application }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = `application-${application.id}`;
  const finished = application.status !== 'draft' && application.status !== 'remanded';
  const stepName = t(`applications.step.${application.current_step}`);
  const outcome = outcomeOf(application);
  const rejected = rejectedProcedures(application);
  return (
    <Card component="li" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}
        >
          <Typography variant="h2" id={headingId} sx={{ fontSize: '1.25rem' }}>
            <Localized ja={application.procedure_group_name} en={application.en?.procedure_group_name} />
            {application.subject_name ? (
              <Typography component="span" sx={{ display: 'block', fontSize: '1rem', fontWeight: 400 }}>
                {t('applicantForm.applications.subject', { name: application.subject_name })}
              </Typography>
            ) : null}
          </Typography>
          <Chip
            label={
              outcome === 'rejected' || outcome === 'partly_rejected'
                ? t(`applicantForm.applications.outcome.${outcome}`)
                : t(`applications.status.${outcome}`)
            }
            variant="outlined"
            data-testid="application-status"
            sx={{ fontWeight: 700, color: statusColor[outcome], borderColor: statusColor[outcome] }}
          />
        </Stack>
        <Typography sx={{ mb: 1 }} data-testid="next-step">
          <Box component="span" sx={{ fontWeight: 700 }}>
            {t('applicantForm.applications.nextLabel')}：
          </Box>
          {t(`applicantForm.applications.next.${outcome}`, { step: stepName })}
        </Typography>
        {application.procedures.length > 0 ? (
          <Box component="ul" aria-label={t('applicantForm.applications.procedures')} sx={{ pl: 2.5, my: 1 }}>
            {application.procedures.map((p) => (
              <li key={p.id}>
                <Box component="span" sx={{ fontWeight: 700 }}>
                  <LocalizedField of={p} field="name" />
                </Box>
                {p.reference_number ? (
                  <>
                    {' — '}
                    {/* A reference number never breaks across lines: it is read out and typed as one. */}
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {t('applicantForm.applications.referenceNumber', { number: p.reference_number })}
                    </Box>
                  </>
                ) : null}
                {p.status ? <> （{t(`applicantForm.applications.documentStatus.${p.status}`)}）</> : null}
              </li>
            ))}
          </Box>
        ) : null}
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {application.status === 'draft' ? (
            <>
              <Typography component="dt" color="text.secondary">
                {t('applications.stepLabel')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {stepName}
              </Typography>
            </>
          ) : null}
          <Typography component="dt" color="text.secondary">
            {t('applications.created')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {formatDateTime(application.created_at, language)}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('applications.updated')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {formatDateTime(application.updated_at, language)}
          </Typography>
          {application.submitted_at ? (
            <>
              <Typography component="dt" color="text.secondary">
                {t('applications.submitted')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {formatDateTime(application.submitted_at, language)}
              </Typography>
            </>
          ) : null}
        </Box>
        {rejected.length > 0 ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="rejection-reasons">
            <AlertTitle component="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
              {t('applicantForm.applications.rejectedHeading')}
            </AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {rejected.map((p) => (
                <Box component="li" key={p.id} sx={{ whiteSpace: 'pre-wrap' }}>
                  <Box component="span" sx={{ fontWeight: 700 }}>
                    <LocalizedField of={p} field="name" />
                  </Box>
                  {language === 'en' ? ': ' : '：'}
                  {p.rejection_reason ?? ''}
                </Box>
              ))}
            </Box>
          </Alert>
        ) : null}
        {application.status === 'remanded' && application.remand_message ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            <AlertTitle component="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
              {t('applications.remandHeading')}
            </AlertTitle>
            {application.remand_message}
            {application.remand_fields ? (
              <Typography sx={{ mt: 1, fontWeight: 700 }}>
                {t('applicantForm.applications.remandFields', { count: application.remand_fields.length })}
              </Typography>
            ) : null}
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('applicantForm.applications.remandHelp')}
            </Typography>
          </Alert>
        ) : null}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <RouterButton
          variant={finished ? 'outlined' : 'contained'}
          to={resumePath(application)}
          aria-describedby={headingId}
        >
          {application.status === 'remanded'
            ? t('applicantForm.applications.fix')
            : finished
              ? t('applications.view')
              : t('applications.resume')}
        </RouterButton>
        {application.status === 'draft' ? (
          <RouterButton
            variant="outlined"
            to={`/municipalities/${application.municipality_code}/applications/${application.id}/handoff`}
            aria-describedby={headingId}
          >
            {t('counter.handoff.link')}
          </RouterButton>
        ) : null}
        {application.submitted_at ? (
          <>
            <DownloadCopyButton
              code={application.municipality_code}
              applicationId={application.id}
              procedures={application.procedures}
              variant="outlined"
              describedBy={headingId}
            />
            <OwnAttachments code={application.municipality_code} applicationId={application.id} />
          </>
        ) : null}
      </CardActions>
    </Card>
  );
}
