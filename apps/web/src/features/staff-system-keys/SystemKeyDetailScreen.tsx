// /system-keys/$keyId (administrators): one key's settings, its uses, its webhook deliveries (when the
// server has them) and its revocation.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { RouterLink } from '../../lib/router/RouterLink';
import { can } from '../../lib/staff/permissions';
import { useProcedureCatalog, useStaffUser } from '../../lib/staff/staff-context';
import { DeliveriesSection } from './DeliveriesSection';
import { keyState } from './key-form';
import { accessText, KeyListStatus, ProcedureNames, StateChip } from './KeyParts';
import { RevokeDialog } from './RevokeDialog';
import type { SystemKeyView } from './SystemKeysScreen';
import { UsesSection } from './UsesSection';

export function SystemKeyDetailScreen() {
  const { t } = useTranslation();
  const { keyId } = useParams({ strict: false }) as { keyId: string };
  const allowed = can(useStaffUser(), 'accounts.manage');
  const list = useApiQuery('staff.system_keys.list', undefined, { enabled: allowed });
  const key = list.data?.keys.find((k) => k.id === keyId);

  return (
    <Stack spacing={3}>
      <div>
        <RouterLink to="/system-keys">{t('systemKeys.back')}</RouterLink>
      </div>
      <Typography variant="h1">{key ? key.name : t('screens.systemKeys')}</Typography>
      <KeyListStatus allowed={allowed} list={list} />
      {list.data && !key ? <Alert severity="error">{t('systemKeys.notFound')}</Alert> : null}
      {key ? (
        <>
          <KeySummary keyView={key} />
          <UsesSection keyId={key.id} />
          <DeliveriesSection keyId={key.id} />
        </>
      ) : null}
    </Stack>
  );
}

function KeySummary({ keyView: k }: { keyView: SystemKeyView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const catalog = useProcedureCatalog();
  const [revoking, setRevoking] = useState(false);
  const rows: [string, ReactNode][] = [
    [t('systemKeys.state'), <StateChip key="state" keyView={k} />],
    [
      t('systemKeys.procedures'),
      <ProcedureNames key="p" codes={k.procedure_codes} catalog={catalog.procedures} />,
    ],
    [t('systemKeys.keyPrefix'), <code key="prefix">{k.key_prefix}…</code>],
    [t('systemKeys.access'), accessText(t, k.access)],
    [t('systemKeys.expiresAt'), formatDate(k.expires_at, language)],
    [
      t('systemKeys.allowedCidrs'),
      k.allowed_cidrs.map((c) => (
        <Box key={c} component="code" sx={{ display: 'block' }}>
          {c}
        </Box>
      )),
    ],
    [
      t('systemKeys.lastUsed'),
      k.last_used_at ? formatDateTime(k.last_used_at, language) : t('systemKeys.notUsed'),
    ],
    ...(k.webhook_url
      ? ([[t('systemKeys.webhookUrl'), <code key="hook">{k.webhook_url}</code>]] as [string, ReactNode][])
      : []),
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
          m: 0,
          '& dt': { fontWeight: 'bold', mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      {keyState(k, new Date()) === 'revoked' ? null : (
        <Box sx={{ mt: 3 }}>
          <Button color="error" variant="outlined" onClick={() => setRevoking(true)}>
            {t('systemKeys.revoke.button')}
          </Button>
        </Box>
      )}
      {/* Outside the condition: when another administrator revoked the key, the dialog stays to say so. */}
      <RevokeDialog keyView={k} open={revoking} onClose={() => setRevoking(false)} />
    </Paper>
  );
}
