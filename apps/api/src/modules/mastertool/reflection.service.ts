import {
  ProcedureGroupConfiguration as ConfigurationSchema,
  type ProcedureGroupConfiguration,
  type ReflectionDiff,
  type ReflectionHistory,
  type ReflectionManager,
} from '@portal/contracts';
import { publicationErrors } from '@portal/rules';
import type { Database } from '../../db/client.js';
import { AppError, conflict, notFound, validationFailed } from '../../http/errors.js';
import { createProcedureGroupRepository } from '../configuration/procedure-group.repository.js';
import { replaceProcedureGroup } from '../configuration/procedure-group.service.js';
import { configurationProblems, fieldPath } from './configuration-check.js';
import { diffConfiguration, sameConfiguration } from './configuration-diff.js';
import { collectIds, idKinds, renumber, type IdKind } from './configuration-ids.js';
import { createReflectionRepository, type Exec, type LiveVersion } from './reflection.repository.js';

/** The environment an app instance serves: `/api` is production, `/stg-api` staging (decision 0006). */
export type EnvironmentName = 'production' | 'staging';

/** Both environments' databases: the master tool of either prefix reads both. */
export interface EnvironmentDatabases {
  production: Database;
  staging: Database;
}

type Municipality = { id: number; code: string; name: string };

/** The SQLSTATE of a database error, wherever the driver put it. */
function sqlState(error: unknown): { code?: string; detail?: string } {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const detail = (e as { detail?: unknown }).detail;
      return { code, detail: typeof detail === 'string' ? detail : (e as Error).message };
    }
  }
  return {};
}

/** Runs a write; a uniqueness or reference violation (ids, names, codes) becomes 409 and nothing is kept. */
async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const { code, detail } = sqlState(err);
    if (code === '23505' || code === '23503')
      throw conflict(`the configuration collides with existing data: ${detail ?? 'constraint violated'}`);
    throw err;
  }
}

const lockGroup = (tx: Exec, groupId: number) => createReflectionRepository(tx).lockGroup(groupId);

/** A procedure code names one procedure of a municipality: one another group has is refused at its field. */
async function refuseCodesOfOtherGroups(tx: Exec, municipalityId: number, g: ProcedureGroupConfiguration) {
  const others = await createReflectionRepository(tx).codesOfOtherGroups(municipalityId, g.id);
  const problems = g.disclosure.procedures.flatMap((p, i) => {
    const owner = others.get(p.code);
    return owner === undefined
      ? []
      : [
          {
            field: `procedure_group.disclosure.procedures.${i}.code`,
            message: `procedure code "${p.code}" is already used by procedure group "${owner}" of this municipality`,
          },
        ];
  });
  if (problems.length > 0) throw validationFailed(problems);
}

/**
 * Refuses (409) a draft the pre-reflection check finds errors in (decision 0047), one error per problem
 * with its field, in the one error body; warnings do not block.
 */
function refuseUnpublishable(g: ProcedureGroupConfiguration) {
  const errors = publicationErrors(g);
  if (errors.length === 0) return;
  throw new AppError(
    'conflict',
    `the draft does not pass the pre-reflection check (${errors.length} error${errors.length === 1 ? '' : 's'})`,
    undefined,
    errors.map((p) => ({
      code: 'conflict' as const,
      message: `pre-reflection check: ${p.message}`,
      field: fieldPath(`procedure_group.${p.path}`),
    })),
  );
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * The master tool over both environments (decision 0006): drafts live in staging's normalized tables;
 * reflecting on staging publishes the draft as the next numbered version; reflecting on production copies
 * a version staging has. `environment` is the one this app instance serves (its prefix).
 */
export function createReflectionService(deps: {
  environment: EnvironmentName;
  databases: EnvironmentDatabases;
  clock: () => Date;
}) {
  const stagingDb = deps.databases.staging.db;
  const productionDb = deps.databases.production.db;
  const staging = createReflectionRepository(stagingDb);
  const production = createReflectionRepository(productionDb);
  const stagingGroups = createProcedureGroupRepository(stagingDb);

  async function stagingMunicipality(code: string): Promise<Municipality> {
    const found = await staging.municipality(code);
    if (!found) throw notFound(`municipality ${code} in staging`);
    return found;
  }

  async function both(code: string) {
    const [s, p] = await Promise.all([staging.municipality(code), production.municipality(code)]);
    return { s, p };
  }

  async function snapshotOf(repo: typeof staging, groupId: number, live: LiveVersion | null) {
    return live ? ((await repo.version(groupId, live.version))?.snapshot ?? null) : null;
  }

  /** Where each environment stands for one procedure group; null when neither has it. */
  async function managerState(
    groupId: number,
    s: Municipality | null,
    p: Municipality | null,
  ): Promise<ReflectionManager | null> {
    const [sGroup, pGroup] = await Promise.all([
      s ? staging.group(s.id, groupId) : null,
      p ? production.group(p.id, groupId) : null,
    ]);
    const row = sGroup ?? pGroup;
    if (!row) return null;
    const [stagingLive, productLive, draft] = await Promise.all([
      sGroup ? staging.live(groupId) : null,
      pGroup ? production.live(groupId) : null,
      sGroup ? stagingGroups.read(groupId) : null,
    ]);
    const stagingSnapshot = await snapshotOf(staging, groupId, stagingLive);
    const draftIsLive =
      draft !== null && stagingSnapshot !== null && sameConfiguration(draft, stagingSnapshot);
    const draftUsable =
      draft !== null && configurationProblems(draft).length === 0 && publicationErrors(draft).length === 0;
    const productIsCurrent = stagingLive !== null && productLive?.version === stagingLive.version;
    return {
      id: row.id,
      name: row.name,
      sequence: row.sequence,
      staging: {
        version: stagingLive?.version ?? null,
        last_reflection_at: iso(stagingLive?.at),
        is_reflected: draftIsLive,
        can_reflect: draftUsable && !draftIsLive,
      },
      product: {
        version: productLive?.version ?? null,
        last_reflection_at: iso(productLive?.at),
        is_reflected: productIsCurrent,
        can_reflect: stagingLive !== null && !productIsCurrent,
      },
    };
  }

  async function manager(code: string, groupId: number): Promise<ReflectionManager> {
    const { s, p } = await both(code);
    const state = await managerState(groupId, s, p);
    if (!state) throw notFound(`reflection manager ${groupId}`);
    return state;
  }

  /** A staging version of this municipality's group, or 409 naming the versions staging has. */
  async function stagingVersion(groupId: number, version: number, s: Municipality, forProduction = true) {
    const found = await staging.version(groupId, version);
    if (found && found.municipalityId === s.id) return found;
    const have = (await staging.versions(groupId)).map((v) => v.version).sort((a, b) => a - b);
    throw new AppError(
      'conflict',
      `staging has no version ${version} of procedure group ${groupId}` +
        (have.length > 0 ? ` (staging has ${have.join(', ')})` : ' (staging has none yet)') +
        (forProduction ? '; production accepts only a version staging has' : ''),
      'version',
    );
  }

  /**
   * Gives every id the configuration shares with another procedure group (in either environment) a
   * fresh one past the largest in use, rewriting the references; a new group gets a fresh id too when
   * its id exists. Run inside the staging transaction holding the id lock.
   */
  async function claimIds(
    tx: Exec,
    g: ProcedureGroupConfiguration,
    existing: boolean,
  ): Promise<ProcedureGroupConfiguration> {
    const here = createReflectionRepository(tx);
    const ids = collectIds(g);
    const map: Partial<Record<IdKind, Map<number, number>>> = {};
    let groupId = g.id;
    if (!existing && ((await here.groupExists(g.id)) || (await production.groupExists(g.id)))) {
      groupId = Math.max(await here.maxId('group'), await production.maxId('group')) + 1;
      map.group = new Map([[g.id, groupId]]);
    }
    for (const kind of idKinds) {
      if (kind === 'group') continue;
      const list = [...new Set(ids[kind])];
      const taken = new Set([
        ...(await here.takenIds(kind, list, groupId)),
        ...(await production.takenIds(kind, list, groupId)),
      ]);
      if (taken.size === 0) continue;
      let next = Math.max(await here.maxId(kind), await production.maxId(kind), ...list) + 1;
      map[kind] = new Map([...taken].sort((a, b) => a - b).map((id) => [id, next++]));
    }
    return renumber(g, map);
  }

  function refuseProblems(g: ProcedureGroupConfiguration) {
    const problems = configurationProblems(g);
    if (problems.length > 0) throw validationFailed(problems);
  }

  async function draft(code: string, groupId: number) {
    const s = await stagingMunicipality(code);
    const row = await staging.group(s.id, groupId);
    if (!row) throw notFound(`reflection manager ${groupId}`);
    const config = await stagingGroups.read(groupId);
    if (!config) throw notFound(`reflection manager ${groupId}`);
    return {
      reflection_manager_id: groupId,
      procedure_group: config,
      updated_at: new Date(row.updatedAt).toISOString(),
    };
  }

  async function reflectStaging(
    code: string,
    groupId: number,
    requested: number | undefined,
    by: string | null,
  ) {
    const s = await stagingMunicipality(code);
    if (!(await staging.group(s.id, groupId))) throw notFound(`reflection manager ${groupId}`);
    if (requested !== undefined) {
      // Rollback (or forward) to a version staging has: one reflection row, the draft is left as it is.
      await stagingVersion(groupId, requested, s, false);
      await guarded(() =>
        stagingDb.transaction(async (tx) => {
          await lockGroup(tx, groupId);
          const repo = createReflectionRepository(tx);
          if ((await repo.live(groupId))?.version === requested) return;
          await repo.insertReflection({
            municipalityId: s.id,
            groupId,
            version: requested,
            reflectedBy: by,
            at: deps.clock(),
          });
        }),
      );
      return;
    }
    // Numbers continue past what production has, so a number always means one snapshot in both.
    const productionMax = await production.maxVersion(groupId);
    await guarded(() =>
      stagingDb.transaction(async (tx) => {
        await lockGroup(tx, groupId);
        const groups = createProcedureGroupRepository(tx);
        const repo = createReflectionRepository(tx);
        const current = await groups.read(groupId);
        if (!current) throw notFound(`reflection manager ${groupId}`);
        refuseProblems(current);
        refuseUnpublishable(current);
        const live = await repo.live(groupId);
        const liveSnapshot = await snapshotOf(repo, groupId, live);
        // Already live: reflecting again changes nothing (a double click publishes one version).
        if (liveSnapshot && sameConfiguration(liveSnapshot, current)) return;
        await groups.publish(s.id, groupId, by ?? 'operator', {
          minVersion: productionMax + 1,
          at: deps.clock(),
        });
      }),
    );
  }

  async function reflectProduction(
    code: string,
    groupId: number,
    requested: number | undefined,
    by: string | null,
  ) {
    const { s, p } = await both(code);
    if (!p) throw notFound(`municipality ${code}`);
    if (!s || !(await staging.group(s.id, groupId))) {
      throw new AppError(
        'conflict',
        `staging has no procedure group ${groupId} of municipality ${code}; production accepts only a version staging has`,
        'version',
      );
    }
    let version = requested;
    if (version === undefined) {
      const live = await staging.live(groupId);
      if (!live) {
        throw new AppError(
          'conflict',
          `staging has no version of procedure group ${groupId} yet: reflect the draft to staging first`,
          'version',
        );
      }
      version = live.version;
    }
    const source = await stagingVersion(groupId, version, s);
    const parsed = ConfigurationSchema.safeParse(source.snapshot);
    if (!parsed.success || configurationProblems(parsed.data).length > 0) {
      throw conflict(`version ${version} of staging is not a usable configuration`);
    }
    const target = version;
    // One transaction: the normalized tables, the version and the reflection, or nothing at all.
    await guarded(() =>
      productionDb.transaction(async (tx) => {
        await lockGroup(tx, groupId);
        const repo = createReflectionRepository(tx);
        if ((await repo.live(groupId))?.version === target) return;
        const existing = await repo.version(groupId, target);
        if (existing && !sameConfiguration(existing.snapshot, source.snapshot)) {
          throw conflict(
            `production already has a different version ${target} of procedure group ${groupId}; reflect a newer staging version`,
          );
        }
        await replaceProcedureGroup(createProcedureGroupRepository(tx), p.id, parsed.data, 'keep');
        const at = deps.clock();
        if (!existing) {
          const published = (await staging.versions(groupId)).find((v) => v.version === target);
          await repo.insertVersion({
            municipalityId: p.id,
            groupId,
            version: target,
            snapshot: source.snapshot,
            publishedBy: published?.publishedBy ?? by,
            at,
          });
        }
        await repo.insertReflection({ municipalityId: p.id, groupId, version: target, reflectedBy: by, at });
      }),
    );
  }

  return {
    environment: deps.environment,

    async municipalities() {
      const repo = deps.environment === 'staging' ? staging : production;
      return { municipalities: await repo.municipalities() };
    },

    async list(code: string) {
      const { s, p } = await both(code);
      const [sGroups, pGroups] = await Promise.all([
        s ? staging.groups(s.id) : [],
        p ? production.groups(p.id) : [],
      ]);
      const ids = [...new Set([...sGroups, ...pGroups].map((g) => g.id))];
      const states = (await Promise.all(ids.map((id) => managerState(id, s, p)))).filter(
        (m): m is ReflectionManager => m !== null,
      );
      states.sort((a, b) => a.sequence - b.sequence || a.id - b.id);
      return { view_count: states.length, reflection_managers: states };
    },

    manager,
    draft,

    /** Creates a procedure group in staging's normalized tables (a draft; nothing is live yet). */
    async createDraft(code: string, input: ProcedureGroupConfiguration) {
      refuseProblems(input);
      const s = await stagingMunicipality(code);
      const id = await guarded(() =>
        stagingDb.transaction(async (tx) => {
          await createReflectionRepository(tx).lockIds();
          const config = await claimIds(tx, input, false);
          await lockGroup(tx, config.id);
          const groups = createProcedureGroupRepository(tx);
          await groups.create(s.id, config);
          refuseProblems((await groups.read(config.id))!);
          return config.id;
        }),
      );
      return draft(code, id);
    },

    /**
     * Saves the whole draft: checked (shape by the route, references here) before anything is written,
     * then staging's normalized tables are made to hold it, in one transaction.
     */
    async saveDraft(code: string, groupId: number, input: ProcedureGroupConfiguration) {
      if (input.id !== groupId) {
        throw validationFailed([
          {
            field: 'procedure_group.id',
            message: `must be the reflection manager's procedure group ${groupId}`,
          },
        ]);
      }
      refuseProblems(input);
      const s = await stagingMunicipality(code);
      await guarded(() =>
        stagingDb.transaction(async (tx) => {
          await createReflectionRepository(tx).lockIds();
          await lockGroup(tx, groupId);
          if (!(await createReflectionRepository(tx).group(s.id, groupId)))
            throw notFound(`reflection manager ${groupId}`);
          await refuseCodesOfOtherGroups(tx, s.id, input);
          const config = await claimIds(tx, input, true);
          const groups = createProcedureGroupRepository(tx);
          await replaceProcedureGroup(groups, s.id, config, 'refuse');
          // What the tables hold must pass the same checks (else nothing is kept).
          refuseProblems((await groups.read(groupId))!);
        }),
      );
      return draft(code, groupId);
    },

    /** Reflects to this app's environment; answers the manager's new state. */
    async reflect(code: string, groupId: number, version: number | undefined, by: string | null) {
      if (deps.environment === 'staging') await reflectStaging(code, groupId, version, by);
      else await reflectProduction(code, groupId, version, by);
      return manager(code, groupId);
    },

    async history(code: string, groupId: number): Promise<ReflectionHistory> {
      const { s, p } = await both(code);
      const [sGroup, pGroup] = await Promise.all([
        s ? staging.group(s.id, groupId) : null,
        p ? production.group(p.id, groupId) : null,
      ]);
      if (!sGroup && !pGroup) throw notFound(`reflection manager ${groupId}`);
      const [versions, stagingReflections, productReflections] = await Promise.all([
        sGroup ? staging.versions(groupId) : [],
        sGroup ? staging.reflections(groupId) : [],
        pGroup ? production.reflections(groupId) : [],
      ]);
      const entry = (r: { version: number; reflectedAt: Date; reflectedBy: string | null }) => ({
        version: r.version,
        reflected_at: new Date(r.reflectedAt).toISOString(),
        reflected_by: r.reflectedBy,
      });
      return {
        reflection_manager_id: groupId,
        versions: versions.map((v) => ({
          version: v.version,
          published_at: new Date(v.publishedAt).toISOString(),
          published_by: v.publishedBy,
        })),
        staging: stagingReflections.map(entry),
        product: productReflections.map(entry),
      };
    },

    /**
     * What reflecting would change in this environment. Staging: the draft (or staging version
     * `version`) against staging's live version. Production: staging's live version (or `version`)
     * against production's live version.
     */
    async diff(code: string, groupId: number, version: number | undefined): Promise<ReflectionDiff> {
      const { s, p } = await both(code);
      if (!s || !(await staging.group(s.id, groupId))) throw notFound(`reflection manager ${groupId}`);
      let compared: ProcedureGroupConfiguration;
      let comparedVersion: number | null = version ?? null;
      if (version !== undefined)
        compared = (await stagingVersion(groupId, version, s, deps.environment === 'production')).snapshot;
      else if (deps.environment === 'staging') compared = (await stagingGroups.read(groupId))!;
      else {
        const live = await staging.live(groupId);
        if (!live) {
          throw conflict(
            `staging has no version of procedure group ${groupId} yet: reflect the draft to staging first`,
          );
        }
        comparedVersion = live.version;
        compared = (await stagingVersion(groupId, live.version, s)).snapshot;
      }
      const repo = deps.environment === 'staging' ? staging : production;
      const here = deps.environment === 'staging' ? s : p;
      const owned = here ? await repo.group(here.id, groupId) : null;
      const live = owned ? await repo.live(groupId) : null;
      const liveSnapshot = await snapshotOf(repo, groupId, live);
      return {
        reflection_manager_id: groupId,
        environment: deps.environment === 'staging' ? 'staging' : 'product',
        live_version: live?.version ?? null,
        compared: {
          draft: deps.environment === 'staging' && version === undefined,
          version: comparedVersion,
        },
        changes: diffConfiguration(liveSnapshot ?? {}, compared),
      };
    },

    /** Staging's configurations (where drafts live), for the editor's catalogs. */
    staging: { repository: staging, groups: stagingGroups, municipality: stagingMunicipality },
  };
}
export type ReflectionService = ReturnType<typeof createReflectionService>;
