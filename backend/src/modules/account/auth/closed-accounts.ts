import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { redisConnectionOptions } from '../../../common/queues/redis-connection';
import { AppConfig } from '../../../config/app-config';

/** Least time between two warnings about Redis (ms, real time: a log line's rate limit). */
const WARN_EVERY_MS = 60_000;

/**
 * The closed accounts whose access tokens every authenticated route refuses at once
 * (docs/PRODUCT-RULES.md R264; docs/ARCHITECTURE.md "Closed accounts' tokens"), without a database
 * read per request: each API process keeps the ids in memory and `isClosed` is a Set lookup.
 *
 * The ids live in one Redis set (`<REDIS_PREFIX>:auth:closed`, never expired: a closed account is
 * closed for good and an id is a few bytes). `markClosed` adds the id here, to the set and
 * publishes it on `<REDIS_PREFIX>:auth:closed:events`; every process subscribes to that channel and
 * (re)loads the whole set each time its subscriber connects, after subscribing, so a process
 * started later, or one that lost Redis for a while, misses no closing. Fails open: while Redis
 * cannot be reached a process knows the closings it loaded or made itself; the account routes
 * still refuse a closed account from the database, and the token expires within its lifetime.
 * Only processes that serve HTTP listen (ROLE api or all).
 */
@Injectable()
export class ClosedAccounts implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ClosedAccounts.name);
  private readonly ids = new Set<number>();
  private readonly client: Redis;
  private subscriber: Redis | null = null;
  private readonly key: string;
  private readonly channel: string;
  private lastWarnAt = 0;

  constructor(private readonly config: AppConfig) {
    this.key = `${config.redis.prefix}:auth:closed`;
    this.channel = `${this.key}:events`;
    this.client = new Redis({
      ...redisConnectionOptions(config.redis.url),
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
      lazyConnect: true,
    });
    this.client.on('error', () => undefined); // reported by the calls that fail
  }

  /** Starts listening in processes that serve HTTP. Never throws. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.runsApi) await this.listen();
  }

  /** Closes both Redis connections. */
  onApplicationShutdown(): void {
    this.client.disconnect();
    this.subscriber?.disconnect();
  }

  /**
   * Subscribes to other processes' closings and loads the set (again after every reconnect).
   * Idempotent; never throws. Resolves once the first load was tried.
   */
  async listen(): Promise<void> {
    if (this.subscriber) return;
    const sub = new Redis({ ...redisConnectionOptions(this.config.redis.url), lazyConnect: true });
    this.subscriber = sub;
    sub.on('error', () => undefined);
    sub.on('message', (_channel: string, id: string) => this.remember(id));
    let connectedBefore = false;
    // A reconnected subscriber has subscribed again (ioredis restores it) before it is ready.
    sub.on('ready', () => {
      if (connectedBefore) void this.load(); // load() logs its own failure
      connectedBefore = true;
    });
    try {
      await sub.connect();
      await sub.subscribe(this.channel);
    } catch (err) {
      this.warn(err);
    }
    await this.load();
  }

  /** True when account `userId` was closed (this process's copy; no I/O). */
  isClosed(userId: number): boolean {
    return this.ids.has(userId);
  }

  /**
   * Records that account `userId` is closed, for this process at once and for every other through
   * Redis; called after the closing's transaction committed. A Redis failure is logged, not thrown
   * (the closing itself is done; see the class comment).
   */
  async markClosed(userId: number): Promise<void> {
    this.ids.add(userId);
    try {
      await this.connect();
      await this.client.sadd(this.key, String(userId));
      await this.client.publish(this.channel, String(userId));
    } catch (err) {
      this.warn(err);
    }
  }

  private async load(): Promise<void> {
    try {
      await this.connect();
      for (const id of await this.client.smembers(this.key)) this.remember(id);
    } catch (err) {
      this.warn(err);
    }
  }

  private remember(id: string): void {
    const n = Number(id);
    if (Number.isSafeInteger(n) && n > 0) this.ids.add(n);
  }

  private async connect(): Promise<void> {
    if (this.client.status === 'wait') await this.client.connect();
  }

  private warn(err: unknown): void {
    if (Date.now() - this.lastWarnAt < WARN_EVERY_MS) return;
    this.lastWarnAt = Date.now();
    this.logger.warn(
      `closed accounts: Redis unavailable (${(err as Error)?.message ?? String(err)})`,
    );
  }
}
