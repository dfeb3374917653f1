import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  funnelCounts,
  funnelProcedureCounts,
  municipalities,
  procedureGroups,
  procedures,
} from '../../db/schema/index.js';
import { PROCEDURE_FUNNEL_STEPS } from '@portal/contracts';

const PROCEDURE_STEPS: readonly string[] = PROCEDURE_FUNNEL_STEPS;

/** A step's count in one published version of a group. */
export interface FunnelCount {
  configurationVersion: number;
  step: string;
  reached: number;
}

export function createFunnelRepository(db: Db) {
  return {
    /**
     * Marks an application's first reach of `steps` and adds one to each newly marked step's count, in one
     * statement: the mark's primary key makes a second process's (or a repeated call's) reach count nothing.
     */
    async reach(applicationId: string, steps: readonly string[]): Promise<void> {
      if (steps.length === 0) return;
      await db.execute(sql`with marked as (
          insert into funnel_marks (application_id, step)
          select ${applicationId}::uuid, s from unnest(${sql.param([...steps])}::text[]) as s
          on conflict do nothing returning application_id, step),
        counted as (
        insert into funnel_counts (municipality_id, procedure_group_id, configuration_version, step, reached)
        select a.municipality_id, a.procedure_group_id, a.configuration_version, m.step, 1
        from marked m join applications a on a.id = m.application_id
        on conflict (municipality_id, procedure_group_id, configuration_version, step)
        do update set reached = funnel_counts.reached + excluded.reached
        returning 1),
        -- The same newly marked steps once per procedure the application has chosen (decision 0053, addendum).
        by_procedure as (
        insert into funnel_procedure_counts (municipality_id, procedure_id, configuration_version, step, reached)
        select a.municipality_id, p.id, a.configuration_version, m.step, 1
        from marked m join applications a on a.id = m.application_id
        join procedures p on p.municipality_id = a.municipality_id
          and a.procedure_ids @> to_jsonb(p.id)
        where m.step = any(${sql.param([...PROCEDURE_STEPS])}::text[])
        on conflict (municipality_id, procedure_id, configuration_version, step)
        do update set reached = funnel_procedure_counts.reached + excluded.reached
        returning 1)
        select (select count(*) from counted) + (select count(*) from by_procedure) as added`);
    },
    /** A municipality's id by its code (the operator's database may number municipalities its own way). */
    async municipalityIdOf(code: string): Promise<number | null> {
      const [row] = await db
        .select({ id: municipalities.id })
        .from(municipalities)
        .where(eq(municipalities.code, code))
        .limit(1);
      return row?.id ?? null;
    },
    /** A group's counts in a municipality, every published version that has any. */
    async countsOf(municipalityId: number, procedureGroupId: number): Promise<FunnelCount[]> {
      return db
        .select({
          configurationVersion: funnelCounts.configurationVersion,
          step: funnelCounts.step,
          reached: funnelCounts.reached,
        })
        .from(funnelCounts)
        .where(
          and(
            eq(funnelCounts.municipalityId, municipalityId),
            eq(funnelCounts.procedureGroupId, procedureGroupId),
          ),
        )
        .orderBy(asc(funnelCounts.configurationVersion), asc(funnelCounts.step));
    },
    /**
     * A municipality's procedures (in the group's, then the procedure's order) with their counts summed over
     * the published versions; a procedure no resident chose yet has no counts.
     */
    async procedureCountsOf(municipalityId: number) {
      const list = await db
        .select({
          id: procedures.id,
          code: procedures.code,
          name: procedures.name,
          en: procedures.en,
          groupId: procedureGroups.id,
          groupName: procedureGroups.name,
          groupEn: procedureGroups.en,
        })
        .from(procedures)
        .innerJoin(procedureGroups, eq(procedureGroups.id, procedures.procedureGroupId))
        .where(eq(procedures.municipalityId, municipalityId))
        .orderBy(
          asc(procedureGroups.sequence),
          asc(procedureGroups.id),
          asc(procedures.sequence),
          asc(procedures.id),
        );
      const counts = await db
        .select({
          procedureId: funnelProcedureCounts.procedureId,
          step: funnelProcedureCounts.step,
          reached: sql<number>`sum(${funnelProcedureCounts.reached})::int`,
        })
        .from(funnelProcedureCounts)
        .where(eq(funnelProcedureCounts.municipalityId, municipalityId))
        .groupBy(funnelProcedureCounts.procedureId, funnelProcedureCounts.step);
      return { procedures: list, counts };
    },
  };
}
export type FunnelRepository = ReturnType<typeof createFunnelRepository>;
