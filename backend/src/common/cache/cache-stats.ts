/** Counters of one in-process cache (hits, misses, entries, bytes…), as numbers. */
export type CacheCounters = Record<string, number>;

const sources = new Map<string, () => CacheCounters>();

/**
 * Registers the counters of an in-process cache under `name` (a later registration under the same
 * name replaces it: one app per process). Read by GET /api/health/cache and `npm run bench`.
 */
export const registerCacheStats = (name: string, read: () => CacheCounters): void => {
  sources.set(name, read);
};

/** Every registered cache's counters in this process, by name. */
export const readCacheStats = (): Record<string, CacheCounters> =>
  Object.fromEntries([...sources].map(([name, read]) => [name, read()]));
