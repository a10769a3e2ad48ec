import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { redisConnectionOptions } from '../../common/queues/redis-connection';
import { AppConfig } from '../../config/app-config';
import { SlipEvents } from './slip-events';

/** Seconds a public list response is served from Redis (architecture.md "Speed"). */
export const LIST_CACHE_TTL_S = 5;

/**
 * Brief Redis cache of the public hot lists (home tabs, active and finished pages, leaderboard) as
 * visitors see them: the same bytes for everyone, so one query serves every replica for a few
 * seconds. Keys `<REDIS_PREFIX>:slips:list:<name>`, all listed in `<REDIS_PREFIX>:slips:lists` and
 * dropped on every publish and settlement. Fails open: without Redis every request reads the database.
 */
@Injectable()
export class SlipListCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SlipListCache.name);
  private readonly client: Redis;
  private readonly prefix: string;
  private lastWarnAt = 0;

  constructor(
    config: AppConfig,
    private readonly events: SlipEvents,
  ) {
    this.prefix = `${config.redis.prefix}:slips`;
    this.client = new Redis({ ...redisConnectionOptions(config.redis.url), maxRetriesPerRequest: 1, commandTimeout: 500, lazyConnect: true });
    this.client.on('error', () => undefined);
  }

  onModuleInit(): void {
    this.events.onPublished(() => this.clear());
    this.events.onSettled(() => this.clear());
  }

  async onApplicationShutdown(): Promise<void> {
    this.client.disconnect();
  }

  /** The cached value of `name`, else `load()` stored for LIST_CACHE_TTL_S seconds. */
  async get<T>(name: string, load: () => Promise<T>): Promise<T> {
    const key = `${this.prefix}:list:${name}`;
    try {
      await this.connect();
      const hit = await this.client.get(key);
      if (hit !== null) return JSON.parse(hit) as T;
    } catch (err) {
      this.warn(err);
      return load();
    }
    const value = await load();
    try {
      await this.client.multi().set(key, JSON.stringify(value), 'EX', LIST_CACHE_TTL_S).sadd(`${this.prefix}:lists`, key).expire(`${this.prefix}:lists`, 3600).exec();
    } catch (err) {
      this.warn(err);
    }
    return value;
  }

  /** Drops every cached list (after a publish or a settlement). */
  async clear(): Promise<void> {
    try {
      await this.connect();
      const keys = await this.client.smembers(`${this.prefix}:lists`);
      if (keys.length) await this.client.del(...keys, `${this.prefix}:lists`);
    } catch (err) {
      this.warn(err);
    }
  }

  private async connect(): Promise<void> {
    if (this.client.status === 'wait') await this.client.connect();
  }

  private warn(err: unknown): void {
    if (Date.now() - this.lastWarnAt < 60_000) return;
    this.lastWarnAt = Date.now();
    this.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'slip list cache unavailable; reading the database');
  }
}
