// The audit log's filters in the address: actor, action, target and a date range, plus paging.
import { AUDIT_ACTS } from '@portal/contracts';
import { isoDateOrUndefined } from '../../lib/staff/document-filters';

export interface AuditFilters {
  actor_id?: string;
  action?: string;
  target_id?: string;
  from?: string;
  to?: string;
  page: number;
  page_size: 10 | 25 | 50 | 100;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIZES = [10, 25, 50, 100] as const;

export function parseAuditFilters(search: Record<string, unknown>): AuditFilters {
  const str = (v: unknown, max: number) => {
    const s = typeof v === 'number' ? String(v) : v;
    return typeof s === 'string' && s.trim() !== '' ? s.trim().slice(0, max) : undefined;
  };
  const page = Number(search.page);
  const size = SIZES.find((s) => s === Number(search.page_size)) ?? 25;
  const out: AuditFilters = { page: Number.isInteger(page) && page > 0 ? page : 1, page_size: size };
  const actor = str(search.actor_id, 36);
  if (actor && UUID.test(actor)) out.actor_id = actor;
  const action = str(search.action, 100);
  if (action) out.action = action;
  const target = str(search.target_id, 100);
  if (target) out.target_id = target;
  let from = isoDateOrUndefined(search.from);
  let to = isoDateOrUndefined(search.to);
  if (from && to && from > to) [from, to] = [to, from];
  if (from) out.from = from;
  if (to) out.to = to;
  return out;
}

export function auditFiltersToSearch(filters: AuditFilters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const key of ['actor_id', 'action', 'target_id', 'from', 'to'] as const) {
    const v = filters[key];
    if (v) out[key] = v;
  }
  if (filters.page > 1) out.page = filters.page;
  if (filters.page_size !== 25) out.page_size = filters.page_size;
  return out;
}

/** The acts the filter offers, in the vocabulary's order (words: staff.audit.actions, typed by AuditAct). */
export const AUDIT_ACTIONS: readonly string[] = AUDIT_ACTS;
