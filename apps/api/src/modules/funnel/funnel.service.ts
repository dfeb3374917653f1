import {
  FlowStep,
  PROCEDURE_FUNNEL_STEPS,
  type FunnelEntry,
  type GroupFunnel,
  type ProcedureFunnelList,
} from '@portal/contracts';
import type { PublishedConfiguration, PublishedGroup } from '../configuration/published-configuration.js';
import type { FunnelRepository, FunnelCount } from './funnel.repository.js';

const QUESTION = 'question:';

/** The funnel key of an assistant page. */
export const questionStep = (subCategoryId: number) => `${QUESTION}${subCategoryId}`;

/** An application as the funnel knows it: its id only (the counts take group and version from its row). */
export interface FunnelApplication {
  id: string;
}

/**
 * Where residents give up (decision 0053): counts, from the calls residents already make, each
 * application's first reach of a flow step or an assistant page, once across processes.
 */
export function createFunnelService(deps: { funnel: FunnelRepository; published: PublishedConfiguration }) {
  const { funnel, published } = deps;

  /** One version's entries in the resident's order: filter, the assistant pages, then the later steps. */
  function entriesOf(group: PublishedGroup | null, counts: FunnelCount[]): FunnelEntry[] {
    const reached = new Map(counts.map((c) => [c.step, c.reached]));
    const step = (s: FlowStep): FunnelEntry => ({
      key: s,
      kind: 'step',
      step: s,
      name: null,
      reached: reached.get(s) ?? 0,
    });
    const pages = (group?.config.concierge_set.assistant_concierge_category ?? [])
      .flatMap((c) => [...c.concierge_sub_category].sort((a, b) => a.sequence - b.sequence))
      .map((s): FunnelEntry => ({
        key: questionStep(s.id),
        kind: 'question',
        step: null,
        name: s.name,
        ...(s.en?.name ? { en: { name: s.en.name } } : {}),
        reached: reached.get(questionStep(s.id)) ?? 0,
      }));
    // The assistant's pages come after the filter (where an application starts) and before procedures.
    const [, ...after] = FlowStep.options;
    return [step('filter'), ...pages, ...after.map(step)];
  }

  async function ofGroup(municipalityId: number, procedureGroupId: number): Promise<GroupFunnel> {
    const counts = await funnel.countsOf(municipalityId, procedureGroupId);
    const byVersion = new Map<number, FunnelCount[]>();
    for (const c of counts)
      byVersion.set(c.configurationVersion, [...(byVersion.get(c.configurationVersion) ?? []), c]);
    const versions = await Promise.all(
      [...byVersion.entries()]
        .sort(([a], [b]) => b - a)
        .map(async ([version, of]) => ({
          configuration_version: version,
          entries: entriesOf(
            await published.version(municipalityId, procedureGroupId, version).catch(() => null),
            of,
          ),
        })),
    );
    return { procedure_group_id: procedureGroupId, versions };
  }

  return {
    ofGroup,
    /** The funnel an operator reads: the municipality named by its code (none: an empty funnel). */
    async forOperator(municipalityCode: string, procedureGroupId: number): Promise<GroupFunnel> {
      const id = await funnel.municipalityIdOf(municipalityCode);
      return id === null
        ? { procedure_group_id: procedureGroupId, versions: [] }
        : ofGroup(id, procedureGroupId);
    },
    /** Staff administrators' view: each procedure of the municipality and how many that chose it reached each step. */
    async forStaff(municipalityId: number): Promise<ProcedureFunnelList> {
      const { procedures, counts } = await funnel.procedureCountsOf(municipalityId);
      const reached = new Map(counts.map((c) => [`${c.procedureId}:${c.step}`, Number(c.reached)]));
      return {
        procedures: procedures.map((p) => ({
          procedure_id: p.id,
          name: p.name,
          code: p.code,
          ...(p.en?.name ? { en: { name: p.en.name } } : {}),
          procedure_group_id: p.groupId,
          procedure_group_name: p.groupName,
          ...(p.groupEn?.name ? { procedure_group_en: { name: p.groupEn.name } } : {}),
          steps: PROCEDURE_FUNNEL_STEPS.map((step) => ({
            step,
            reached: reached.get(`${p.id}:${step}`) ?? 0,
          })),
        })),
      };
    },
    /** Counts the steps an application reaches now (already reached ones count nothing). */
    async reach(application: FunnelApplication, ...steps: string[]): Promise<void> {
      await funnel.reach(application.id, steps);
    },
  };
}
export type FunnelService = ReturnType<typeof createFunnelService>;
