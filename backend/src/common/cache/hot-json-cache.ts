import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { randomUUID } from 'crypto';
import { type Clock, freshAt } from '../clock/clock';
import { redisConnectionOptions } from '../queues/redis-connection';
import { BoundedMap } from './bounded-map';
import { registerCacheStats } from './cache-stats';

/**
 * The JSON text of a `T`, pre-serialised once and sent as is (content-type application/json):
 * what a cached route handler returns instead of the object (Fastify sends a Buffer unchanged).
 */
export type JsonBytes<T> = Buffer & { readonly __json?: T };

/** Options of a HotJsonCache. */
export interface HotJsonCacheOptions {
  /** redis:// URL (AppConfig.redis.url). */
  redisUrl: string;
  /** Key namespace, e.g. `<REDIS_PREFIX>:slips`: entries `<ns>:list:<name>`, index `<ns>:lists`, channel `<ns>:invalidate`. */
  namespace: string;
  /**
   * Seconds an entry is served, by `clock`: its fresh-until instant is stored with it (in process
   * and in Redis), the Redis expiry only collects garbage.
   */
  ttlSeconds: number;
  /** Longest lifetime a loader may ask for with `timedJson` (seconds; default `ttlSeconds`). */
  maxTtlSeconds?: number;
  /** Most entries kept in process (oldest stored dropped first; default 5,000); bounds memory against arbitrary query strings. */
  maxLocalEntries?: number;
  /** Most bytes of JSON kept in process (default 64 MB): every page of the lists at 200,000 slips fits. */
  maxLocalBytes?: number;
  /** Logger context. */
  name: string;
  /** The application's clock (token CLOCK): "now" of every freshness decision, so a pinned or advanced clock expires entries. */
  clock: Clock;
}

interface LocalEntry {
  body: Buffer;
  /** Epoch ms (by the cache's clock) until which the entry is fresh. */
  freshUntil: number;
}

/**
 * A Redis entry: `@<freshUntil epoch ms>\n` then the JSON bytes (JSON never starts with '@'), so
 * every process judges freshness by the application's clock, not by the key's Redis TTL.
 */
const REDIS_ENTRY_MARK = 0x40; // '@'

/** The Redis value of `body` fresh until `freshUntil` (epoch ms). */
export const encodeRedisEntry = (body: Buffer, freshUntil: number): Buffer =>
  Buffer.concat([Buffer.from(`@${Math.round(freshUntil)}\n`), body]);

/** `{ body, freshUntil }` of a Redis value written by encodeRedisEntry, or null for anything else (an older format: a miss). */
export const decodeRedisEntry = (raw: Buffer): { body: Buffer; freshUntil: number } | null => {
  if (raw.length < 3 || raw[0] !== REDIS_ENTRY_MARK) return null;
  const end = raw.indexOf(0x0a);
  if (end < 2 || end > 20) return null;
  const freshUntil = Number(raw.subarray(1, end).toString('latin1'));
  if (!Number.isSafeInteger(freshUntil)) return null;
  return { body: raw.subarray(end + 1), freshUntil };
};

/**
 * What a loader returns to give its entry its own lifetime: `value` is kept `ttlMs`, clamped
 * between the cache's `ttlSeconds` and `maxTtlSeconds` (e.g. a list page whose games cannot change
 * before the next kick-off lives until then, within bounds).
 */
export class TimedJson<T> {
  constructor(
    readonly value: T,
    readonly ttlMs: number,
  ) {}
}

/** `value` to be kept `ttlMs` (see TimedJson). */
export const timedJson = <T>(value: T, ttlMs: number): TimedJson<T> => new TimedJson(value, ttlMs);

/** Default bounds of the in-process tier. */
const DEFAULT_MAX_LOCAL_ENTRIES = 5_000;
const DEFAULT_MAX_LOCAL_BYTES = 64 * 1024 * 1024;

/** Until when each body a HotJsonCache handed out is fresh (epoch ms by the application's clock), for copies made of it downstream. */
const freshness = new WeakMap<Buffer, number>();

/**
 * Epoch ms (application clock) until which `body` — JSON bytes returned by a HotJsonCache — is fresh (its entry's TTL),
 * or undefined for any other Buffer. The visitors' fast path keeps its copy of an answer no longer.
 */
export const freshUntilOf = (body: Buffer): number | undefined => freshness.get(body);

/**
 * Cache of public responses as pre-serialised JSON bytes (docs/ARCHITECTURE.md "Speed"), in two tiers:
 * - in process: a hit costs a Map lookup, no Redis round trip, no JSON.parse / JSON.stringify;
 * - Redis: the same bytes for every replica, so one query serves them all, stored with their
 *   fresh-until instant (encodeRedisEntry); the key's expiry (`PX ttl`) only collects garbage.
 * Freshness is judged by the application's clock (`opts.clock`, docs/ARCHITECTURE.md "One clock"):
 * tests expire entries by advancing it.
 * A miss loads once per key and process (concurrent requests share the load); an entry that
 * expired less than one TTL ago is served while it reloads in the background (stale-while-
 * revalidate), so a slow query never stalls every connection at expiry.
 * `clear()` drops everything at once: the Redis keys, this process's copies (and loads under way,
 * whose results are then not stored) and, through Redis pub/sub, every other process's copies.
 * Errors of `load` are never cached. Fails open: without Redis, entries live in process only and
 * other processes' invalidations arrive by TTL.
 */
export class HotJsonCache {
  private readonly logger: Logger;
  private readonly client: Redis;
  private subscriber: Redis | null = null;
  private readonly local: BoundedMap<string, LocalEntry>;
  private readonly inflight = new Map<string, Promise<Buffer>>();
  private readonly origin = randomUUID();
  private readonly ttlMs: number;
  private readonly maxTtlMs: number;
  private generation = 0;
  private lastWarnAt = 0;
  /** Answers from the process (fresh, stale while reloading), from Redis, and loads (queries). */
  private readonly counts = { localHits: 0, staleHits: 0, redisHits: 0, loads: 0 };
  private readonly clock: Clock;

  constructor(private readonly opts: HotJsonCacheOptions) {
    this.logger = new Logger(opts.name);
    this.clock = opts.clock;
    this.ttlMs = opts.ttlSeconds * 1000;
    this.maxTtlMs = Math.max(this.ttlMs, (opts.maxTtlSeconds ?? opts.ttlSeconds) * 1000);
    this.local = new BoundedMap<string, LocalEntry>(
      opts.maxLocalEntries ?? DEFAULT_MAX_LOCAL_ENTRIES,
      opts.maxLocalBytes ?? DEFAULT_MAX_LOCAL_BYTES,
      (e) => e.body.length,
    );
    registerCacheStats(opts.name, () => this.stats());
    this.client = new Redis({
      ...redisConnectionOptions(opts.redisUrl),
      maxRetriesPerRequest: 1,
      commandTimeout: 500,
      lazyConnect: true,
    });
    this.client.on('error', () => undefined);
  }

  private get channel(): string {
    return `${this.opts.namespace}:invalidate`;
  }

  /** Listens for other processes' `clear()` (Redis pub/sub). Idempotent; never throws. */
  async listen(): Promise<void> {
    if (this.subscriber) return;
    const sub = new Redis({ ...redisConnectionOptions(this.opts.redisUrl), lazyConnect: true });
    this.subscriber = sub;
    sub.on('error', () => undefined);
    // Invalidations published while the subscriber was disconnected are lost: after a reconnect,
    // drop this process's copies rather than serve them until their TTL.
    let connectedBefore = false;
    sub.on('ready', () => {
      if (connectedBefore) this.dropLocal();
      connectedBefore = true;
    });
    sub.on('message', (_channel: string, origin: string) => {
      if (origin !== this.origin) this.dropLocal();
    });
    try {
      await sub.connect();
      await sub.subscribe(this.channel);
    } catch (err) {
      this.warn(err);
    }
  }

  /** Closes both Redis connections. */
  close(): void {
    this.client.disconnect();
    this.subscriber?.disconnect();
  }

  /**
   * The JSON bytes of `name`: in process when fresh, else from Redis, else `load()` serialised and
   * stored for `ttlSeconds` (or the lifetime a `timedJson` result asks for). Rejects with `load`'s
   * error (nothing stored).
   */
  async json<T>(name: string, load: () => Promise<T | TimedJson<T>>): Promise<JsonBytes<T>> {
    const entry = this.local.get(name);
    const now = this.clock.now().getTime();
    if (entry && freshAt(now, entry.freshUntil, this.maxTtlMs)) {
      this.counts.localHits += 1;
      return entry.body;
    }
    const pending = this.refresh(name, load);
    if (entry && now >= entry.freshUntil && now - entry.freshUntil < this.ttlMs) {
      this.counts.staleHits += 1;
      pending.catch(() => undefined);
      return entry.body;
    }
    return pending;
  }

  /**
   * This process's counters: `localHits` (fresh in process), `staleHits` (served while reloading),
   * `redisHits`, `loads` (misses that ran the query), `entries` and `bytes` kept in process.
   */
  stats(): Record<string, number> {
    return { ...this.counts, entries: this.local.size, bytes: this.local.bytes };
  }

  /**
   * Bumped whenever this process drops its entries (its own `clear()` or another process's, by
   * pub/sub): a copy taken at generation g is current while `generationNow === g`.
   */
  get generationNow(): number {
    return this.generation;
  }

  /** Drops every entry here, in Redis and in the other processes (after a publish, a settlement...). */
  async clear(): Promise<void> {
    this.dropLocal();
    try {
      await this.connect();
      const index = `${this.opts.namespace}:lists`;
      const keys = await this.client.smembers(index);
      if (keys.length) await this.client.del(...keys, index);
      await this.client.publish(this.channel, this.origin);
    } catch (err) {
      this.warn(err);
    }
  }

  private dropLocal(): void {
    this.generation += 1;
    this.local.clear();
    this.inflight.clear();
  }

  private refresh<T>(name: string, load: () => Promise<T | TimedJson<T>>): Promise<Buffer> {
    const running = this.inflight.get(name);
    if (running) return running;
    const generation = this.generation;
    const key = `${this.opts.namespace}:list:${name}`;
    const current = (async () => {
      let body: Buffer | null = null;
      let freshUntil = 0;
      try {
        await this.connect();
        const raw = await this.client.getBuffer(key);
        const hit = raw ? decodeRedisEntry(raw) : null;
        const now = this.clock.now().getTime();
        if (hit && freshAt(now, hit.freshUntil, this.maxTtlMs)) {
          body = hit.body;
          freshUntil = hit.freshUntil;
          this.counts.redisHits += 1;
        }
      } catch (err) {
        this.warn(err);
      }
      if (!body) {
        this.counts.loads += 1;
        const loaded = await load();
        const value = loaded instanceof TimedJson ? loaded.value : loaded;
        const ttlMs =
          loaded instanceof TimedJson
            ? Math.round(Math.min(this.maxTtlMs, Math.max(this.ttlMs, loaded.ttlMs)))
            : this.ttlMs;
        body = Buffer.from(JSON.stringify(value));
        freshUntil = this.clock.now().getTime() + ttlMs;
        if (generation === this.generation) await this.store(key, body, freshUntil, ttlMs);
      }
      if (generation === this.generation) this.remember(name, body, freshUntil);
      return body;
    })().finally(() => {
      if (this.inflight.get(name) === current) this.inflight.delete(name);
    });
    this.inflight.set(name, current);
    return current;
  }

  /** Stores `body` fresh until `freshUntil` (clock ms); Redis drops the key `ttlMs` of real time later (garbage collection). */
  private async store(key: string, body: Buffer, freshUntil: number, ttlMs: number): Promise<void> {
    const index = `${this.opts.namespace}:lists`;
    try {
      await this.client
        .multi()
        .set(key, encodeRedisEntry(body, freshUntil), 'PX', ttlMs)
        .sadd(index, key)
        .expire(index, 3600)
        .exec();
    } catch (err) {
      this.warn(err);
    }
  }

  private remember(name: string, body: Buffer, freshUntil: number): void {
    freshness.set(body, freshUntil);
    this.local.set(name, { body, freshUntil });
  }

  private async connect(): Promise<void> {
    if (this.client.status === 'wait') await this.client.connect();
  }

  private warn(err: unknown): void {
    if (Date.now() - this.lastWarnAt < 60_000) return;
    this.lastWarnAt = Date.now();
    this.logger.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'response cache unavailable; reading the database',
    );
  }
}
