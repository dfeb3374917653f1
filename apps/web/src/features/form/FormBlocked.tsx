// What the form says instead of its pages: the application was not found, no procedure is chosen yet,
// or it was submitted and can no longer be changed.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { screenPath, type Application } from '../../lib/application/application';
import { RouterButton, RouterLink } from '../../lib/router/RouterLink';

export function NotFoundApplication({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Typography>
      {t('applicantForm.common.notFound')}{' '}
      <RouterLink to={`/municipalities/${code}/applications`}>{t('applicantForm.common.toList')}</RouterLink>
    </Typography>
  );
}

export function NoProcedures({ code, applicationId }: { code: string; applicationId: string }) {
  const { t } = useTranslation();
  return (
    <Typography>
      {t('applicantForm.form.noProcedures')}{' '}
      <RouterLink to={screenPath(code, applicationId, 'procedures')}>
        {t('applicantForm.form.chooseProcedures')}
      </RouterLink>
    </Typography>
  );
}

export function ReadOnlyNotice({ code, application }: { code: string; application: Application }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('applicantForm.common.readOnly')}</Typography>
      <RouterButton variant="contained" to={screenPath(code, application.id, 'complete')}>
        {t('applicantForm.common.toComplete')}
      </RouterButton>
    </Stack>
  );
}
