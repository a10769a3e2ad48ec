import type { RedisOptions } from 'ioredis';

/**
 * ioredis options from a redis:// URL. `maxRetriesPerRequest: null` is required by BullMQ
 * workers; reconnects back off up to 5 s so a Redis restart heals by itself.
 */
export const redisConnectionOptions = (url: string): RedisOptions => {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(times * 200, 5000),
  };
};
