import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditAct } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { auditLog, documents } from '../../db/schema/index.js';
import type { AuditNames, AuditReferences } from './audit.view.js';

export interface AuditEntry {
  municipalityId: number | null;
  actorKind: 'staff' | 'operator' | 'applicant' | 'system';
  actorId: string | null;
  /** One act of the vocabulary (`AUDIT_ACTS` in the contracts), each worded on the staff screen. */
  action: AuditAct;
  targetType?: string | null;
  targetId?: string | null;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

export interface AuditFilter {
  municipalityId: number;
  actorId?: string;
  action?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

/** An entry as its audit_log row (also written inside other modules' transactions). */
export function auditRow(entry: AuditEntry) {
  return {
    municipalityId: entry.municipalityId,
    actorKind: entry.actorKind,
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  };
}

/** The append-only audit log: who did or read what, when. */
export function createAuditRepository(db: Db) {
  return {
    async record(entry: AuditEntry): Promise<void> {
      await db.insert(auditLog).values(auditRow(entry));
    },
    async list(filter: AuditFilter) {
      const conditions: SQL[] = [eq(auditLog.municipalityId, filter.municipalityId)];
      if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
      if (filter.action) conditions.push(eq(auditLog.action, filter.action));
      if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
      if (filter.from) conditions.push(gte(auditLog.at, filter.from));
      if (filter.to) conditions.push(lt(auditLog.at, filter.to));
      const where = and(...conditions);
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditLog)
          .where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },

    /** The id of the municipality's document with this reference number, or null. */
    async documentByReference(municipalityId: number, referenceNumber: string): Promise<string | null> {
      const rows = await db
        .select({ id: documents.id })
        .from(documents)
        .where(
          and(eq(documents.municipalityId, municipalityId), eq(documents.referenceNumber, referenceNumber)),
        );
      return rows[0]?.id ?? null;
    },

    /**
     * The names of everything a page of entries refers to, in one statement (one branch per kind of
     * reference, only for kinds the page has), scoped to the municipality; ids that are gone are absent.
     */
    async names(municipalityId: number, refs: AuditReferences): Promise<AuditNames> {
      const names: AuditNames = {
        staff: new Map(),
        documents: new Map(),
        applications: new Map(),
        jobs: new Map(),
        invitations: new Map(),
        departments: new Map(),
        procedures: new Map(),
        groups: new Map(),
        items: new Map(),
        attachments: new Map(),
        municipalities: new Map(),
      };
      // One array parameter per kind: a page of 10,000 entries stays far below the parameter limit.
      const uuids = (values: readonly string[]) => sql`any(${sql.param(values)}::uuid[])`;
      const texts = (values: readonly string[]) => sql`any(${sql.param(values)}::text[])`;
      const ints = (values: readonly number[]) => sql`any(${sql.param(values)}::int[])`;
      const m = municipalityId;
      const branches: SQL[] = [];
      const { staff, documents, applications, jobs, invitations, departments } = refs;
      if (staff.length > 0)
        branches.push(sql`select 'staff' as kind, s.id::text as key, s.last_name || ' ' || s.first_name as name,
          null::text as a, null::text as b, null::text as c
          from staff_accounts s where s.municipality_id = ${m} and s.id = ${uuids(staff)}`);
      if (documents.length > 0)
        branches.push(sql`select 'document', d.id::text, d.reference_number, null, null, null
          from documents d where d.municipality_id = ${m} and d.id = ${uuids(documents)}`);
      if (applications.length > 0)
        branches.push(sql`select 'application', a.id::text,
          (select string_agg(d.reference_number, '、' order by d.reference_number)
             from documents d where d.application_id = a.id), g.name, null, null
          from applications a join procedure_groups g on g.id = a.procedure_group_id
          where a.municipality_id = ${m} and a.id = ${uuids(applications)}`);
      if (jobs.length > 0)
        // An export is named by its procedure group; a deletion by its documents' reference numbers.
        branches.push(sql`select 'job', j.id::text,
          case j.kind
            when 'export' then j.params->>'groupName'
            when 'documents_delete' then coalesce(
              (select string_agg(r.v, '、' order by r.n)
                 from jsonb_array_elements_text(j.params->'referenceNumbers') with ordinality as r(v, n)),
              (select string_agg(d.reference_number, '、' order by d.reference_number) from documents d
                 where d.id in (select e.v::uuid from jsonb_array_elements_text(j.params->'documentIds') as e(v))))
          end,
          j.kind,
          case when j.kind = 'export' then j.params->>'startDate' end,
          case when j.kind = 'export' then j.params->>'endDate' end
          from jobs j where j.municipality_id = ${m} and j.id = ${uuids(jobs)}`);
      if (invitations.length > 0)
        branches.push(sql`select 'invitation', i.id::text, i.email, null, null, null
          from invitations i where i.municipality_id = ${m} and i.id = ${uuids(invitations)}`);
      if (departments.length > 0)
        branches.push(sql`select 'department', d.id::text, d.name, null, null, null
          from departments d where d.municipality_id = ${m} and d.id = ${ints(departments)}`);
      if (refs.procedures.length > 0)
        branches.push(sql`select 'procedure', p.code, p.name, null, null, null
          from procedures p where p.municipality_id = ${m} and p.code = ${texts(refs.procedures)}`);
      if (refs.groups.length > 0)
        branches.push(sql`select 'group', g.id::text, g.name, null, null, null
          from procedure_groups g where g.municipality_id = ${m} and g.id = ${ints(refs.groups)}`);
      if (refs.items.length > 0)
        branches.push(sql`select 'item', i.code, i.name, null, null, null
          from standard_items i where i.code = ${texts(refs.items)}`);
      if (refs.attachments.length > 0)
        // A slot's name is the procedure's (出生証明書); procedures sharing an item share its slot.
        branches.push(sql`select 'attachment', a.standard_item_code, min(a.name), null, null, null
          from procedure_attaches a join procedures p on p.id = a.procedure_id
          where p.municipality_id = ${m} and a.standard_item_code = ${texts(refs.attachments)}
          group by a.standard_item_code`);
      if (refs.municipalities.length > 0)
        branches.push(sql`select 'municipality', x.code, x.name, null, null, null
          from municipalities x where x.id = ${m} and x.code = ${texts(refs.municipalities)}`);
      if (branches.length === 0) return names;
      const result = (await db.execute(sql.join(branches, sql` union all `))) as unknown as {
        rows: {
          kind: string;
          key: string;
          name: string | null;
          a: string | null;
          b: string | null;
          c: string | null;
        }[];
      };
      for (const r of result.rows) {
        switch (r.kind) {
          case 'staff':
          case 'document':
          case 'invitation':
          case 'procedure':
          case 'item':
          case 'attachment':
          case 'municipality': {
            const map = {
              staff: names.staff,
              document: names.documents,
              invitation: names.invitations,
              procedure: names.procedures,
              item: names.items,
              attachment: names.attachments,
              municipality: names.municipalities,
            }[r.kind];
            if (r.name !== null) map.set(r.key, r.name);
            break;
          }
          case 'department':
            if (r.name !== null) names.departments.set(Number(r.key), r.name);
            break;
          case 'group':
            if (r.name !== null) names.groups.set(Number(r.key), r.name);
            break;
          case 'application':
            names.applications.set(r.key, { references: r.name, group: r.a ?? '' });
            break;
          case 'job':
            names.jobs.set(r.key, { kind: r.a ?? '', name: r.name, from: r.b, to: r.c });
            break;
        }
      }
      return names;
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
