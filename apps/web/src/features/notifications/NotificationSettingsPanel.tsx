// The resident's notification settings (decision 0025): the address and its code, then the events mailed.
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../lib/api';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { AddressSection } from './AddressSection';
import { EventsSection } from './EventsSection';

export function NotificationSettingsPanel({ code }: { code: string }) {
  const { t } = useTranslation();
  const settings = useApiQuery('applicant.notification_settings.get', { params: { code } });
  if (settings.isPending) return <Loading />;
  if (settings.isError)
    return (
      <LoadError
        title={t('notifications.loadError')}
        error={settings.error}
        onRetry={() => void settings.refetch()}
      />
    );
  return (
    <Stack spacing={5}>
      <AddressSection code={code} settings={settings.data} />
      <EventsSection code={code} settings={settings.data} />
    </Stack>
  );
}
