import { and, asc, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DocumentListQuery } from '@portal/contracts';
import { japanDayStart, nextDay } from '@portal/rules';
import type { z } from 'zod';
import { documents, workflowDetails } from '../../db/schema/index.js';

/** Most rows one list answer carries: `page_size=all` is capped here. */
export const MAX_LIST_ROWS = 1000;

/** Which departments a staff member sees: null is every department of the municipality. */
export interface DocumentScope {
  municipalityId: number;
  departmentIds: number[] | null;
  /** Who asks: the staff member the `assigned_to_me` filter means. */
  staffId?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Hiragana to katakana, so ふりがな typed either way finds the kana name. */
const toKatakana = (s: string) =>
  s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/** Spaces (half width and the full-width U+3000) removed, so 山田太郎 finds 山田 太郎. */
const compactColumn = (column: SQL | typeof documents.applicantName) =>
  sql`replace(replace(${column}, ' ', ''), chr(12288), '')`;

/**
 * The `text` filter: digits and hyphens are a reference number prefix (an indexed LIKE 'prefix%');
 * anything else is contained in the applicant's name or kana name (widths unified, spaces ignored,
 * hiragana matches katakana). Null when nothing is left to search for.
 */
export function textCondition(text: string): SQL | null {
  const compact = text.normalize('NFKC').replace(/\s+/gu, '');
  if (compact === '') return null;
  if (/^\d[\d-]*$/.test(compact)) return like(documents.referenceNumber, `${escapeLike(compact)}%`);
  return or(
    sql`${compactColumn(documents.applicantName)} ilike ${`%${escapeLike(compact)}%`}`,
    sql`${compactColumn(sql`coalesce(${documents.applicantNameKana}, '')`)} ilike ${`%${escapeLike(toKatakana(compact))}%`}`,
  )!;
}

/**
 * The WHERE of a staff document list: scope first (in SQL), then the filters. `procedureIds` are the ids
 * the `procedure_code` filter names (undefined without that filter); `today` is the start of the current
 * Japan day, which the `overdue` filter needs.
 */
export function listConditions(
  scope: DocumentScope,
  query: Pick<
    z.output<typeof DocumentListQuery>,
    'status' | 'department_id' | 'received_from' | 'received_to' | 'text' | 'overdue' | 'assigned_to_me'
  >,
  procedureIds?: number[],
  today?: Date,
): SQL {
  const conditions: SQL[] = [eq(documents.municipalityId, scope.municipalityId)];
  if (scope.departmentIds !== null) {
    conditions.push(
      scope.departmentIds.length > 0 ? inArray(documents.departmentId, scope.departmentIds) : sql`false`,
    );
  }
  if (query.status) conditions.push(eq(documents.status, query.status));
  if (procedureIds !== undefined)
    conditions.push(procedureIds.length > 0 ? inArray(documents.procedureId, procedureIds) : sql`false`);
  if (query.department_id !== undefined) conditions.push(eq(documents.departmentId, query.department_id));
  if (query.received_from) conditions.push(gte(documents.receivedAt, japanDayStart(query.received_from)));
  if (query.received_to) conditions.push(lt(documents.receivedAt, japanDayStart(nextDay(query.received_to))));
  if (query.overdue) {
    if (!today) throw new Error('the overdue filter needs the start of today');
    conditions.push(overdueCondition(today));
  }
  if (query.assigned_to_me) {
    if (!scope.staffId) throw new Error('the assigned_to_me filter needs the staff member asking');
    conditions.push(assignedTo(scope.staffId));
  }
  const text = query.text ? textCondition(query.text) : null;
  if (text) conditions.push(text);
  return and(...conditions)!;
}

const open = sql`in ('approved', 'skipped')`;
/**
 * The document's current workflow step (its first open one) is assigned to this staff member: an open
 * step of theirs with no open step before it. Answered by the partial index workflow_details_open_assignee.
 */
export const assignedTo = (staffId: string): SQL => sql`exists (
  select 1 from ${workflowDetails} as w
  where w.user_id = ${staffId}::uuid and w.document_id = ${documents.id} and w.status not ${open}
    and not exists (select 1 from ${workflowDetails} as e
      where e.document_id = w.document_id and e.sequence < w.sequence and e.status not ${open}))`;

/**
 * Past the deadline day: its start is before today's. `due_at` is null unless staff have the move
 * (decision 0019), so remanded and settled documents never match (and the index answers alone).
 */
export const overdueCondition = (today: Date): SQL => lt(documents.dueAt, today);

/**
 * ORDER BY of a sort key; received order breaks ties by id so pages never overlap. The deadline sorts
 * read an index in either direction: no deadline is the farthest one (last ascending, first descending).
 */
export function listOrder(sort: z.output<typeof DocumentListQuery>['sort']): SQL[] {
  switch (sort) {
    case 'received_at':
      return [asc(documents.receivedAt), asc(documents.id)];
    case '-received_at':
      return [desc(documents.receivedAt), desc(documents.id)];
    case 'reference_number':
      return [asc(documents.referenceNumber)];
    case '-reference_number':
      return [desc(documents.referenceNumber)];
    case 'due_at':
      return [asc(documents.dueAt), asc(documents.id)];
    case '-due_at':
      return [desc(documents.dueAt), desc(documents.id)];
  }
}

/** LIMIT and OFFSET of a page; `all` is the first MAX_LIST_ROWS rows. */
export function pageWindow(page: number, pageSize: number | 'all'): { limit: number; offset: number } {
  if (pageSize === 'all') return { limit: MAX_LIST_ROWS, offset: 0 };
  return { limit: pageSize, offset: (page - 1) * pageSize };
}
