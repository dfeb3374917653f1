// The staff dashboard: the municipality-overview counts and the overdue documents per department, each
// linking into the documents table filtered by it, and the way to the other screens the member may use.
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
import { useStaffDepartments, useStaffUser } from '../../lib/staff/staff-context';
import { overdueCounts } from './overdue-counts';

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
  const { departments } = useStaffDepartments();
  const today = japanDate(new Date());
  const count = (status: string) => overview.data?.counts.find((c) => c.status === status)?.count ?? 0;
  type Tile = {
    key: string;
    label: string;
    value: number;
    search: Record<string, string | number | boolean> | null;
  };
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
  // Nearest deadline first: the list opens on the documents most overdue.
  const overdueTiles: Tile[] = overview.data
    ? overdueCounts(departments, overview.data.overdue_by_department).map((o) => ({
        key: `overdue-${o.departmentId ?? 'none'}`,
        label: o.name ?? t('staff.dashboard.noDepartment'),
        value: o.count,
        search:
          o.departmentId === null ? null : { overdue: true, department_id: o.departmentId, sort: 'due_at' },
      }))
    : [];
  const overdueTotal = overview.data?.overdue_by_department.reduce((n, o) => n + o.count, 0) ?? 0;
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
      {overview.data ? <TileList tiles={tiles} /> : null}
      {overview.data ? (
        <>
          <Typography variant="h2" id="overdue-heading">
            {t('staff.dashboard.overdueTitle')}
          </Typography>
          {overdueTotal === 0 ? <Typography>{t('staff.dashboard.overdueNone')}</Typography> : null}
          {overdueTiles.length > 0 ? <TileList tiles={overdueTiles} labelledBy="overdue-heading" /> : null}
        </>
      ) : null}
    </Stack>
  );
}

/** Counts as a list of cards; a card with a search links into the documents table filtered by it. */
function TileList({
  tiles,
  labelledBy,
}: {
  tiles: { key: string; label: string; value: number; search: Record<string, unknown> | null }[];
  labelledBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
      }}
    >
      {tiles.map((tile) => {
        const content = (
          <CardContent>
            <Typography component="span" sx={{ display: 'block' }}>
              {tile.label}
            </Typography>
            <Typography component="span" variant="h3" sx={{ display: 'block', fontSize: '2rem' }}>
              {t('staff.dashboard.countValue', { count: tile.value })}
            </Typography>
          </CardContent>
        );
        return (
          <li key={tile.key}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              {tile.search ? (
                <CardLink to="/documents" search={tile.search as never} sx={{ height: '100%' }}>
                  {content}
                </CardLink>
              ) : (
                content
              )}
            </Card>
          </li>
        );
      })}
    </Box>
  );
}
