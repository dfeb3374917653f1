import type { ProcedureGroupSummary } from '@portal/contracts';
import type { ConfigurationRepository } from '../configuration/configuration.repository.js';

/** What the applicant area serves: published, in-period procedure groups. */
export function createConciergeService(deps: { configuration: ConfigurationRepository; clock: () => Date }) {
  return {
    async publishedGroups(municipalityId: number): Promise<ProcedureGroupSummary[]> {
      const today = deps.clock().toISOString().slice(0, 10);
      const versions = await deps.configuration.latestVersions(municipalityId);
      return versions
        .filter(({ snapshot }) => {
          const d = snapshot.disclosure;
          return d.is_publish && d.start_date <= today && today <= d.end_date;
        })
        .map(({ snapshot, version }) => ({
          id: snapshot.id,
          name: snapshot.name,
          sequence: snapshot.sequence,
          icon_type: snapshot.icon_type,
          description: snapshot.description,
          start_date: snapshot.disclosure.start_date,
          end_date: snapshot.disclosure.end_date,
          version,
        }))
        .sort((a, b) => a.sequence - b.sequence || a.id - b.id);
    },
  };
}
export type ConciergeService = ReturnType<typeof createConciergeService>;
