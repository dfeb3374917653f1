// The audit log's schemas, built on its vocabulary (audit-acts.ts).
import { z } from 'zod';
import { AUDIT_DETAIL_KEYS, AUDIT_TARGET_KINDS } from './audit-acts.js';
import { IsoDate } from './common.js';

export const AuditTargetKind = z.enum(AUDIT_TARGET_KINDS);
export type AuditTargetKind = z.infer<typeof AuditTargetKind>;
export const AuditDetailKey = z.enum(AUDIT_DETAIL_KEYS);
export type AuditDetailKey = z.infer<typeof AuditDetailKey>;

const AuditValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

/** One fact of an entry: `value`, and `from` when the entry changed it (from -> value). */
export const AuditDetailItem = z.object({
  key: AuditDetailKey,
  value: AuditValue,
  from: AuditValue.optional(),
});
export type AuditDetailItem = z.infer<typeof AuditDetailItem>;

/** What an entry is about, named as staff know it; null when the act has no target. */
export const AuditTarget = z.object({
  kind: AuditTargetKind,
  /**
   * Its name: a document's reference number, a staff member's name, an export's procedure group, the
   * reference numbers of a deletion, an invitation's address; null when it is gone or has none.
   */
  name: z.string().nullable(),
  /** The days an export covers (Japan's calendar); null for other targets. */
  period: z.object({ from: IsoDate, to: IsoDate }).nullable(),
});
export type AuditTarget = z.infer<typeof AuditTarget>;
