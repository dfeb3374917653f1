// /accounts (administrators): the municipality's staff accounts with permission and departments, paged;
// edit an account's names, permission and departments; delete selected accounts after a confirmation.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../lib/layout/visually-hidden';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation, useApiQuery } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { useSnackbar } from '../../lib/layout/snackbar';
import { RouterButton } from '../../lib/router/RouterLink';
import { PAGE_SIZES } from '../../lib/staff/document-filters';
import { errorText } from '../../lib/staff/errors';
import { FailureAlert } from '../../lib/staff/forms';
import { can } from '../../lib/staff/permissions';
import { isForbidden, useStaffUser } from '../../lib/staff/staff-context';
import { AccountEditDialog, type Account, type AccountList } from './AccountEditDialog';

export function AccountsScreen() {
  const { t } = useTranslation();
  const user = useStaffUser();
  const allowed = can(user, 'accounts.manage');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number | 'all'>(25);
  const list = useApiQuery(
    'staff.accounts.list',
    { query: { page, page_size: pageSize } },
    { enabled: allowed },
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Account | null>(null);
  const [deleting, setDeleting] = useState(false);

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h1">{t('screens.accounts')}</Typography>
        {allowed ? (
          <RouterButton to="/invitations" variant="contained">
            {t('staff.accounts.invite')}
          </RouterButton>
        ) : null}
      </Stack>
      {!allowed ? <Alert severity="warning">{t('staff.accounts.notAllowed')}</Alert> : null}
      {list.isPending && allowed ? <Loading /> : null}
      {list.isError ? (
        <LoadError
          title={isForbidden(list.error) ? t('staff.accounts.notAllowed') : t('staff.accounts.loadError')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {list.data ? (
        <>
          <div>
            <Button
              variant="outlined"
              color="error"
              disabled={selected.length === 0}
              onClick={() => setDeleting(true)}
            >
              {selected.length > 0
                ? t('staff.accounts.deleteCount', { count: selected.length })
                : t('staff.accounts.delete')}
            </Button>
          </div>
          <Paper variant="outlined">
            <TableContainer
              tabIndex={0}
              role="region"
              aria-label={t('staff.accounts.tableLabel')}
              sx={{ position: 'relative' }}
            >
              <Table size="small" aria-label={t('staff.accounts.tableLabel')} sx={{ minWidth: 860 }}>
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Box component="span" sx={visuallyHidden}>
                        {t('staff.accounts.selectColumn')}
                      </Box>
                    </TableCell>
                    <TableCell>{t('staff.accounts.name')}</TableCell>
                    <TableCell>{t('staff.accounts.email')}</TableCell>
                    <TableCell>{t('staff.accounts.permission')}</TableCell>
                    <TableCell>{t('staff.accounts.departments')}</TableCell>
                    <TableCell>{t('staff.accounts.lastLogin')}</TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        {t('staff.accounts.actions')}
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.data.accounts.map((a) => (
                    <AccountRow
                      key={a.id}
                      account={a}
                      list={list.data}
                      self={a.id === user?.id}
                      selected={selected.includes(a.id)}
                      onSelect={(on) => setSelected((s) => (on ? [...s, a.id] : s.filter((x) => x !== a.id)))}
                      onEdit={() => setEditing(a)}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={list.data.page.total}
              page={page - 1}
              onPageChange={(_e, p) => setPage(p + 1)}
              rowsPerPage={pageSize === 'all' ? -1 : pageSize}
              rowsPerPageOptions={PAGE_SIZES.map((size) =>
                size === 'all' ? { label: t('staff.documents.all'), value: -1 } : size,
              )}
              onRowsPerPageChange={(e) => {
                const v = Number(e.target.value);
                setPageSize(v === -1 ? 'all' : v);
                setPage(1);
              }}
              labelRowsPerPage={t('staff.documents.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) =>
                t('staff.documents.displayedRows', { from, to, count })
              }
              getItemAriaLabel={(type) => t(`staff.documents.pageButton.${type}`)}
            />
          </Paper>
          {editing ? (
            <AccountEditDialog account={editing} list={list.data} onClose={() => setEditing(null)} />
          ) : null}
          <DeleteDialog
            open={deleting}
            ids={selected}
            onClose={() => setDeleting(false)}
            onDeleted={() => setSelected([])}
          />
        </>
      ) : null}
    </Stack>
  );
}

function AccountRow({
  account: a,
  list,
  self,
  selected,
  onSelect,
  onEdit,
}: {
  account: Account;
  list: AccountList;
  self: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = `${a.last_name} ${a.first_name}`;
  return (
    <TableRow selected={selected}>
      <TableCell padding="checkbox">
        <Checkbox
          checked={selected}
          disabled={self}
          onChange={(e) => onSelect(e.target.checked)}
          slotProps={{
            input: {
              'aria-label': self
                ? t('staff.accounts.selfNotDeletable', { name })
                : t('staff.accounts.select', { name }),
            },
          }}
        />
      </TableCell>
      <TableCell>
        {name}
        <Typography variant="body2" component="span" sx={{ display: 'block' }}>
          {a.last_name_kana} {a.first_name_kana}
        </Typography>
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{a.email}</TableCell>
      <TableCell>{list.permissions.find((p) => p.id === a.permission_id)?.name ?? a.permission_id}</TableCell>
      <TableCell>
        {a.department_ids.map((id) => list.departments.find((d) => d.id === id)?.name ?? id).join('、')}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {a.last_login_at ? formatDateTime(a.last_login_at, language) : t('staff.accounts.never')}
      </TableCell>
      <TableCell>
        <Button size="small" onClick={onEdit} aria-label={t('staff.accounts.editNamed', { name })}>
          {t('staff.accounts.edit')}
        </Button>
      </TableCell>
    </TableRow>
  );
}

function DeleteDialog({
  open,
  ids,
  onClose,
  onDeleted,
}: {
  open: boolean;
  ids: string[];
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const notify = useSnackbar();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useApiMutation('staff.accounts.delete');
  const confirm = () => {
    setFailure(null);
    remove.mutate(
      { query: { target_user_ids: ids.join(',') } },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: ['staff.accounts.list'] });
          notify(t('staff.accounts.deleted', { count: ids.length }), 'success');
          onDeleted();
          onClose();
        },
        onError: (error) => setFailure(errorText(t, error, { conflict: t('staff.accounts.conflict') })),
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="delete-accounts-title">
      <DialogTitle id="delete-accounts-title">{t('staff.accounts.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('staff.accounts.deleteConfirm', { count: ids.length })}</DialogContentText>
        <FailureAlert failure={failure} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('staff.common.cancel')}</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={remove.isPending}>
          {t('staff.accounts.deleteSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
