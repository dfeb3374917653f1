import type { ReflectionManager } from '@portal/contracts';
import { publicationErrors } from '@portal/rules';
import { notFound } from '../../http/errors.js';
import { configurationProblems } from './configuration-check.js';
import { sameConfiguration } from './configuration-diff.js';
import type { ReflectionDeps } from './reflection-deps.js';
import { bothMunicipalities, snapshotOf, type Municipality } from './reflection-state.js';

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The municipalities of this app's environment. */
export async function listMunicipalities(deps: ReflectionDeps) {
  const repo = deps.environment === 'staging' ? deps.staging : deps.production;
  return { municipalities: await repo.municipalities() };
}

/** Where each environment stands for one procedure group; null when neither has it. */
export async function managerState(
  deps: ReflectionDeps,
  groupId: number,
  s: Municipality | null,
  p: Municipality | null,
): Promise<ReflectionManager | null> {
  const { staging, production, stagingGroups } = deps;
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
  const draftIsLive = draft !== null && stagingSnapshot !== null && sameConfiguration(draft, stagingSnapshot);
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

/** One procedure group's reflection manager, or 404 when neither environment has the group. */
export async function reflectionManager(
  deps: ReflectionDeps,
  code: string,
  groupId: number,
): Promise<ReflectionManager> {
  const { s, p } = await bothMunicipalities(deps, code);
  const state = await managerState(deps, groupId, s, p);
  if (!state) throw notFound(`reflection manager ${groupId}`);
  return state;
}

/** The reflection managers of every group either environment has, in the groups' order. */
export async function listReflectionManagers(deps: ReflectionDeps, code: string) {
  const { s, p } = await bothMunicipalities(deps, code);
  const [sGroups, pGroups] = await Promise.all([
    s ? deps.staging.groups(s.id) : [],
    p ? deps.production.groups(p.id) : [],
  ]);
  const ids = [...new Set([...sGroups, ...pGroups].map((g) => g.id))];
  const states = (await Promise.all(ids.map((id) => managerState(deps, id, s, p)))).filter(
    (m): m is ReflectionManager => m !== null,
  );
  states.sort((a, b) => a.sequence - b.sequence || a.id - b.id);
  return { view_count: states.length, reflection_managers: states };
}
