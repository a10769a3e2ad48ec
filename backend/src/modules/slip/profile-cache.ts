import { freshAt } from '../../common/clock/clock';
import { LIST_CACHE_MAX_TTL_S, LIST_CACHE_TTL_S } from './slip-list-cache';

/** Profiles kept in one process at most (the least recently stored dropped first). */
export const PROFILE_CACHE_SIZE = 256;

interface Entry<T> {
  value: Promise<T>;
  generation: number;
  /** Epoch ms (application clock) after which the entry is read again; set once its value is known. */
  until: number;
}

/**
 * In-process cache of tipsters' profile figures and lists (docs/PRODUCT-RULES.md "Lists and caches"),
 * with the lists' lifetime rules: kept as long as their games cannot change (`freshForMs`, clamped to
 * LIST_CACHE_TTL_S…LIST_CACHE_MAX_TTL_S) and dropped with the list cache's generation (each publish
 * and settlement, in every process). Concurrent misses of one key share one load; a failed load is
 * not kept. At most PROFILE_CACHE_SIZE entries.
 */
export class ProfileCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly generation: () => number,
    /** The application's clock in epoch ms (token CLOCK), so a pinned or advanced clock expires entries. */
    private readonly now: () => number,
  ) {}

  /** The value of `key`, else `load()`'s, kept for its `freshForMs` (clamped). */
  get(key: string, load: () => Promise<{ value: T; freshForMs: number }>): Promise<T> {
    const generation = this.generation();
    const hit = this.entries.get(key);
    if (
      hit &&
      hit.generation === generation &&
      (hit.until === Infinity || freshAt(this.now(), hit.until, LIST_CACHE_MAX_TTL_S * 1000))
    )
      return hit.value;
    const entry: Entry<T> = { value: Promise.resolve(undefined as T), generation, until: Infinity };
    entry.value = load().then(
      ({ value, freshForMs }) => {
        const ms = Math.min(
          Math.max(freshForMs, LIST_CACHE_TTL_S * 1000),
          LIST_CACHE_MAX_TTL_S * 1000,
        );
        entry.until = this.now() + ms;
        return value;
      },
      (err: unknown) => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw err;
      },
    );
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > PROFILE_CACHE_SIZE)
      this.entries.delete(this.entries.keys().next().value as string);
    return entry.value;
  }
}
