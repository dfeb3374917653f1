// The staff dashboard: the municipality-overview counts, each linking into the documents table filtered
// by it, and the way to the other screens the signed-in member may use.
import { japanDate } from '@portal/rules';
import type { documentStates } from '@portal/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea, { type CardActionAreaProps } from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../lib/api';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { useStaffUser } from '../../lib/staff/staff-context';

type DocumentState = (typeof documentStates.states)[number];

const CardLink = createLink(
  forwardRef<HTMLAnchorElement, Omit<CardActionAreaProps<'a'>, 'component'>>(function CardLink(props, ref) {
    return <CardActionArea ref={ref} component="a" {...props} />;
  }),
);

export function StaffDashboardScreen() {
  const { t } = useTranslation();
  const user = useStaffUser();
  const overview = useApiQuery('staff.overview', undefined, { staleTime: 0 });
  const today = japanDate(new Date());
  const count = (status: string) => overview.data?.counts.find((c) => c.status === status)?.count ?? 0;
  type Tile = { key: string; label: string; value: number; search: Record<string, string> };
  const byStatus = (status: DocumentState): Tile => ({
    key: status,
    label: t(`staff.status.${status}`),
    value: count(status),
    search: { status },
  });
  const tiles: Tile[] = overview.data
    ? [
        {
          key: 'today',
          label: t('staff.dashboard.receivedToday'),
          value: overview.data.received_today,
          search: { received_from: today, received_to: today },
        },
        ...(['received', 'in_progress', 'resubmitted'] as const).map(byStatus),
        {
          key: 'remanded',
          label: t('staff.dashboard.remandedWaiting'),
          value: overview.data.remanded_waiting,
          search: { status: 'remanded' },
        },
        ...(['completed', 'rejected'] as const).map(byStatus),
      ]
    : [];
  return (
    <Stack spacing={3} data-testid="dashboard">
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.dashboard')}
        </Typography>
        {user ? <Typography>{t('staff.dashboard.signedInAs', { name: user.name })}</Typography> : null}
      </Box>
      <Typography variant="h2">{t('staff.dashboard.counts')}</Typography>
      {overview.isPending ? <Loading /> : null}
      {overview.isError ? (
        <LoadError
          title={t('staff.dashboard.loadError')}
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : null}
      {overview.data ? (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          {tiles.map((tile) => (
            <li key={tile.key}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardLink to="/documents" search={tile.search as never} sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography component="span" sx={{ display: 'block' }}>
                      {tile.label}
                    </Typography>
                    <Typography component="span" variant="h3" sx={{ display: 'block', fontSize: '2rem' }}>
                      {t('staff.dashboard.countValue', { count: tile.value })}
                    </Typography>
                  </CardContent>
                </CardLink>
              </Card>
            </li>
          ))}
        </Box>
      ) : null}
    </Stack>
  );
}
