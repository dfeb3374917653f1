import { applicationStates, type ProcedureGroupConfiguration } from '@portal/contracts';
import { conflict } from '../../http/errors.js';
import type { ProcedureGroupRepository, ReplacementQueries } from './procedure-group.repository.js';

/**
 * What a replacement does with a procedure the configuration drops but something still needs: `'keep'`
 * (production) keeps it as it is; `'refuse'` (staging's draft) fails with 409 when documents refer to it.
 */
export type DocumentedPolicy = 'keep' | 'refuse';

/** Application states still heading for submission, which will create documents for what they offer. */
const OPEN_APPLICATION_STATES = applicationStates.states.filter((s) => applicationStates.can(s, 'submitted'));

/** The procedures a replacement keeps, rebuilds and removes; refuses (409) what the policy forbids. */
async function plan(
  q: ReplacementQueries,
  municipalityId: number,
  g: ProcedureGroupConfiguration,
  documented: DocumentedPolicy,
) {
  const owner = await q.ownerOf(g.id);
  if (owner !== null && owner !== municipalityId)
    throw conflict(`procedure group ${g.id} belongs to another municipality`);
  const foreignIds = await q.foreignIds(g);
  const foreign = [
    ...foreignIds.procedures.map((id) => `procedure ${id}`),
    ...foreignIds.templates.map((id) => `workflow template ${id}`),
  ];
  if (foreign.length > 0) throw conflict(`${foreign.join(', ')} belong(s) to another procedure group`);

  const current = await q.proceduresOf(g.id);
  const withDocuments = new Set(await q.documentedProcedureIds(current.map((p) => p.id)));
  const inUse = new Set(withDocuments);
  if (documented === 'keep') {
    for (const id of await q.procedureIdsOfVersionsIn(g.id, OPEN_APPLICATION_STATES)) inUse.add(id);
  }
  const next = new Map(g.disclosure.procedures.map((p) => [p.id, p]));
  for (const p of current) {
    const replacement = next.get(p.id);
    if (replacement && withDocuments.has(p.id) && replacement.code !== p.code) {
      throw conflict(
        `procedure ${p.id} has documents under the code "${p.code}"; it cannot become "${replacement.code}"`,
      );
    }
  }
  const kept = current.filter((p) => !next.has(p.id) && inUse.has(p.id));
  if (kept.length > 0 && documented === 'refuse') {
    throw conflict(
      `documents refer to procedure ${kept.map((p) => `${p.id} "${p.code}"`).join(', ')}: it cannot be removed`,
    );
  }
  const keptIds = new Set(kept.map((p) => p.id));
  return {
    kept: kept.map((p) => p.id),
    rebuilt: current.filter((p) => !keptIds.has(p.id)).map((p) => p.id),
    removed: current.filter((p) => !next.has(p.id) && !keptIds.has(p.id)).map((p) => p.id),
  };
}

/**
 * Makes the normalized tables hold exactly `g` (decision 0006), in one transaction. The group, its
 * procedures and workflow templates are upserted by id; its disclosure, concierge set, fragments,
 * attaches and reports are rebuilt with their ids; rows the configuration no longer has are deleted,
 * except procedures still needed: with `'keep'`, procedures that documents refer to or that the version
 * of an application in progress (draft, remanded) offers, since its submission will create documents
 * for them. A documented procedure never changes its code.
 */
export function replaceProcedureGroup(
  groups: ProcedureGroupRepository,
  municipalityId: number,
  g: ProcedureGroupConfiguration,
  documented: DocumentedPolicy,
): Promise<{ keptProcedureIds: number[] }> {
  return groups.replacement(async (q) => {
    const { kept, rebuilt, removed } = await plan(q, municipalityId, g, documented);
    await q.rebuild(municipalityId, g, { rebuilt, removed });
    return { keptProcedureIds: kept };
  });
}
