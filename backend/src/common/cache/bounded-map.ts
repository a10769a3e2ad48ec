/**
 * A Map bounded by its number of entries and by the total size of its values (`bytesOf`), dropping
 * the entries stored longest ago first (storing a key again makes it the newest). Keeps in-process
 * caches of arbitrary URLs and query strings from growing without limit.
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  private totalBytes = 0;

  /**
   * @param maxEntries most entries kept.
   * @param maxBytes most total `bytesOf(value)` kept (an entry larger than this alone is not kept).
   * @param bytesOf a value's size in bytes (0 by default: bounded by count only).
   */
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    private readonly bytesOf: (value: V) => number = () => 0,
  ) {}

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  /** Stores `value` as the newest entry, then drops the oldest entries while over a bound. */
  set(key: K, value: V): void {
    this.delete(key);
    this.map.set(key, value);
    this.totalBytes += this.bytesOf(value);
    while (this.map.size > this.maxEntries || this.totalBytes > this.maxBytes) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): boolean {
    const value = this.map.get(key);
    if (value === undefined && !this.map.has(key)) return false;
    this.totalBytes -= this.bytesOf(value as V);
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
    this.totalBytes = 0;
  }

  /** Entries kept. */
  get size(): number {
    return this.map.size;
  }

  /** Total bytes of the values kept (per `bytesOf`). */
  get bytes(): number {
    return this.totalBytes;
  }
}
