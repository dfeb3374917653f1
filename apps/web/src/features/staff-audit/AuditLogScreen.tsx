// /audit-log (administrators): who did what to which record and when, newest first, filtered by actor,
// action, target and dates (kept in the address), paged.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery, type ApiResult } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { RouterLink } from '../../lib/router/RouterLink';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { FilterPanel } from '../../lib/staff/FilterPanel';
import { can } from '../../lib/staff/permissions';
import { isForbidden, useStaffUser } from '../../lib/staff/staff-context';
import { describeChange } from '../../lib/staff/document-change';
import { AUDIT_ACTIONS, auditFiltersToSearch, parseAuditFilters, type AuditFilters } from './audit-filters';
import { actionName, detailLines, targetText } from './audit-words';

// The audit log words a change without the form's item names (they depend on each document's version).
const NO_ITEMS = new Map();

export function AuditLogScreen() {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const user = useStaffUser();
  const allowed = can(user, 'audit.read');
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const filters = useMemo(() => parseAuditFilters(raw), [raw]);
  const log = useApiQuery(
    'staff.audit_log',
    {
      query: { ...auditFiltersToSearch(filters), page: filters.page, page_size: filters.page_size } as never,
    },
    { enabled: allowed },
  );
  const go = (next: AuditFilters) =>
    void navigate({ to: '/audit-log', search: auditFiltersToSearch(next) as never, resetScroll: false });

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('screens.auditLog')}</Typography>
      {!allowed ? <Alert severity="warning">{t('staff.audit.notAllowed')}</Alert> : null}
      {allowed ? (
        <AuditFilterForm
          key={JSON.stringify(auditFiltersToSearch({ ...filters, page: 1 }))}
          filters={filters}
          onApply={go}
        />
      ) : null}
      {allowed && log.isPending ? <Loading /> : null}
      {log.isError ? (
        <LoadError
          title={isForbidden(log.error) ? t('staff.audit.notAllowed') : t('staff.audit.loadError')}
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      ) : null}
      {log.data ? (
        <Box>
          <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
            {t('staff.audit.results')}
          </Typography>
          <Typography role="status" sx={{ mb: 1 }}>
            {t('staff.documents.count', { count: log.data.page.total })}
          </Typography>
          <Paper variant="outlined">
            <TableContainer
              tabIndex={0}
              role="region"
              aria-label={t('staff.audit.tableLabel')}
              sx={{ position: 'relative' }}
            >
              <Table size="small" aria-label={t('staff.audit.tableLabel')} sx={{ minWidth: 860 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('staff.audit.at')}</TableCell>
                    <TableCell>{t('staff.audit.actor')}</TableCell>
                    <TableCell>{t('staff.audit.action')}</TableCell>
                    <TableCell>{t('staff.audit.target')}</TableCell>
                    <TableCell>{t('staff.audit.detail')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {log.data.entries.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={5}>{t('staff.audit.empty')}</TableCell>
                    </TableRow>
                  ) : (
                    log.data.entries.map((e) => (
                      <TableRow key={e.id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at, language)}</TableCell>
                        <TableCell>
                          {e.actor_name ??
                            t(`staff.audit.actorKind.${e.actor_kind}`, { defaultValue: e.actor_kind })}
                        </TableCell>
                        <TableCell>{actionName(t, e.action)}</TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          {/* A document that still exists links to it by its reference number. */}
                          {e.target?.kind === 'document' && e.target.name && e.target_id ? (
                            <>
                              {t('staff.audit.targetKinds.document')}:{' '}
                              <RouterLink
                                to="/documents/$documentId"
                                params={{ documentId: e.target_id }}
                                sx={{ whiteSpace: 'nowrap' }}
                              >
                                {e.target.name}
                              </RouterLink>
                            </>
                          ) : (
                            (targetText(t, e.target, language) ?? '—')
                          )}
                        </TableCell>
                        <TableCell sx={{ overflowWrap: 'anywhere', fontSize: '0.875rem' }}>
                          <DetailText entry={e} />
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={log.data.page.total}
              page={filters.page - 1}
              onPageChange={(_e, p) => go({ ...filters, page: p + 1 })}
              rowsPerPage={filters.page_size}
              rowsPerPageOptions={[10, 25, 50, 100]}
              onRowsPerPageChange={(e) =>
                go({ ...filters, page: 1, page_size: Number(e.target.value) as AuditFilters['page_size'] })
              }
              labelRowsPerPage={t('staff.documents.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) =>
                t('staff.documents.displayedRows', { from, to, count })
              }
              getItemAriaLabel={(type) => t(`staff.documents.pageButton.${type}`)}
            />
          </Paper>
        </Box>
      ) : null}
    </Stack>
  );
}

type Entry = ApiResult<'staff.audit_log'>['entries'][number];

/** A change in the history's words; other facts one per line; a dash when there is nothing. */
function DetailText({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const lines = entry.change
    ? describeChange(t, entry.change, NO_ITEMS, language)
    : detailLines(t, entry.detail_items, language);
  if (lines.length === 0) return <>—</>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {lines.map((line, i) => (
        <li key={i}>{line}</li>
      ))}
    </Box>
  );
}

function AuditFilterForm({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (f: AuditFilters) => void;
}) {
  const { t } = useTranslation();
  const accounts = useApiQuery(
    'staff.accounts.list',
    { query: { page: 1, page_size: 'all' } },
    { staleTime: 300_000 },
  );
  const [draft, setDraft] = useState({
    actor_id: filters.actor_id ?? '',
    action: filters.action ?? '',
    target_id: filters.target_id ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
  });
  const set = (k: keyof typeof draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(parseAuditFilters({ ...draft, page_size: filters.page_size }));
  };
  return (
    <FilterPanel
      title={t('staff.audit.filters')}
      onSubmit={submit}
      onClear={() => onApply({ page: 1, page_size: filters.page_size })}
    >
      <TextField
        select
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        label={t('staff.audit.actor')}
        value={accounts.data ? draft.actor_id : ''}
        onChange={set('actor_id')}
      >
        <MenuItem value="">{t('staff.documents.any')}</MenuItem>
        {(accounts.data?.accounts ?? []).map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.last_name} {a.first_name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        label={t('staff.audit.action')}
        value={draft.action}
        onChange={set('action')}
      >
        <MenuItem value="">{t('staff.documents.any')}</MenuItem>
        {/* An address with an action this list does not know still filters by it. */}
        {[
          ...AUDIT_ACTIONS,
          ...(AUDIT_ACTIONS.includes(draft.action) || !draft.action ? [] : [draft.action]),
        ].map((action) => (
          <MenuItem key={action} value={action}>
            {actionName(t, action)}
          </MenuItem>
        ))}
      </TextField>
      <TextField label={t('staff.audit.targetId')} value={draft.target_id} onChange={set('target_id')} />
      <TextField
        type="date"
        label={t('staff.audit.from')}
        value={draft.from}
        onChange={set('from')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        label={t('staff.audit.to')}
        value={draft.to}
        onChange={set('to')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </FilterPanel>
  );
}
