import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { configurationReflections, configurationVersions, termsOfService } from '../../db/schema/index.js';

export function createConfigurationRepository(db: Db) {
  return {
    /**
     * The live version of each group of a municipality (no snapshots: cheap): the version of its latest
     * reflection (decision 0006: a rollback reflects an older one), or its newest version when it was
     * never reflected (versions published before reflections were recorded).
     */
    async liveVersions(municipalityId: number): Promise<{ groupId: number; version: number }[]> {
      return db
        .select({
          groupId: configurationVersions.procedureGroupId,
          // The outer column named with its table: a select from one table names its columns bare, and
          // a bare name here would be the reflection's own (every group then took the newest reflection).
          version: sql<number>`coalesce((select r.version from ${configurationReflections} r
            where r.procedure_group_id = ${configurationVersions}.procedure_group_id
            order by r.id desc limit 1), max(${configurationVersions.version}))::int`,
        })
        .from(configurationVersions)
        .where(eq(configurationVersions.municipalityId, municipalityId))
        .groupBy(configurationVersions.procedureGroupId);
    },
    async version(procedureGroupId: number, version: number) {
      const rows = await db
        .select({
          municipalityId: configurationVersions.municipalityId,
          snapshot: configurationVersions.snapshot,
        })
        .from(configurationVersions)
        .where(
          and(
            eq(configurationVersions.procedureGroupId, procedureGroupId),
            eq(configurationVersions.version, version),
          ),
        )
        .limit(1);
      return rows[0] ?? null;
    },
    async nextVersion(procedureGroupId: number): Promise<number> {
      const rows = await db
        .select({ max: sql<number>`coalesce(max(${configurationVersions.version}), 0)::int` })
        .from(configurationVersions)
        .where(eq(configurationVersions.procedureGroupId, procedureGroupId));
      return (rows[0]?.max ?? 0) + 1;
    },
    async terms(municipalityId: number, device: string) {
      const rows = await db
        .select()
        .from(termsOfService)
        .where(and(eq(termsOfService.municipalityId, municipalityId), eq(termsOfService.device, device)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type ConfigurationRepository = ReturnType<typeof createConfigurationRepository>;
