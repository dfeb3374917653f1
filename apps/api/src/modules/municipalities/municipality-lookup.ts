import type { Db } from '../../db/client.js';
import { ttlCache } from '../../lib/ttl-cache.js';
import { createMunicipalityRepository, type MunicipalityRef } from './municipalities.repository.js';

/** Municipalities by code, kept a minute: every request under /municipalities/{code}/ looks one up. */
export function cachedMunicipalities(db: Db) {
  const repository = createMunicipalityRepository(db);
  const cache = ttlCache<string, MunicipalityRef | null>(60_000);
  return { findByCode: (code: string) => cache.get(code, () => repository.findByCode(code)) };
}

/**
 * Whether a web page's municipality exists in the environment its path names: staging's pages (/stg/...)
 * name staging's municipalities, known only to production's instance (`stagingDb`); without it, any.
 */
export function webMunicipalityCheck(
  municipalities: ReturnType<typeof cachedMunicipalities>,
  stagingDb: Db | null,
) {
  const staging = stagingDb ? createMunicipalityRepository(stagingDb) : null;
  const stagingCache = ttlCache<string, boolean>(60_000);
  return async (code: string, environment: 'production' | 'staging') => {
    if (environment === 'production') return (await municipalities.findByCode(code)) !== null;
    if (!staging) return true;
    return stagingCache.get(code, async () => (await staging.findByCode(code)) !== null);
  };
}
