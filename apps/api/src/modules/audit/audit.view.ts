import {
  AUDIT_DETAIL_KEYS,
  type AuditDetailItem,
  type AuditTarget,
  type AuditTargetKind,
} from '@portal/contracts';

/** A stored audit entry, as the list reads it. */
export interface AuditRowView {
  actorKind: string;
  actorId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: Record<string, unknown> | null;
}

/** What the entries of one page refer to by id or code, to be named in one lookup (audit.repository). */
export interface AuditReferences {
  staff: string[];
  documents: string[];
  applications: string[];
  jobs: string[];
  invitations: string[];
  departments: number[];
  procedures: string[];
  groups: number[];
  items: string[];
  /** Attachment slots by their item code. */
  attachments: string[];
  municipalities: string[];
}

/** A job as the log names it: what it does, its name, and the days an export covers. */
export interface JobName {
  kind: string;
  name: string | null;
  from: string | null;
  to: string | null;
}

/** The names of those references; an id missing from a map is gone (deleted) or unknown. */
export interface AuditNames {
  staff: Map<string, string>;
  documents: Map<string, string>;
  /** An application's documents' reference numbers (none before it is sent) and its group's name. */
  applications: Map<string, { references: string | null; group: string }>;
  jobs: Map<string, JobName>;
  invitations: Map<string, string>;
  departments: Map<number, string>;
  procedures: Map<string, string>;
  groups: Map<number, string>;
  items: Map<string, string>;
  /** An attachment slot's name (the procedure's, e.g. 出生証明書) by its item code. */
  attachments: Map<string, string>;
  municipalities: Map<string, string>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
const integers = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];

/** The ids and codes a page of entries names (actors, targets, and references inside details). */
export function referencesOf(rows: readonly AuditRowView[]): AuditReferences {
  const sets = {
    staff: new Set<string>(),
    documents: new Set<string>(),
    applications: new Set<string>(),
    jobs: new Set<string>(),
    invitations: new Set<string>(),
    departments: new Set<number>(),
    procedures: new Set<string>(),
    groups: new Set<number>(),
    items: new Set<string>(),
    attachments: new Set<string>(),
    municipalities: new Set<string>(),
  };
  for (const r of rows) {
    if (r.actorKind === 'staff' && isUuid(r.actorId)) sets.staff.add(r.actorId);
    const target = r.targetId;
    if (target !== null) {
      if (r.targetType === 'staff_account' && isUuid(target)) sets.staff.add(target);
      if (r.targetType === 'document' && isUuid(target)) sets.documents.add(target);
      if (r.targetType === 'application' && isUuid(target)) sets.applications.add(target);
      if (r.targetType === 'job' && isUuid(target)) sets.jobs.add(target);
      if (r.targetType === 'invitation' && isUuid(target)) sets.invitations.add(target);
      if (r.targetType === 'municipality') sets.municipalities.add(target);
    }
    const d = r.detail ?? {};
    for (const id of integers(d.department_ids)) sets.departments.add(id);
    const changed = (d.changes ?? null) as { departmentIds?: { from?: unknown; to?: unknown } } | null;
    if (changed && !Array.isArray(changed) && changed.departmentIds) {
      for (const id of [...integers(changed.departmentIds.from), ...integers(changed.departmentIds.to)])
        sets.departments.add(id);
    }
    for (const code of strings(d.procedure_codes)) sets.procedures.add(code);
    if (typeof d.procedure_code === 'string') sets.procedures.add(d.procedure_code);
    if (Number.isInteger(d.procedure_group_id)) sets.groups.add(d.procedure_group_id as number);
    for (const code of strings(d.codes)) sets.items.add(code);
    if (typeof d.standard_item_code === 'string') sets.attachments.add(d.standard_item_code);
  }
  return {
    staff: [...sets.staff],
    documents: [...sets.documents],
    applications: [...sets.applications],
    jobs: [...sets.jobs],
    invitations: [...sets.invitations],
    departments: [...sets.departments],
    procedures: [...sets.procedures],
    groups: [...sets.groups],
    items: [...sets.items],
    attachments: [...sets.attachments],
    municipalities: [...sets.municipalities],
  };
}

/**
 * The actor's name: a staff member's, a core system's key as it was named when it acted (decision 0057),
 * else null (the screen words the actor's kind).
 */
export const actorNameOf = (r: AuditRowView, names: AuditNames): string | null => {
  if (r.actorKind === 'staff' && r.actorId) return names.staff.get(r.actorId) ?? null;
  if (r.actorKind === 'system' && r.actorId) return text(r.detail?.name) ?? null;
  return null;
};

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** What an entry is about, named as staff know it (never its id); null when the act has none. */
export function targetOf(r: AuditRowView, names: AuditNames): AuditTarget | null {
  const id = r.targetId;
  const d = r.detail ?? {};
  const target = (kind: AuditTargetKind, name: string | null): AuditTarget => ({ kind, name, period: null });
  switch (r.targetType) {
    case null:
      return null;
    case 'document':
      return target('document', id ? (names.documents.get(id) ?? null) : null);
    case 'application': {
      const found = id ? names.applications.get(id) : undefined;
      if (found && found.references === null) return target('draft_application', found.group);
      return target('application', found?.references ?? null);
    }
    case 'staff_account':
      // A deleted account keeps its name in the entry that deleted it.
      return target('staff_account', (id ? names.staff.get(id) : undefined) ?? text(d.name) ?? text(d.email));
    case 'invitation':
      return target('invitation', (id ? names.invitations.get(id) : undefined) ?? text(d.email));
    case 'job': {
      const job = id ? names.jobs.get(id) : undefined;
      const kind: AuditTargetKind =
        job?.kind === 'export' || r.action.startsWith('export.')
          ? 'export'
          : job?.kind === 'documents_delete' || r.action.startsWith('documents.delete.')
            ? 'documents_delete'
            : 'job';
      const references = strings(d.reference_numbers);
      const name = job?.name ?? (references.length > 0 ? references.join('、') : null);
      return {
        kind,
        name,
        period: job?.from && job.to ? { from: job.from, to: job.to } : null,
      };
    }
    case 'municipality':
      return target('municipality', (id ? names.municipalities.get(id) : undefined) ?? text(d.name));
    case 'operator':
      return target('operator', text(d.name));
    case 'system_key':
      return target('system_key', text(d.name));
    default:
      return target('job', null);
  }
}

/** Names of the references that still exist, in the order stored (gone ones are left out). */
function named<K>(keys: readonly K[], map: ReadonlyMap<K, string>): string[] {
  return keys.flatMap((k) => {
    const name = map.get(k);
    return name === undefined ? [] : [name];
  });
}

const count = (v: unknown): number | null =>
  Array.isArray(v) ? v.length : typeof v === 'number' && Number.isFinite(v) ? v : null;

/** Facts in the vocabulary's order (a stored detail's key order is the database's, not the writer's). */
const ORDER = new Map(AUDIT_DETAIL_KEYS.map((key, i) => [key, i]));

/** An account change's field (as account.update stores it) as the screen's key. */
const ACCOUNT_FIELDS = {
  lastName: 'last_name',
  firstName: 'first_name',
  lastNameKana: 'last_name_kana',
  firstNameKana: 'first_name_kana',
  permission: 'permission',
} as const;

/**
 * An entry's detail in words: each stored fact that staff read, by its screen key, with references
 * resolved to names. Ids (job, attachment, invitation, document ids) and the recording tool are left out,
 * as are the facts of a typed document change (`change` carries those).
 */
export function detailItemsOf(r: AuditRowView, names: AuditNames, hasChange: boolean): AuditDetailItem[] {
  const d = r.detail;
  if (!d || hasChange) return [];
  const items: AuditDetailItem[] = [];
  const add = (item: AuditDetailItem) => items.push(item);
  for (const [key, value] of Object.entries(d)) {
    switch (key) {
      case 'procedure_group_id': {
        const name = Number.isInteger(value) ? names.groups.get(value as number) : undefined;
        if (name) add({ key: 'procedure_group', value: name });
        break;
      }
      case 'procedure_codes':
        add({ key: 'procedures', value: named(strings(value), names.procedures) });
        break;
      case 'document_count':
        if (typeof value === 'number') add({ key: 'document_count', value });
        break;
      case 'start_date':
        if (typeof value === 'string' && typeof d.end_date === 'string')
          add({ key: 'period', from: value, value: d.end_date });
        break;
      case 'encoding':
        if (typeof value === 'string') add({ key: 'encoding', value });
        break;
      case 'format':
        if (typeof value === 'string') add({ key: 'file_format', value });
        break;
      case 'is_valid':
        if (typeof value === 'boolean') add({ key: 'signature_valid', value });
        break;
      case 'is_additional':
        if (typeof value === 'boolean') add({ key: 'additional_copy', value });
        break;
      case 'reference_numbers':
        add({ key: 'reference_numbers', value: strings(value) });
        break;
      case 'report_name':
        if (typeof value === 'string') add({ key: 'report', value });
        break;
      case 'delay_seconds':
        if (typeof value === 'number') add({ key: 'delay_seconds', value });
        break;
      case 'already_gone': {
        const n = count(value);
        if (n) add({ key: 'already_deleted', value: n });
        break;
      }
      case 'applications_removed': {
        const n = count(value);
        if (n !== null) add({ key: 'applications_removed', value: n });
        break;
      }
      case 'email':
      case 'login_id':
      case 'comment':
        if (typeof value === 'string') add({ key, value });
        break;
      case 'name':
        if (typeof value === 'string') add({ key: 'name', value });
        break;
      case 'reason':
        if (typeof value === 'string') add({ key: 'sign_in_failure', value });
        break;
      case 'permission':
        if (typeof value === 'string') add({ key: 'permission', value });
        break;
      case 'department_ids':
        add({ key: 'departments', value: named(integers(value), names.departments) });
        break;
      case 'departments':
        // A municipality made by the accounts command: its departments as {code, name}.
        add({
          key: 'departments',
          value: Array.isArray(value)
            ? value.flatMap((x) => (typeof (x as { name?: unknown })?.name === 'string' ? [x.name] : []))
            : [],
        });
        break;
      case 'codes':
        add({ key: 'items', value: named(strings(value), names.items) });
        break;
      case 'standard_item_code': {
        const name = typeof value === 'string' ? names.attachments.get(value) : undefined;
        if (name) add({ key: 'attachment', value: name });
        break;
      }
      case 'sessions_ended':
        if (typeof value === 'boolean') add({ key: 'sessions_ended', value });
        break;
      case 'rating':
        if (typeof value === 'number') add({ key: 'rating', value });
        break;
      case 'direction':
        if (typeof value === 'string') add({ key: 'handoff_direction', value });
        break;
      case 'changes':
        items.push(...accountChanges(value, names));
        break;
      case 'procedure_code': {
        const name = typeof value === 'string' ? names.procedures.get(value) : undefined;
        add({ key: 'procedures', value: name ? [name] : typeof value === 'string' ? [value] : [] });
        break;
      }
      case 'retention_years':
        if (typeof value === 'number') add({ key: 'retention_years', value });
        break;
      case 'retention_source':
      case 'legal_hold_reason':
        if (typeof value === 'string') add({ key, value });
        break;
      case 'finished_at':
        if (typeof value === 'string') add({ key: 'finished_at', value });
        break;
      default:
        // Ids and internal facts (job_id, attachment_id, invitation_id, document_ids, via, ...).
        break;
    }
  }
  return items.sort((a, b) => ORDER.get(a.key)! - ORDER.get(b.key)!);
}

/** account.update's `changes` ({field: {from, to}}) as one item per changed field. */
function accountChanges(value: unknown, names: AuditNames): AuditDetailItem[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const out: AuditDetailItem[] = [];
  for (const [field, change] of Object.entries(value as Record<string, { from?: unknown; to?: unknown }>)) {
    if (!change || typeof change !== 'object') continue;
    if (field === 'departmentIds') {
      out.push({
        key: 'departments',
        from: named(integers(change.from), names.departments),
        value: named(integers(change.to), names.departments),
      });
      continue;
    }
    if (!Object.hasOwn(ACCOUNT_FIELDS, field)) continue;
    const key = ACCOUNT_FIELDS[field as keyof typeof ACCOUNT_FIELDS];
    out.push({ key, from: text(change.from), value: text(change.to) });
  }
  return out;
}
