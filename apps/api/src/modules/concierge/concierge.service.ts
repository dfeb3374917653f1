import { MunicipalityHome, type ProcedureGroupSummary } from '@portal/contracts';
import { japanDate } from '@portal/rules';
import { notFound } from '../../http/errors.js';
import type { PublishedConfiguration, PublishedGroup } from '../configuration/published-configuration.js';
import type { MunicipalityRef } from '../municipalities/municipalities.repository.js';

/** What the applicant area offers: published procedure groups within their disclosure period. */
export function createConciergeService(deps: { published: PublishedConfiguration; clock: () => Date }) {
  const today = () => japanDate(deps.clock());

  const isOpen = (group: PublishedGroup) => {
    const d = group.config.disclosure;
    const day = today();
    return d.is_publish && d.start_date <= day && day <= d.end_date;
  };

  /**
   * The home answer, serialized once per municipality record, live-version list and day: each of those is
   * already cached (lookup, `liveTtlMs`), so this adds no staleness, only saves rebuilding the same bytes.
   */
  const homes = new WeakMap<MunicipalityRef, { live: unknown; day: string; json: string }>();

  const service = {
    isOpen,
    /** The live version of a group residents may start now; 404 when unpublished or out of period. */
    async openGroup(municipalityId: number, groupId: number): Promise<PublishedGroup> {
      const group = await deps.published.latest(municipalityId, groupId);
      if (!isOpen(group)) throw notFound(`procedure group ${groupId}`);
      return group;
    },
    async publishedGroups(
      municipalityId: number,
      live?: readonly { groupId: number; version: number }[],
    ): Promise<ProcedureGroupSummary[]> {
      live ??= await deps.published.liveVersions(municipalityId);
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
    /** The applicant home of a municipality as JSON (its contract checked when built). */
    async homeJson(m: MunicipalityRef): Promise<string> {
      const live = await deps.published.liveVersions(m.id);
      const day = today();
      const hit = homes.get(m);
      if (hit && hit.live === live && hit.day === day) return hit.json;
      const home = MunicipalityHome.parse({
        municipality: {
          code: m.code,
          name: m.name,
          name_en: m.nameEn,
          maintenance_message: m.maintenanceMessage,
        },
        procedure_groups: await service.publishedGroups(m.id, live),
      });
      const json = JSON.stringify(home);
      homes.set(m, { live, day, json });
      return json;
    },
  };
  return service;
}
export type ConciergeService = ReturnType<typeof createConciergeService>;
