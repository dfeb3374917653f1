import { TermsService, type ProcedureGroupConfiguration } from '@portal/contracts';
import type { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { ttlCache } from '../../lib/ttl-cache.js';
import type { ConfigurationRepository } from './configuration.repository.js';

/** One published version, with whatever is derived from it once (serialized answers, compiled rules). */
export interface PublishedGroup {
  municipalityId: number;
  version: number;
  config: ProcedureGroupConfiguration;
  /** Derived values keyed by name, computed once per version (versions never change). */
  memo<T>(key: string, make: () => T): T;
}

/**
 * Published configuration for the applicant area. A version never changes, so it is loaded and derived
 * once per process; which version is live is re-read at most every `liveTtlMs`.
 */
export function createPublishedConfiguration(deps: {
  configuration: ConfigurationRepository;
  liveTtlMs?: number;
}) {
  const versions = new Map<string, Promise<PublishedGroup>>();
  const live = ttlCache<number, { groupId: number; version: number }[]>(deps.liveTtlMs ?? 2000);
  // Terms change only with a reflection or a seed: re-read as often as which version is live.
  const terms = ttlCache<string, string | null>(deps.liveTtlMs ?? 2000);

  function load(groupId: number, version: number): Promise<PublishedGroup> {
    const key = `${groupId}:${version}`;
    let found = versions.get(key);
    if (!found) {
      found = deps.configuration.version(groupId, version).then((row) => {
        if (!row) throw notFound(`configuration version ${version} of procedure group ${groupId}`);
        const derived = new Map<string, unknown>();
        return {
          municipalityId: row.municipalityId,
          version,
          config: row.snapshot,
          memo<T>(name: string, make: () => T): T {
            if (!derived.has(name)) derived.set(name, make());
            return derived.get(name) as T;
          },
        };
      });
      found.catch(() => versions.delete(key));
      versions.set(key, found);
    }
    return found;
  }

  return {
    /** The live version of a group of this municipality (404 when it has none or is another's). */
    async latest(municipalityId: number, groupId: number): Promise<PublishedGroup> {
      const list = await live.get(municipalityId, () => deps.configuration.liveVersions(municipalityId));
      const entry = list.find((v) => v.groupId === groupId);
      if (!entry) throw notFound(`procedure group ${groupId}`);
      return load(groupId, entry.version);
    },
    /** A given version (an application keeps the version it started with). */
    async version(municipalityId: number, groupId: number, version: number): Promise<PublishedGroup> {
      const group = await load(groupId, version);
      if (group.municipalityId !== municipalityId) throw notFound(`procedure group ${groupId}`);
      return group;
    },
    /** A municipality's terms for a device as the answer's JSON (contract-checked), or null when it has none. */
    termsJson: (municipalityId: number, device: string) =>
      terms.get(`${municipalityId}:${device}`, async () => {
        const row = await deps.configuration.terms(municipalityId, device);
        if (!row) return null;
        const body = { device, title: row.title, body: row.body, updated_at: row.updatedAt };
        return JSON.stringify(TermsService.parse(body));
      }),
    liveVersions: (municipalityId: number) =>
      live.get(municipalityId, () => deps.configuration.liveVersions(municipalityId)),
    load,
  };
}
export type PublishedConfiguration = ReturnType<typeof createPublishedConfiguration>;

/**
 * A response derived from one published version, checked against its contract and serialized once:
 * configuration is immutable between reflections, so every later request sends the same bytes (the same
 * Buffer, which `keptCompression` compresses once).
 */
export function publishedJson<S extends z.ZodType>(
  group: PublishedGroup,
  key: string,
  schema: S,
  make: () => z.input<S>,
): Buffer {
  return group.memo(`json:${key}`, () => {
    const value = make();
    schema.parse(value);
    return Buffer.from(JSON.stringify(value));
  });
}
