// /system-keys/new (administrators): the new key's form, then its token shown once. The token lives
// only in this screen's state: leaving the panel, the screen or reloading loses it for good.
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { can } from '../../lib/staff/permissions';
import { useProcedureCatalog, useStaffUser } from '../../lib/staff/staff-context';
import { KeyForm, type CreatedKey } from './KeyForm';
import { ShownOncePanel } from './ShownOncePanel';

export function NewSystemKeyScreen() {
  const { t } = useTranslation();
  const allowed = can(useStaffUser(), 'accounts.manage');
  const catalog = useProcedureCatalog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedKey | null>(null);

  const onCreated = (key: CreatedKey) => {
    void queryClient.invalidateQueries({ queryKey: ['staff.system_keys.list'] });
    setCreated(key);
  };
  const done = () => {
    setCreated(null);
    void navigate({ to: '/system-keys' });
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('systemKeys.create')}</Typography>
      {!allowed ? <Alert severity="warning">{t('systemKeys.notAllowed')}</Alert> : null}
      {allowed && created ? (
        <ShownOncePanel token={created.token} secret={created.webhook_secret ?? null} onDone={done} />
      ) : null}
      {allowed && !created && catalog.isPending ? <Loading /> : null}
      {allowed && !created && catalog.error ? (
        <LoadError title={t('systemKeys.form.loadError')} error={catalog.error} />
      ) : null}
      {allowed && !created && !catalog.isPending && !catalog.error ? (
        <KeyForm procedures={catalog.procedures} onCreated={onCreated} />
      ) : null}
    </Stack>
  );
}
