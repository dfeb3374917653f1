// The documents table's filters, sorting and paging as they live in the address (search params): read
// leniently (a hand-edited or outdated address never breaks the screen: bad values are dropped), written
// minimally (defaults are left out, so the address stays short and shareable).
import { documentStates, type DocumentStatus } from '@portal/contracts';

export const PAGE_SIZES = [10, 25, 50, 100, 'all'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const SORTS = [
  '-received_at',
  'received_at',
  '-reference_number',
  'reference_number',
  'due_at',
  '-due_at',
] as const;
export type DocumentSortValue = (typeof SORTS)[number];

export interface DocumentFilters {
  status?: DocumentStatus;
  procedure_code?: string;
  department_id?: number;
  received_from?: string;
  received_to?: string;
  text?: string;
  /** Only documents past their deadline day (decision 0019). */
  overdue?: true;
  /** Only documents whose current workflow step is assigned to the signed-in staff member (「自分の担当」). */
  assigned_to_me?: true;
  sort: DocumentSortValue;
  page: number;
  page_size: PageSize;
}

export const DEFAULT_FILTERS: DocumentFilters = { sort: '-received_at', page: 1, page_size: 10 };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD, or undefined. */
export function isoDateOrUndefined(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
    ? text
    : undefined;
}

const positiveInt = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n < 2 ** 31 ? n : undefined;
};

const text = (value: unknown, max: number): string | undefined => {
  const s = typeof value === 'number' ? String(value) : value;
  if (typeof s !== 'string') return undefined;
  const trimmed = s.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, max);
};

/** Reads the search params of the documents address (values may arrive as numbers or text). */
export function parseDocumentFilters(search: Record<string, unknown>): DocumentFilters {
  const status = documentStates.states.find((s) => s === search.status);
  const sort = SORTS.find((s) => s === search.sort) ?? DEFAULT_FILTERS.sort;
  const size = search.page_size === 'all' ? 'all' : positiveInt(search.page_size);
  const page_size = PAGE_SIZES.find((s) => s === size) ?? DEFAULT_FILTERS.page_size;
  let received_from = isoDateOrUndefined(search.received_from);
  let received_to = isoDateOrUndefined(search.received_to);
  // A reversed range is read as the range the person meant.
  if (received_from && received_to && received_from > received_to)
    [received_from, received_to] = [received_to, received_from];
  const procedure = text(search.procedure_code, 64);
  const filters: DocumentFilters = {
    sort,
    page: page_size === 'all' ? 1 : (positiveInt(search.page) ?? 1),
    page_size,
  };
  if (status) filters.status = status;
  if (procedure && /^[a-z0-9_]+$/.test(procedure)) filters.procedure_code = procedure;
  const department = positiveInt(search.department_id);
  if (department) filters.department_id = department;
  if (received_from) filters.received_from = received_from;
  if (received_to) filters.received_to = received_to;
  const words = text(search.text, 100);
  if (words) filters.text = words;
  // The router reads `overdue=true` as a boolean; a hand-typed address may hold the text.
  if (search.overdue === true || search.overdue === 'true') filters.overdue = true;
  if (search.assigned_to_me === true || search.assigned_to_me === 'true') filters.assigned_to_me = true;
  return filters;
}

/** The search params to write: only what differs from the defaults. */
export function documentFiltersToSearch(filters: DocumentFilters): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  if (filters.status) out.status = filters.status;
  if (filters.procedure_code) out.procedure_code = filters.procedure_code;
  if (filters.department_id) out.department_id = filters.department_id;
  if (filters.received_from) out.received_from = filters.received_from;
  if (filters.received_to) out.received_to = filters.received_to;
  if (filters.text) out.text = filters.text;
  if (filters.overdue) out.overdue = true;
  if (filters.assigned_to_me) out.assigned_to_me = true;
  if (filters.sort !== DEFAULT_FILTERS.sort) out.sort = filters.sort;
  if (filters.page > 1) out.page = filters.page;
  if (filters.page_size !== DEFAULT_FILTERS.page_size) out.page_size = filters.page_size;
  return out;
}

/** The query of `staff.documents.list` for these filters. */
export function documentListQuery(filters: DocumentFilters) {
  return { ...documentFiltersToSearch(filters), page: filters.page, page_size: filters.page_size };
}

/** A change of filters starts again at page 1; a change of page keeps the rest. */
export function withFilters(current: DocumentFilters, change: Partial<DocumentFilters>): DocumentFilters {
  const next = { ...current, ...change };
  for (const key of Object.keys(change) as (keyof DocumentFilters)[]) {
    if (change[key] === undefined && key !== 'page') delete next[key];
  }
  if (!('page' in change)) next.page = 1;
  return parseDocumentFilters(next as unknown as Record<string, unknown>);
}

/** The number of pages for a total (at least 1). */
export function pageCount(total: number, pageSize: PageSize): number {
  if (pageSize === 'all') return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Whether any filter narrows the list (sorting and paging do not). */
export function hasFilters(filters: DocumentFilters): boolean {
  return Boolean(
    filters.status ||
    filters.procedure_code ||
    filters.department_id ||
    filters.received_from ||
    filters.received_to ||
    filters.text ||
    filters.overdue ||
    filters.assigned_to_me,
  );
}
