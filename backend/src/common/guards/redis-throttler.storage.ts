import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { redisConnectionOptions } from '../queues/redis-connection';

/** Result of one hit, as @nestjs/throttler expects it (times in seconds). */
interface ThrottlerStorageRecord {
  totalHits: number;
  timeToExpire: number;
  isBlocked: boolean;
  timeToBlockExpire: number;
}

/**
 * Fixed-window counter with a block key, atomically in Redis.
 * KEYS[1] = hits, KEYS[2] = block; ARGV = ttl ms, limit, block ms.
 * Returns {hits, hits pttl ms, blocked 0/1, block pttl ms}.
 */
const HIT_SCRIPT = `
local blockTtl = redis.call('PTTL', KEYS[2])
if blockTtl > 0 then
  local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
  return {hits, redis.call('PTTL', KEYS[1]), 1, blockTtl}
end
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  redis.call('DEL', KEYS[1])
  return {hits, ttl, 1, tonumber(ARGV[3])}
end
return {hits, ttl, 0, 0}
`;

/**
 * @nestjs/throttler storage in Redis (docs/ARCHITECTURE.md: rate-limit counters live in Redis, so the
 * limits hold across API replicas). Keys: `<REDIS_PREFIX>:throttle:<throttler>:<hashed key>`.
 * Fails open: when Redis does not answer within a second the request is let through and a
 * warning logged (at most once a minute), since losing Redis must not stop logins.
 */
@Injectable()
export class RedisThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly logger = new Logger(RedisThrottlerStorage.name);
  private readonly client: Redis;
  private readonly prefix: string;
  private lastWarnAt = 0;

  constructor(config: AppConfig) {
    this.prefix = `${config.redis.prefix}:throttle`;
    this.client = new Redis({
      ...redisConnectionOptions(config.redis.url),
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
      lazyConnect: true,
    });
    this.client.on('error', () => undefined); // reported by increment() when it matters
    this.client.defineCommand('throttleHit', { numberOfKeys: 2, lua: HIT_SCRIPT });
  }

  /** Counts one hit of `key` for `throttlerName`; `ttl` and `blockDuration` in ms. */
  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}:${throttlerName}:${key}`;
    try {
      if (this.client.status === 'wait') await this.client.connect();
      const [hits, ttlMs, blocked, blockMs] = (await (
        this.client as unknown as {
          throttleHit(
            k1: string,
            k2: string,
            ttl: number,
            limit: number,
            block: number,
          ): Promise<number[]>;
        }
      ).throttleHit(`${base}:hits`, `${base}:block`, ttl, limit, blockDuration)) as number[];
      return {
        totalHits: hits,
        timeToExpire: Math.max(0, Math.ceil(ttlMs / 1000)),
        isBlocked: blocked === 1,
        timeToBlockExpire: Math.max(0, Math.ceil(blockMs / 1000)),
      };
    } catch (err) {
      this.warnUnavailable(err);
      return {
        totalHits: 0,
        timeToExpire: Math.ceil(ttl / 1000),
        isBlocked: false,
        timeToBlockExpire: 0,
      };
    }
  }

  /**
   * Milliseconds until `key`'s block under `throttlerName` ends (0 when not blocked), without
   * counting a hit. Fails open (0) when Redis does not answer.
   */
  async blockedForMs(key: string, throttlerName: string): Promise<number> {
    try {
      if (this.client.status === 'wait') await this.client.connect();
      return Math.max(0, await this.client.pttl(`${this.prefix}:${throttlerName}:${key}:block`));
    } catch (err) {
      this.warnUnavailable(err);
      return 0;
    }
  }

  /** Forgets `key`'s hits and block under `throttlerName` (e.g. after a successful login). */
  async reset(key: string, throttlerName: string): Promise<void> {
    const base = `${this.prefix}:${throttlerName}:${key}`;
    try {
      if (this.client.status === 'wait') await this.client.connect();
      await this.client.del(`${base}:hits`, `${base}:block`);
    } catch (err) {
      this.warnUnavailable(err);
    }
  }

  private warnUnavailable(err: unknown): void {
    if (Date.now() - this.lastWarnAt > 60_000) {
      this.lastWarnAt = Date.now();
      this.logger.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'rate-limit storage unavailable; not limiting',
      );
    }
  }

  onApplicationShutdown(): void {
    this.client.disconnect();
  }
}
