import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { ProcedureGroupConfiguration } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import * as t from '../../db/schema/index.js';
import { PUBLISH_LOCK } from '../configuration/procedure-group.repository.js';
import { idTables, type IdKind } from './configuration-ids.js';

/** Serializes id allocation for drafts (with PUBLISH_LOCK per group for the group's rows). */
const ID_LOCK = 7290004;

/** A database or a transaction on it. */
export type Exec = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface LiveVersion {
  version: number;
  at: Date;
  by: string | null;
}

async function rows(exec: Exec, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await exec.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** What the master tool reads and writes about versions and reflections in one environment's database. */
export function createReflectionRepository(exec: Exec) {
  return {
    /** Holds, until the transaction ends, the lock that serializes id allocation for drafts. */
    async lockIds() {
      await exec.execute(sql`select pg_advisory_xact_lock(${ID_LOCK})`);
    },
    /** Holds, until the transaction ends, the lock on one group's rows (publishing takes it too). */
    async lockGroup(groupId: number) {
      await exec.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK}, ${groupId})`);
    },
    async municipalities() {
      return exec
        .select({ id: t.municipalities.id, code: t.municipalities.code, name: t.municipalities.name })
        .from(t.municipalities)
        .orderBy(asc(t.municipalities.code));
    },
    async municipality(code: string) {
      const found = await exec
        .select({ id: t.municipalities.id, code: t.municipalities.code, name: t.municipalities.name })
        .from(t.municipalities)
        .where(eq(t.municipalities.code, code));
      return found[0] ?? null;
    },
    async departments(municipalityId: number) {
      return exec
        .select({ id: t.departments.id, code: t.departments.code, name: t.departments.name })
        .from(t.departments)
        .where(eq(t.departments.municipalityId, municipalityId))
        .orderBy(asc(t.departments.id));
    },
    async standardItems() {
      return exec.select().from(t.standardItems).orderBy(asc(t.standardItems.code));
    },
    /** Procedure groups of a municipality (the reflection managers of this environment). */
    async groups(municipalityId: number) {
      return exec
        .select({
          id: t.procedureGroups.id,
          name: t.procedureGroups.name,
          sequence: t.procedureGroups.sequence,
          updatedAt: t.procedureGroups.updatedAt,
        })
        .from(t.procedureGroups)
        .where(eq(t.procedureGroups.municipalityId, municipalityId))
        .orderBy(asc(t.procedureGroups.sequence), asc(t.procedureGroups.id));
    },
    async group(municipalityId: number, groupId: number) {
      const found = await exec
        .select({
          id: t.procedureGroups.id,
          name: t.procedureGroups.name,
          sequence: t.procedureGroups.sequence,
          updatedAt: t.procedureGroups.updatedAt,
        })
        .from(t.procedureGroups)
        .where(and(eq(t.procedureGroups.id, groupId), eq(t.procedureGroups.municipalityId, municipalityId)));
      return found[0] ?? null;
    },
    /** Numbered versions, newest first. */
    async versions(groupId: number) {
      return exec
        .select({
          version: t.configurationVersions.version,
          publishedAt: t.configurationVersions.publishedAt,
          publishedBy: t.configurationVersions.publishedBy,
        })
        .from(t.configurationVersions)
        .where(eq(t.configurationVersions.procedureGroupId, groupId))
        .orderBy(desc(t.configurationVersions.version));
    },
    async version(
      groupId: number,
      version: number,
    ): Promise<{ municipalityId: number; snapshot: ProcedureGroupConfiguration } | null> {
      const found = await exec
        .select({
          municipalityId: t.configurationVersions.municipalityId,
          snapshot: t.configurationVersions.snapshot,
        })
        .from(t.configurationVersions)
        .where(
          and(
            eq(t.configurationVersions.procedureGroupId, groupId),
            eq(t.configurationVersions.version, version),
          ),
        );
      return found[0] ?? null;
    },
    async maxVersion(groupId: number): Promise<number> {
      const found = await exec
        .select({ max: sql<number>`coalesce(max(${t.configurationVersions.version}), 0)::int` })
        .from(t.configurationVersions)
        .where(eq(t.configurationVersions.procedureGroupId, groupId));
      return Number(found[0]?.max ?? 0);
    },
    /** Reflections, newest first. */
    async reflections(groupId: number) {
      return exec
        .select({
          version: t.configurationReflections.version,
          reflectedAt: t.configurationReflections.reflectedAt,
          reflectedBy: t.configurationReflections.reflectedBy,
        })
        .from(t.configurationReflections)
        .where(eq(t.configurationReflections.procedureGroupId, groupId))
        .orderBy(desc(t.configurationReflections.id));
    },
    /**
     * The version this environment serves (as the applicant area decides it): its latest reflection, or
     * its newest version when none was recorded; null when it has no version.
     */
    async live(groupId: number): Promise<LiveVersion | null> {
      const latest = await exec
        .select({
          version: t.configurationReflections.version,
          at: t.configurationReflections.reflectedAt,
          by: t.configurationReflections.reflectedBy,
        })
        .from(t.configurationReflections)
        .where(eq(t.configurationReflections.procedureGroupId, groupId))
        .orderBy(desc(t.configurationReflections.id))
        .limit(1);
      if (latest[0]) return latest[0];
      const newest = await exec
        .select({
          version: t.configurationVersions.version,
          at: t.configurationVersions.publishedAt,
          by: t.configurationVersions.publishedBy,
        })
        .from(t.configurationVersions)
        .where(eq(t.configurationVersions.procedureGroupId, groupId))
        .orderBy(desc(t.configurationVersions.version))
        .limit(1);
      return newest[0] ?? null;
    },
    async insertVersion(row: {
      municipalityId: number;
      groupId: number;
      version: number;
      snapshot: ProcedureGroupConfiguration;
      publishedBy: string | null;
      at: Date;
    }) {
      await exec.insert(t.configurationVersions).values({
        municipalityId: row.municipalityId,
        procedureGroupId: row.groupId,
        version: row.version,
        snapshot: row.snapshot,
        publishedBy: row.publishedBy,
        publishedAt: row.at,
      });
    },
    async insertReflection(row: {
      municipalityId: number;
      groupId: number;
      version: number;
      reflectedBy: string | null;
      at: Date;
    }) {
      await exec.insert(t.configurationReflections).values({
        municipalityId: row.municipalityId,
        procedureGroupId: row.groupId,
        version: row.version,
        reflectedBy: row.reflectedBy,
        reflectedAt: row.at,
      });
    },
    /** Which of `ids` rows of `kind` already exist and belong to a procedure group other than `groupId`. */
    async takenIds(kind: IdKind, ids: readonly number[], groupId: number): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const { table, group } = idTables[kind];
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const found = await rows(
        exec,
        sql`select x.id as id from ${sql.raw(table)} x
          where x.id in (${list}) and ${sql.raw(group)} is distinct from ${groupId}`,
      );
      return new Set(found.map((r) => Number(r.id)));
    },
    async groupExists(groupId: number): Promise<boolean> {
      const found = await exec
        .select({ id: t.procedureGroups.id })
        .from(t.procedureGroups)
        .where(eq(t.procedureGroups.id, groupId));
      return found.length > 0;
    },
    async maxId(kind: IdKind): Promise<number> {
      const found = await rows(
        exec,
        sql`select coalesce(max(id), 0)::int as max from ${sql.raw(idTables[kind].table)}`,
      );
      return Number(found[0]?.max ?? 0);
    },
    /** Procedure codes a municipality uses (unique per municipality, whichever group has them). */
    async procedureCodes(municipalityId: number): Promise<string[]> {
      const found = await exec
        .select({ code: t.procedures.code })
        .from(t.procedures)
        .where(eq(t.procedures.municipalityId, municipalityId));
      return found.map((p) => p.code);
    },
    /** Procedure codes the municipality's other groups have, with the group's name. */
    async codesOfOtherGroups(municipalityId: number, groupId: number): Promise<Map<string, string>> {
      const found = await exec
        .select({ code: t.procedures.code, group: t.procedureGroups.name })
        .from(t.procedures)
        .innerJoin(t.procedureGroups, eq(t.procedureGroups.id, t.procedures.procedureGroupId))
        .where(
          and(eq(t.procedures.municipalityId, municipalityId), ne(t.procedures.procedureGroupId, groupId)),
        );
      return new Map(found.map((p) => [p.code, p.group]));
    },
    /** Fragment names standard items are shown under (reference data for the editor). */
    async fragmentNames(): Promise<Map<string, string>> {
      const found = await exec
        .selectDistinctOn([t.procedureFragments.standardItemCode], {
          code: t.procedureFragments.standardItemCode,
          name: t.procedureFragments.name,
        })
        .from(t.procedureFragments)
        .orderBy(asc(t.procedureFragments.standardItemCode), asc(t.procedureFragments.id));
      return new Map(found.map((f) => [f.code, f.name]));
    },
  };
}
export type ReflectionRepository = ReturnType<typeof createReflectionRepository>;
