import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { CLOCK, type Clock } from '../../common/clock/clock';
import { HotJsonCache, JsonBytes, TimedJson } from '../../common/cache/hot-json-cache';
import { VisitorTagSource } from '../../common/cache/visitor-response-cache';
import { AppConfig } from '../../config/app-config';
import { TopGamesCache } from '../fixtures/top-games-cache';
import { SlipEvents } from './slip-events';

/** Seconds a public list response is served from the cache (docs/ARCHITECTURE.md "Speed"). */
export const LIST_CACHE_TTL_S = 5;
/**
 * Longest a list page whose games cannot change yet is served (seconds): until its first game
 * kicks off, at most this (publish and settlement drop it at once anyway). Bounds how long other
 * changes (a new avatar) take to show.
 */
export const LIST_CACHE_MAX_TTL_S = 60;

/**
 * Cache of the public hot lists (home tabs, active and finished pages, leaderboard) as visitors see
 * them: the same bytes for everyone, pre-serialised JSON kept in process and in Redis (HotJsonCache),
 * so one query serves every request and replica for a few seconds — a slip page whose games cannot
 * change before its first kick-off up to a minute (its generation ends it sooner). Keys
 * `<REDIS_PREFIX>:slips:list:<name>`, all listed in `<REDIS_PREFIX>:slips:lists` and dropped, in
 * every process, on each publish and settlement (which also change top games' tip counts and
 * live games: the top-games cache is dropped on publish too). Fails open: without Redis every
 * process caches on its own for LIST_CACHE_TTL_S.
 */
@Injectable()
export class SlipListCache implements OnModuleInit, OnApplicationShutdown, VisitorTagSource {
  private readonly cache: HotJsonCache;

  constructor(
    config: AppConfig,
    private readonly events: SlipEvents,
    private readonly topGames: TopGamesCache,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.cache = new HotJsonCache({
      redisUrl: config.redis.url,
      namespace: `${config.redis.prefix}:slips`,
      ttlSeconds: LIST_CACHE_TTL_S,
      maxTtlSeconds: LIST_CACHE_MAX_TTL_S,
      name: SlipListCache.name,
      clock,
    });
  }

  async onModuleInit(): Promise<void> {
    this.events.onPublished(() =>
      Promise.all([this.clear(), this.topGames.clear()]).then(() => undefined),
    );
    this.events.onSettledBatch(() => this.clear());
    await this.cache.listen();
  }

  onApplicationShutdown(): void {
    this.cache.close();
  }

  /**
   * The JSON bytes of list `name`, else `load()` serialised and kept LIST_CACHE_TTL_S seconds, or
   * as long as a `timedJson` result asks within LIST_CACHE_MAX_TTL_S.
   */
  get<T>(name: string, load: () => Promise<T | TimedJson<T>>): Promise<JsonBytes<T>> {
    return this.cache.json(name, load);
  }

  /** Changes whenever the lists are dropped in this process (see HotJsonCache.generationNow). */
  get generation(): number {
    return this.cache.generationNow;
  }

  /** The visitors' fast path tag of the lists' routes (docs/PRODUCT-RULES.md "Lists and caches"): the generation. */
  visitorTag(): number {
    return this.generation;
  }

  /** Drops every cached list in every process (after a publish or a settlement). */
  clear(): Promise<void> {
    return this.cache.clear();
  }
}
