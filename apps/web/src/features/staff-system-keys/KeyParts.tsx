// Small pieces of a key as the list and the detail show them: its procedures by name (code as caption)
// and its state in words.
import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NameAndCode } from '../../lib/layout/NameAndCode';
import type { CatalogProcedure } from '../../lib/staff/staff-context';
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
