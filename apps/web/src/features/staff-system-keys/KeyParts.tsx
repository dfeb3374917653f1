// Small pieces of a key as the list and the detail show them: its procedures by name (code as caption)
// and its state in words.
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '../../lib/layout/feedback';
import { NameAndCode } from '../../lib/layout/NameAndCode';
import { isForbidden, type CatalogProcedure } from '../../lib/staff/staff-context';
import { keyState } from './key-form';

export function ProcedureNames({
  codes,
  catalog,
}: {
  codes: readonly string[];
  catalog: readonly CatalogProcedure[];
}) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: '1.1em' }}>
      {codes.map((code) => (
        // A procedure no longer published keeps its code as its name.
        <li key={code}>
          <NameAndCode name={catalog.find((p) => p.code === code)?.name ?? code} code={code} />
        </li>
      ))}
    </ul>
  );
}

export function StateChip({ keyView }: { keyView: { revoked_at: string | null; expires_at: string } }) {
  const { t } = useTranslation();
  const state = keyState(keyView, new Date());
  return (
    <Chip
      size="small"
      variant={state === 'active' ? 'filled' : 'outlined'}
      color={state === 'active' ? 'success' : 'default'}
      label={t(`systemKeys.states.${state}`)}
    />
  );
}

export const accessText = (t: TFunction, access: 'read' | 'read_update') =>
  t(`systemKeys.accessValues.${access}`);

/** What both key screens show instead of (or before) the key list: not allowed, loading, or its error. */
export function KeyListStatus({
  allowed,
  list,
}: {
  allowed: boolean;
  list: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  if (!allowed) return <Alert severity="warning">{t('systemKeys.notAllowed')}</Alert>;
  if (list.isPending) return <Loading />;
  if (!list.isError) return null;
  return (
    <LoadError
      title={isForbidden(list.error) ? t('systemKeys.notAllowed') : t('systemKeys.loadError')}
      error={list.error}
      onRetry={() => void list.refetch()}
    />
  );
}
