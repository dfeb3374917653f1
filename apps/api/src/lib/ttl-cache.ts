/**
 * Remembers values for a short time. Used for data that changes rarely and where every process may lag
 * for at most `ttlMs` (municipalities, which configuration version is live).
 */
export function ttlCache<K, V>(ttlMs: number, clock: () => number = Date.now) {
  const entries = new Map<K, { value: Promise<V>; until: number }>();
  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      const now = clock();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      const value = load();
      entries.set(key, { value, until: now + ttlMs });
      // A failed load is not remembered.
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}
