// The frame of every master-tool screen: a way back, the heading with the environment this page works
// on, an optional introduction, and the screen's content.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageEnv } from '../../../features/mastertool-env/environments';
import { RouterLink } from '../../../lib/router/RouterLink';
import { EnvironmentChip } from './EnvironmentChip';

export function MastertoolPage({
  title,
  intro,
  back,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} sx={{ maxWidth: 1200 }}>
      <Box>
        {back ? (
          <Typography variant="body2" sx={{ mb: 1 }}>
            <RouterLink to={back.to}>{back.label}</RouterLink>
          </Typography>
        ) : null}
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h1" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography component="span" variant="body2">
              {t('mastertool.env.connectedTo')}
            </Typography>
            <EnvironmentChip env={pageEnv} />
          </Box>
        </Stack>
        {intro ? <Typography sx={{ mt: 1 }}>{intro}</Typography> : null}
        {actions ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        ) : null}
      </Box>
      {children}
    </Stack>
  );
}
