import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { japanDate, japanDayStart } from '@portal/rules';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import { scopeOf } from './document-loading.js';
import type { DocumentServiceDeps } from './document-service-deps.js';
import { summaryView } from './documents.view.js';

export async function listDocuments(
  deps: DocumentServiceDeps,
  staff: StaffIdentity,
  query: z.output<typeof C.DocumentListQuery>,
): Promise<z.input<typeof C.DocumentList>> {
  const procedureIds = query.procedure_code
    ? await deps.documents.procedureIdsByCode(staff.municipalityId, query.procedure_code)
    : undefined;
  const today = japanDayStart(japanDate(deps.clock()));
  const { rows, total } = await deps.documents.list(scopeOf(staff), query, procedureIds, today);
  return {
    documents: rows.map(summaryView),
    page: { page: query.page_size === 'all' ? 1 : query.page, page_size: query.page_size, total },
  };
}
