import type { z } from 'zod';
import type * as C from '@portal/contracts';
import { documentStates } from '@portal/contracts';
import { japanDate, japanDayStart } from '@portal/rules';
import type { StaffIdentity } from '../accounts/accounts.repository.js';
import { scopeOf } from './document-loading.js';
import type { DocumentServiceDeps } from './document-service-deps.js';

/** Dashboard counts within the staff member's scope; "today" is the current day in Japan (overdue too). */
export async function documentOverview(
  deps: DocumentServiceDeps,
  staff: StaffIdentity,
): Promise<z.input<typeof C.MunicipalityOverview>> {
  const { byStatus, receivedToday, overdue } = await deps.documents.overview(
    scopeOf(staff),
    japanDayStart(japanDate(deps.clock())),
  );
  return {
    counts: documentStates.states.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
    received_today: receivedToday,
    remanded_waiting: byStatus.get('remanded') ?? 0,
    overdue_by_department: overdue.map((o) => ({ department_id: o.departmentId, count: o.count })),
  };
}
