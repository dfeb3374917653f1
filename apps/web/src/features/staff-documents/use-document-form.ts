// The form a document was made with (its configuration version, not today's): its items name the
// answers and the history's changes.
import type { StandardItem } from '@portal/contracts';
import { useMemo } from 'react';
import { useApiQuery } from '../../lib/api';
import { useProcedureCatalog } from '../../lib/staff/staff-context';
import type { DocumentDetail } from './DocumentDetailScreen';

export function useDocumentForm(doc: DocumentDetail) {
  const catalog = useProcedureCatalog();
  const procedure = catalog.procedures.find((p) => p.code === doc.procedure_code);
  const form = useApiQuery(
    'applicant.form.get',
    {
      query: {
        procedure_group_id: procedure?.groupId ?? 0,
        procedure_ids: String(procedure?.id ?? 0),
        version: doc.configuration_version,
      },
    },
    { enabled: procedure !== undefined, staleTime: 300_000 },
  );
  const items = useMemo(() => {
    const byCode = new Map<string, StandardItem>();
    for (const fragment of form.data?.fragments ?? [])
      for (const item of fragment.items) byCode.set(item.code, item);
    return byCode;
  }, [form.data]);
  return { form, items, isPending: catalog.isPending || (procedure !== undefined && form.isPending) };
}
