import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import * as t from '../../db/schema/index.js';
import { insertGroup, syncSequences, upsertStandardItems } from './procedure-group.insert.js';
import type { Exec } from './procedure-group.rows.js';

/**
 * The named queries of a replacement (decision 0006), bound to its transaction: facts first, then the
 * rebuild. The service decides what is kept or refused; these only read and write.
 */
export function replacementQueries(tx: Exec) {
  return {
    /** The municipality owning the group, or null when it does not exist yet. */
    async ownerOf(groupId: number): Promise<number | null> {
      const rows = await tx
        .select({ municipalityId: t.procedureGroups.municipalityId })
        .from(t.procedureGroups)
        .where(eq(t.procedureGroups.id, groupId));
      return rows[0]?.municipalityId ?? null;
    },

    /** Ids the configuration names that belong to another procedure group. */
    async foreignIds(g: ProcedureGroupConfiguration) {
      const procedureIds = g.disclosure.procedures.map((p) => p.id);
      const templateIds = g.workflow_templates.map((w) => w.id);
      const procedures =
        procedureIds.length === 0
          ? []
          : await tx
              .select({ id: t.procedures.id })
              .from(t.procedures)
              .where(and(inArray(t.procedures.id, procedureIds), ne(t.procedures.procedureGroupId, g.id)));
      const templates =
        templateIds.length === 0
          ? []
          : await tx
              .select({ id: t.workflowTemplates.id })
              .from(t.workflowTemplates)
              .where(
                and(
                  inArray(t.workflowTemplates.id, templateIds),
                  ne(t.workflowTemplates.procedureGroupId, g.id),
                ),
              );
      return { procedures: procedures.map((r) => r.id), templates: templates.map((r) => r.id) };
    },

    /** The group's procedures as the tables hold them now. */
    proceduresOf: (groupId: number): Promise<{ id: number; code: string }[]> =>
      tx
        .select({ id: t.procedures.id, code: t.procedures.code })
        .from(t.procedures)
        .where(eq(t.procedures.procedureGroupId, groupId)),

    /** Those of the procedures that documents refer to. */
    async documentedProcedureIds(procedureIds: number[]): Promise<number[]> {
      if (procedureIds.length === 0) return [];
      const rows = await tx
        .selectDistinct({ id: t.documents.procedureId })
        .from(t.documents)
        .where(inArray(t.documents.procedureId, procedureIds));
      return rows.map((r) => r.id);
    },

    /** Procedures offered by the versions that applications in the given statuses started with. */
    async procedureIdsOfVersionsIn(groupId: number, statuses: readonly string[]): Promise<number[]> {
      const open = await tx
        .selectDistinct({ version: t.applications.configurationVersion })
        .from(t.applications)
        .where(
          and(eq(t.applications.procedureGroupId, groupId), inArray(t.applications.status, [...statuses])),
        );
      const versions =
        open.length === 0
          ? []
          : await tx
              .select({ snapshot: t.configurationVersions.snapshot })
              .from(t.configurationVersions)
              .where(
                and(
                  eq(t.configurationVersions.procedureGroupId, groupId),
                  inArray(
                    t.configurationVersions.version,
                    open.map((o) => o.version),
                  ),
                ),
              );
      return versions.flatMap((v) => v.snapshot.disclosure.procedures.map((p) => p.id));
    },

    /**
     * Makes the tables hold `g`: the group, its procedures and workflow templates upserted by id; its
     * disclosure, concierge set and the fragments, attaches and reports of `rebuilt` procedures
     * rebuilt; `removed` procedures deleted, and templates no procedure names any more.
     */
    async rebuild(
      municipalityId: number,
      g: ProcedureGroupConfiguration,
      procedures: { rebuilt: number[]; removed: number[] },
    ): Promise<void> {
      const { rebuilt, removed } = procedures;
      const templateIds = g.workflow_templates.map((w) => w.id);
      await tx.delete(t.conciergeSets).where(eq(t.conciergeSets.procedureGroupId, g.id));
      await tx.delete(t.procedureDisclosures).where(eq(t.procedureDisclosures.procedureGroupId, g.id));
      if (rebuilt.length > 0) {
        await tx.delete(t.procedureFragments).where(inArray(t.procedureFragments.procedureId, rebuilt));
        await tx.delete(t.procedureAttaches).where(inArray(t.procedureAttaches.procedureId, rebuilt));
        await tx.delete(t.reportTemplates).where(inArray(t.reportTemplates.procedureId, rebuilt));
      }
      if (removed.length > 0) await tx.delete(t.procedures).where(inArray(t.procedures.id, removed));
      await upsertStandardItems(tx, g.standard_items);
      await insertGroup(tx, municipalityId, g, true);
      // Templates the configuration dropped go too, unless a kept procedure still names one.
      await tx
        .delete(t.workflowTemplates)
        .where(
          and(
            eq(t.workflowTemplates.procedureGroupId, g.id),
            templateIds.length > 0 ? notInArray(t.workflowTemplates.id, templateIds) : undefined,
            sql`not exists (select 1 from procedures p where p.workflow_template_id = ${t.workflowTemplates.id})`,
          ),
        );
      await syncSequences(tx);
    },
  };
}

/** The named queries of one replacement, inside its transaction. */
export type ReplacementQueries = ReturnType<typeof replacementQueries>;

/** Runs a replacement's named queries in one transaction (a savepoint when made on one). */
export const runReplacement = <T>(db: Db, work: (q: ReplacementQueries) => Promise<T>): Promise<T> =>
  db.transaction((tx) => work(replacementQueries(tx)));
