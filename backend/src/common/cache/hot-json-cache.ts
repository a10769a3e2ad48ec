import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { randomUUID } from 'crypto';
import { redisConnectionOptions } from '../queues/redis-connection';

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
  /** Seconds an entry is served (Redis EX; the in-process copy lives what is left of it). */
  ttlSeconds: number;
  /** Most entries kept in process (oldest dropped first); bounds memory against arbitrary query strings. */
  maxLocalEntries?: number;
  /** Logger context. */
  name: string;
}

interface LocalEntry {
  body: Buffer;
  /** Epoch ms until which the entry is fresh. */
  freshUntil: number;
}

/**
 * Cache of public responses as pre-serialised JSON bytes (architecture.md "Speed"), in two tiers:
 * - in process: a hit costs a Map lookup, no Redis round trip, no JSON.parse / JSON.stringify;
 * - Redis (`SET … EX ttl`): the same bytes for every replica, so one query serves them all.
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
  private readonly local = new Map<string, LocalEntry>();
  private readonly inflight = new Map<string, Promise<Buffer>>();
  private readonly origin = randomUUID();
  private readonly ttlMs: number;
  private readonly maxLocal: number;
  private generation = 0;
  private lastWarnAt = 0;

  constructor(private readonly opts: HotJsonCacheOptions) {
    this.logger = new Logger(opts.name);
    this.ttlMs = opts.ttlSeconds * 1000;
    this.maxLocal = opts.maxLocalEntries ?? 500;
    this.client = new Redis({ ...redisConnectionOptions(opts.redisUrl), maxRetriesPerRequest: 1, commandTimeout: 500, lazyConnect: true });
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
   * stored for `ttlSeconds`. Rejects with `load`'s error (nothing stored).
   */
  async json<T>(name: string, load: () => Promise<T>): Promise<JsonBytes<T>> {
    const entry = this.local.get(name);
    const now = Date.now();
    if (entry && entry.freshUntil > now) return entry.body;
    const pending = this.refresh(name, load);
    if (entry && now - entry.freshUntil < this.ttlMs) {
      pending.catch(() => undefined);
      return entry.body;
    }
    return pending;
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

  private refresh<T>(name: string, load: () => Promise<T>): Promise<Buffer> {
    const running = this.inflight.get(name);
    if (running) return running;
    const generation = this.generation;
    const key = `${this.opts.namespace}:list:${name}`;
    const current = (async () => {
      let body: Buffer | null = null;
      let ttlMs = this.ttlMs;
      try {
        await this.connect();
        const [hit, pttl] = await Promise.all([this.client.getBuffer(key), this.client.pttl(key)]);
        if (hit) {
          body = hit;
          if (pttl > 0) ttlMs = Math.min(pttl, this.ttlMs);
        }
      } catch (err) {
        this.warn(err);
      }
      if (!body) {
        body = Buffer.from(JSON.stringify(await load()));
        if (generation === this.generation) await this.store(key, body);
      }
      if (generation === this.generation) this.remember(name, body, ttlMs);
      return body;
    })().finally(() => {
      if (this.inflight.get(name) === current) this.inflight.delete(name);
    });
    this.inflight.set(name, current);
    return current;
  }

  private async store(key: string, body: Buffer): Promise<void> {
    const index = `${this.opts.namespace}:lists`;
    try {
      await this.client.multi().set(key, body, 'EX', this.opts.ttlSeconds).sadd(index, key).expire(index, 3600).exec();
    } catch (err) {
      this.warn(err);
    }
  }

  private remember(name: string, body: Buffer, ttlMs: number): void {
    this.local.delete(name);
    if (this.local.size >= this.maxLocal) this.local.delete(this.local.keys().next().value as string);
    this.local.set(name, { body, freshUntil: Date.now() + ttlMs });
  }

  private async connect(): Promise<void> {
    if (this.client.status === 'wait') await this.client.connect();
  }

  private warn(err: unknown): void {
    if (Date.now() - this.lastWarnAt < 60_000) return;
    this.lastWarnAt = Date.now();
    this.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'response cache unavailable; reading the database');
  }
}
