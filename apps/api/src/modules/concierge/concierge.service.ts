import type { ProcedureGroupSummary } from '@portal/contracts';
import { japanDate } from '@portal/rules';
import { notFound } from '../../http/errors.js';
import type { PublishedConfiguration, PublishedGroup } from '../configuration/published-configuration.js';

/** What the applicant area offers: published procedure groups within their disclosure period. */
export function createConciergeService(deps: { published: PublishedConfiguration; clock: () => Date }) {
  const today = () => japanDate(deps.clock());

  const isOpen = (group: PublishedGroup) => {
    const d = group.config.disclosure;
    const day = today();
    return d.is_publish && d.start_date <= day && day <= d.end_date;
  };

  return {
    isOpen,
    /** The live version of a group residents may start now; 404 when unpublished or out of period. */
    async openGroup(municipalityId: number, groupId: number): Promise<PublishedGroup> {
      const group = await deps.published.latest(municipalityId, groupId);
      if (!isOpen(group)) throw notFound(`procedure group ${groupId}`);
      return group;
    },
    async publishedGroups(municipalityId: number): Promise<ProcedureGroupSummary[]> {
      const live = await deps.published.liveVersions(municipalityId);
      const groups = await Promise.all(live.map((v) => deps.published.load(v.groupId, v.version)));
      return groups
        .filter(isOpen)
        .map(({ config, version }) => ({
          id: config.id,
          name: config.name,
          sequence: config.sequence,
          icon_type: config.icon_type,
          description: config.description,
          ...(config.en ? { en: config.en } : {}),
          start_date: config.disclosure.start_date,
          end_date: config.disclosure.end_date,
          version,
        }))
        .sort((a, b) => a.sequence - b.sequence || a.id - b.id);
    },
  };
}
export type ConciergeService = ReturnType<typeof createConciergeService>;
