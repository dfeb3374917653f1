// Loads the application a screen is about and shows loading, failure or "not found" the same way on
// every screen of the flow; renders its children only with the application.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { RouterLink } from '../../lib/router/RouterLink';
import { useApplication, type Application } from '../../lib/application/steps';

export function ApplicationGate({
  code,
  applicationId,
  title,
  children,
}: {
  code: string;
  applicationId: string;
  /** The screen's h1 while the application is not there. */
  title: string;
  children: (application: Application) => ReactNode;
}) {
  const { t } = useTranslation();
  const list = useApplication(applicationId);
  if (list.isPending) return <Loading />;
  if (list.isError || !list.application) {
    return (
      <Stack spacing={2}>
        <Typography variant="h1">{title}</Typography>
        {list.isError ? (
          <LoadError
            title={t('applicantFlow.common.applicationError')}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <Alert severity="warning">
            {t('applicantFlow.common.applicationMissing')}{' '}
            <RouterLink to={`/municipalities/${code}/applications`}>
              {t('applicantFlow.common.toApplications')}
            </RouterLink>
          </Alert>
        )}
      </Stack>
    );
  }
  return <>{children(list.application)}</>;
}
