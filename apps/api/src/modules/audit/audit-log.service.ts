import type { AuditLogList } from '@portal/contracts';
import { japanDayStart, nextDay } from '@portal/rules';
import type { z } from 'zod';
import { documentChange } from '../documents/documents.view.js';
import type { AuditRepository } from './audit.repository.js';
import { actorNameOf, detailItemsOf, referencesOf, targetOf } from './audit.view.js';

/** `page_size=all` of the audit log returns at most this many entries. */
export const AUDIT_ALL_LIMIT = 10_000;

/** A reference number as staff type it (2026-000004): the target filter finds the document by it. */
const REFERENCE_NUMBER = /^\d{4}-\d{6}$/;

export interface AuditLogQuery {
  page: number;
  page_size: number | 'all';
  actor_id?: string | undefined;
  action?: string | undefined;
  target_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The audit log view (administrators): a page of entries newest first, dates as Japan's calendar days
 * (`to` included), each entry's actor, target and detail named in words. The page's references are
 * named in one statement after the page is read, whatever its size (no statement per entry).
 */
export async function auditLogPage(
  audit: AuditRepository,
  municipalityId: number,
  query: AuditLogQuery,
): Promise<z.input<typeof AuditLogList>> {
  const limit = query.page_size === 'all' ? AUDIT_ALL_LIMIT : query.page_size;
  const offset = query.page_size === 'all' ? 0 : (query.page - 1) * query.page_size;
  // A reference number in the target filter means its document (the id when there is none).
  const target =
    query.target_id && REFERENCE_NUMBER.test(query.target_id)
      ? ((await audit.documentByReference(municipalityId, query.target_id)) ?? query.target_id)
      : query.target_id;
  const { rows, total } = await audit.list({
    municipalityId,
    ...(query.actor_id ? { actorId: query.actor_id } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(target ? { targetId: target } : {}),
    ...(query.from ? { from: japanDayStart(query.from) } : {}),
    ...(query.to ? { to: japanDayStart(nextDay(query.to)) } : {}),
    limit,
    offset,
  });
  const names = await audit.names(municipalityId, referencesOf(rows));
  return {
    entries: rows.map((r) => {
      const change = documentChange(r.action, r.detail);
      const named = targetOf(r, names);
      return {
        id: r.id,
        at: r.at.toISOString(),
        actor_kind: r.actorKind,
        actor_id: r.actorId,
        actor_name: actorNameOf(r, names),
        action: r.action,
        target_type: r.targetType,
        target_id: r.targetId,
        target_label: named?.name ?? null,
        target: named,
        detail: r.detail,
        detail_items: detailItemsOf(r, names, change !== null),
        change,
      };
    }),
    page: { page: query.page_size === 'all' ? 1 : query.page, page_size: query.page_size, total },
  };
}
