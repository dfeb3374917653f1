// /documents: the documents table. Filters (status, procedure, department, received dates, text on the
// applicant's name or the reference number, overdue only, 「自分の担当」), sorting (also by deadline) and paging live in the address, so a reload, a
// shared link or the way back from a document shows the same rows. The 担当者 column names the assignee of
// each document's current workflow step. Staff select rows (the page, or every row the filters match) for
// bulk work: status, workflow, assignment, deletion (BulkActions).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
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
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../lib/layout/visually-hidden';
import { BULK_MAX_DOCUMENTS, documentStates, type CurrentStep } from '@portal/contracts';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, useApiQuery } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { RouterLink } from '../../lib/router/RouterLink';
import {
  documentFiltersToSearch,
  documentListQuery,
  hasFilters,
  PAGE_SIZES,
  parseDocumentFilters,
  withFilters,
  type DocumentFilters,
  type PageSize,
} from '../../lib/staff/document-filters';
import { BulkActions, maySelect } from './BulkActions';
import { FilterPanel } from '../../lib/staff/FilterPanel';
import {
  isForbidden,
  useProcedureCatalog,
  useStaffDepartments,
  useStaffUser,
} from '../../lib/staff/staff-context';
import { DeadlineText, OverdueFilter } from './DeadlineText';
import { FilterCheckbox } from './FilterCheckbox';
import { DuplicateFlag } from './Duplicates';
import { StatusChip } from './StatusChip';

export function DocumentsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const filters = useMemo(() => parseDocumentFilters(raw), [raw]);
  const user = useStaffUser();
  // The rows shown stay while the next page or filter loads (no flash of an empty table).
  const list = useApiQuery(
    'staff.documents.list',
    { query: documentListQuery(filters) as never },
    { placeholderData: (previous) => previous },
  );
  const [selected, setSelected] = useState<string[]>([]);
  // The version the list showed of each selected document: a bulk act names it (decision 0034).
  const [versions, setVersions] = useState<Record<string, number>>({});
  const shown = (documents: readonly { id: string; version: number }[]) =>
    setVersions((v) => ({ ...v, ...Object.fromEntries(documents.map((d) => [d.id, d.version])) }));
  const [matching, setMatching] = useState<'idle' | 'loading' | 'failed'>('idle');
  const selectable = maySelect(user);

  const go = (next: DocumentFilters) => {
    setSelected([]);
    void navigate({ to: '/documents', search: documentFiltersToSearch(next) as never, resetScroll: false });
  };
  const change = (change: Partial<DocumentFilters>) => go(withFilters(filters, change));
  const rows = list.data?.documents ?? [];
  const someSelected = selected.length > 0 && selected.length < rows.length;
  const total = list.data?.page.total ?? 0;
  const pageSelected = rows.length > 0 && selected.length === rows.length;

  // Every row the filters match, up to the most one bulk act takes (the list's `all` page).
  const selectMatching = () => {
    setMatching('loading');
    api('staff.documents.list', {
      query: { ...documentListQuery(filters), page: 1, page_size: 'all' } as never,
    })
      .then((all) => {
        shown(all.documents);
        setSelected(all.documents.map((d) => d.id));
        setMatching('idle');
      })
      .catch(() => setMatching('failed'));
  };

  return (
    <Stack spacing={3}>
      <Typography variant="h1">{t('screens.documents')}</Typography>
      <FilterForm
        key={JSON.stringify(documentFiltersToSearch({ ...filters, page: 1 }))}
        filters={filters}
        onApply={change}
      />
      <Box>
        <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
          {t('staff.documents.results')}
        </Typography>
        <Typography role="status" sx={{ mb: 1 }}>
          {list.data
            ? hasFilters(filters)
              ? t('staff.documents.countFiltered', { count: total })
              : t('staff.documents.count', { count: total })
            : ''}
        </Typography>
        {selectable ? (
          <BulkActions ids={selected} versions={versions} onDone={() => setSelected([])} />
        ) : null}
        {selectable && pageSelected && total > rows.length ? (
          <Box sx={{ mb: 1 }}>
            {total > BULK_MAX_DOCUMENTS ? (
              <Typography>{t('staff.bulk.selectMatchingTooMany', { max: BULK_MAX_DOCUMENTS })}</Typography>
            ) : (
              <Button onClick={selectMatching} disabled={matching === 'loading'}>
                {t('staff.bulk.selectMatching', { count: total })}
              </Button>
            )}
            {matching === 'failed' ? (
              <Alert severity="error" role="alert">
                {t('staff.bulk.selectMatchingFailed')}
              </Alert>
            ) : null}
          </Box>
        ) : null}
        {selectable && selected.length > rows.length ? (
          <Button sx={{ mb: 1 }} onClick={() => setSelected([])}>
            {t('staff.bulk.clearSelection')}
          </Button>
        ) : null}
        {list.isPending ? <Loading /> : null}
        {list.isError ? (
          <LoadError
            title={isForbidden(list.error) ? t('staff.common.forbidden') : t('staff.documents.loadError')}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : null}
        {list.data ? (
          <Paper variant="outlined">
            <TableContainer
              tabIndex={0}
              role="region"
              aria-label={t('staff.documents.tableLabel')}
              // The previous rows stay while the next ones load; assistive technology hears they are stale.
              aria-busy={list.isPlaceholderData}
              sx={{
                position: 'relative',
                '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
              }}
            >
              <Table
                size="small"
                aria-label={t('staff.documents.tableLabel')}
                sx={{ minWidth: 760, '& td, & th': { whiteSpace: 'nowrap' } }}
              >
                <TableHead>
                  <TableRow>
                    {selectable ? (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={rows.length > 0 && selected.length >= rows.length}
                          indeterminate={someSelected}
                          // MUI only says aria-checked="mixed"; the native state must agree (axe, screen readers).
                          inputRef={(input: HTMLInputElement | null) => {
                            if (input) input.indeterminate = someSelected;
                          }}
                          onChange={(event) => {
                            shown(rows);
                            setSelected(event.target.checked ? rows.map((r) => r.id) : []);
                          }}
                          slotProps={{ input: { 'aria-label': t('staff.documents.selectAll') } }}
                        />
                      </TableCell>
                    ) : null}
                    <SortHeader
                      label={t('staff.documents.reference')}
                      field="reference_number"
                      filters={filters}
                      onSort={change}
                    />
                    <TableCell>{t('staff.documents.procedure')}</TableCell>
                    <TableCell>{t('staff.documents.applicant')}</TableCell>
                    <TableCell>{t('staff.documents.status')}</TableCell>
                    <TableCell>{t('staff.documents.assignee')}</TableCell>
                    <SortHeader
                      label={t('staff.deadline.column')}
                      field="due_at"
                      filters={filters}
                      onSort={change}
                    />
                    <SortHeader
                      label={t('staff.documents.receivedAt')}
                      field="received_at"
                      filters={filters}
                      onSort={change}
                    />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={selectable ? 8 : 7}>{t('staff.documents.empty')}</TableCell>
                    </TableRow>
                  ) : (
                    rows.map((row) => (
                      <DocumentRow
                        key={row.id}
                        row={row}
                        selectable={selectable}
                        selected={selected.includes(row.id)}
                        onSelect={(on) => {
                          shown([row]);
                          setSelected((s) => (on ? [...s, row.id] : s.filter((id) => id !== row.id)));
                        }}
                      />
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={total}
              page={Math.max(0, filters.page - 1)}
              onPageChange={(_event, page) => change({ page: page + 1 })}
              rowsPerPage={filters.page_size === 'all' ? -1 : filters.page_size}
              rowsPerPageOptions={PAGE_SIZES.map((size) =>
                size === 'all' ? { label: t('staff.documents.all'), value: -1 } : size,
              )}
              onRowsPerPageChange={(event) => {
                const value = Number(event.target.value);
                change({ page_size: (value === -1 ? 'all' : value) as PageSize });
              }}
              labelRowsPerPage={t('staff.documents.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) =>
                t('staff.documents.displayedRows', { from, to, count })
              }
              getItemAriaLabel={(type) => t(`staff.documents.pageButton.${type}`)}
            />
          </Paper>
        ) : null}
      </Box>
    </Stack>
  );
}

function SortHeader({
  label,
  field,
  filters,
  onSort,
}: {
  label: string;
  field: 'received_at' | 'reference_number' | 'due_at';
  filters: DocumentFilters;
  onSort: (change: Partial<DocumentFilters>) => void;
}) {
  const { t } = useTranslation();
  const active = filters.sort === field || filters.sort === `-${field}`;
  const direction = filters.sort === field ? 'asc' : 'desc';
  return (
    <TableCell sortDirection={active ? direction : false}>
      <TableSortLabel
        active={active}
        direction={active ? direction : 'asc'}
        onClick={() =>
          onSort({
            sort:
              active && direction === 'desc'
                ? field
                : active
                  ? `-${field}`
                  : field === 'received_at'
                    ? '-received_at'
                    : field,
          })
        }
      >
        {label}
        {active ? (
          <Box component="span" sx={visuallyHidden}>
            {direction === 'desc' ? t('staff.documents.sortedDesc') : t('staff.documents.sortedAsc')}
          </Box>
        ) : null}
      </TableSortLabel>
    </TableCell>
  );
}

function DocumentRow({
  row,
  selectable,
  selected,
  onSelect,
}: {
  row: {
    id: string;
    reference_number: string;
    procedure_name: string;
    applicant_name: string;
    status: (typeof documentStates.states)[number];
    received_at: string;
    due_at: string | null;
    possible_duplicate: { id: string; reference_number: string } | null;
    current_step: CurrentStep | null;
  };
  selectable: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <TableRow hover selected={selected}>
      {selectable ? (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            slotProps={{
              input: { 'aria-label': t('staff.documents.select', { reference: row.reference_number }) },
            }}
          />
        </TableCell>
      ) : null}
      <TableCell>
        <RouterLink to="/documents/$documentId" params={{ documentId: row.id }}>
          {row.reference_number}
        </RouterLink>
        <DuplicateFlag duplicate={row.possible_duplicate} />
      </TableCell>
      <TableCell>{row.procedure_name}</TableCell>
      <TableCell>{row.applicant_name}</TableCell>
      <TableCell>
        <StatusChip status={row.status} />
      </TableCell>
      <TableCell>
        <AssigneeText step={row.current_step} />
      </TableCell>
      <TableCell>
        <DeadlineText dueAt={row.due_at} status={row.status} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.received_at, language)}</TableCell>
    </TableRow>
  );
}

/** The 担当者 cell: the current step's assignee, 「未割当て」, or a dash read as 「進める段階なし」. */
export function AssigneeText({ step }: { step: CurrentStep | null }) {
  const { t } = useTranslation();
  if (!step) {
    return (
      <Box component="span" sx={{ position: 'relative' }}>
        <span aria-hidden="true">—</span>
        <Box component="span" sx={visuallyHidden}>
          {t('staff.documents.noOpenStep')}
        </Box>
      </Box>
    );
  }
  if (step.user_id === null) {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {t('staff.documents.unassigned')}
      </Box>
    );
  }
  return <span>{step.user_name ?? t('staff.workflow.someone')}</span>;
}

/** 「自分の担当」: only documents whose current step is assigned to the signed-in staff member. */
function AssignedToMeFilter({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <FilterCheckbox
      id="filter-assigned-to-me"
      label={t('staff.documents.assignedToMe')}
      help={t('staff.documents.assignedToMeHelp')}
      checked={checked}
      onChange={onChange}
    />
  );
}

/** The filter form: edited locally, applied to the address on submit (nothing typed is lost). */
function FilterForm({
  filters,
  onApply,
}: {
  filters: DocumentFilters;
  onApply: (change: Partial<DocumentFilters>) => void;
}) {
  const { t } = useTranslation();
  const catalog = useProcedureCatalog();
  // Offered to whoever sees more than one department (administrators, members of several).
  const { departments } = useStaffDepartments();
  const [draft, setDraft] = useState(() => ({
    status: filters.status ?? '',
    procedure_code: filters.procedure_code ?? '',
    department_id: filters.department_id ? String(filters.department_id) : '',
    received_from: filters.received_from ?? '',
    received_to: filters.received_to ?? '',
    text: filters.text ?? '',
    overdue: filters.overdue ?? false,
    assigned_to_me: filters.assigned_to_me ?? false,
  }));
  const [rangeError, setRangeError] = useState(false);
  useEffect(() => setRangeError(false), [draft.received_from, draft.received_to]);
  const set = (key: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.received_from && draft.received_to && draft.received_from > draft.received_to) {
      setRangeError(true);
      document.getElementById('filter-received-to')?.focus();
      return;
    }
    onApply({
      status: (draft.status || undefined) as DocumentFilters['status'],
      procedure_code: draft.procedure_code || undefined,
      department_id: draft.department_id ? Number(draft.department_id) : undefined,
      received_from: draft.received_from || undefined,
      received_to: draft.received_to || undefined,
      text: draft.text.trim() || undefined,
      overdue: draft.overdue || undefined,
      assigned_to_me: draft.assigned_to_me || undefined,
    });
  };
  const clear = () =>
    onApply({
      status: undefined,
      procedure_code: undefined,
      department_id: undefined,
      received_from: undefined,
      received_to: undefined,
      text: undefined,
      overdue: undefined,
      assigned_to_me: undefined,
    });

  return (
    <FilterPanel
      title={t('staff.documents.filters')}
      onSubmit={submit}
      onClear={clear}
      clearDisabled={!hasFilters(filters)}
      footer={
        catalog.error ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('staff.documents.catalogError')}
          </Alert>
        ) : null
      }
    >
      <TextField
        id="filter-text"
        label={t('staff.documents.text')}
        helperText={t('staff.documents.textHelp')}
        value={draft.text}
        onChange={set('text')}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        id="filter-status"
        select
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        label={t('staff.documents.status')}
        value={draft.status}
        onChange={set('status')}
      >
        <MenuItem value="">{t('staff.documents.any')}</MenuItem>
        {documentStates.states.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`staff.status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="filter-procedure"
        select
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        label={t('staff.documents.procedure')}
        value={catalog.isPending && draft.procedure_code ? '' : draft.procedure_code}
        onChange={set('procedure_code')}
      >
        <MenuItem value="">{t('staff.documents.any')}</MenuItem>
        {catalog.procedures.map((p) => (
          <MenuItem key={p.code} value={p.code}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      {departments.length > 1 ? (
        <TextField
          id="filter-department"
          select
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          label={t('staff.documents.department')}
          value={draft.department_id}
          onChange={set('department_id')}
        >
          <MenuItem value="">{t('staff.documents.any')}</MenuItem>
          {departments.map((d) => (
            <MenuItem key={d.id} value={String(d.id)}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <TextField
        id="filter-received-from"
        type="date"
        label={t('staff.documents.receivedFrom')}
        value={draft.received_from}
        onChange={set('received_from')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        id="filter-received-to"
        type="date"
        label={t('staff.documents.receivedTo')}
        value={draft.received_to}
        onChange={set('received_to')}
        error={rangeError}
        helperText={rangeError ? t('staff.documents.rangeError') : undefined}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <OverdueFilter checked={draft.overdue} onChange={(overdue) => setDraft((d) => ({ ...d, overdue }))} />
      <AssignedToMeFilter
        checked={draft.assigned_to_me}
        onChange={(assigned_to_me) => setDraft((d) => ({ ...d, assigned_to_me }))}
      />
    </FilterPanel>
  );
}
