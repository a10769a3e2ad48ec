import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { RATE_LIMIT_PER_IP } from './rate-limit.constants';
import { THROTTLER } from './rate-limit.guard';
import { RedisThrottlerStorage } from './redis-throttler.storage';

@Module({ providers: [RedisThrottlerStorage], exports: [RedisThrottlerStorage] })
class RateLimitStorageModule {}

/**
 * @nestjs/throttler with Redis storage (global). Two throttlers: `ip` (every @RateLimit route,
 * per client IP) and `target` (limits set per route by @RateLimit). Nothing is limited unless
 * a route carries @RateLimit (the guard is per route, not global).
 */
export const RateLimitModule = ThrottlerModule.forRootAsync({
  imports: [RateLimitStorageModule],
  inject: [RedisThrottlerStorage],
  useFactory: (storage: RedisThrottlerStorage) => ({
    storage,
    throttlers: [
      { name: THROTTLER.IP, ttl: RATE_LIMIT_PER_IP.ttlMs, limit: RATE_LIMIT_PER_IP.limit },
      // Routes override this one with their own limit (@RateLimit); the default only applies to a
      // route guarded by RateLimitGuard without @RateLimit.
      { name: THROTTLER.TARGET, ttl: 60_000, limit: 20 },
    ],
  }),
});
