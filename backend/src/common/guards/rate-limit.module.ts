import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { RATE_LIMIT_PER_IP } from './rate-limit.constants';
import { RATE_LIMIT_KEYS, THROTTLER } from './rate-limit.guard';
import { RedisThrottlerStorage } from './redis-throttler.storage';

@Module({ providers: [RedisThrottlerStorage], exports: [RedisThrottlerStorage] })
class RateLimitStorageModule {}

/**
 * @nestjs/throttler with Redis storage (global). Throttlers: `ip` (every @RateLimit route, per
 * client address and route: RATE_LIMIT_PER_IP) and one per RateLimitKey, which count only on
 * routes whose @RateLimit gives that key a rule (their default tracker is empty, so they skip).
 * Nothing is limited unless a route carries @RateLimit (the guard is per route, not global).
 */
export const RateLimitModule = ThrottlerModule.forRootAsync({
  imports: [RateLimitStorageModule],
  inject: [RedisThrottlerStorage],
  useFactory: (storage: RedisThrottlerStorage) => ({
    storage,
    throttlers: [
      { name: THROTTLER.IP, ttl: RATE_LIMIT_PER_IP.ttlMs, limit: RATE_LIMIT_PER_IP.limit },
      ...RATE_LIMIT_KEYS.map((name) => ({ name, ttl: 60_000, limit: 1_000, getTracker: () => '' })),
    ],
  }),
});
