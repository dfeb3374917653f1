import type { ReflectionHistory } from '@portal/contracts';
import { notFound } from '../../http/errors.js';
import type { ReflectionDeps } from './reflection-deps.js';
import { bothMunicipalities } from './reflection-state.js';

/** A group's published versions (staging's) and the reflections of each environment. */
export async function reflectionHistory(
  deps: ReflectionDeps,
  code: string,
  groupId: number,
): Promise<ReflectionHistory> {
  const { staging, production } = deps;
  const { s, p } = await bothMunicipalities(deps, code);
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
}
