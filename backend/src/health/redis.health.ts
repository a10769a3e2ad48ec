import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';

/** Terminus indicator: PING on a dedicated, non-retrying Redis connection (fails fast when Redis is down). */
@Injectable()
export class RedisHealthIndicator implements OnModuleDestroy {
  private readonly client: Redis;
  constructor(
    config: AppConfig,
    private readonly indicators: HealthIndicatorService,
  ) {
    this.client = new Redis(config.redis.url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      retryStrategy: () => 1000,
    });
    this.client.on('error', () => undefined); // reported through the health check, not the log
  }

  async check(key: string, timeoutMs = 1000): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check(key);
    try {
      if (this.client.status === 'wait' || this.client.status === 'end')
        await this.client.connect();
      const pong = await Promise.race([
        this.client.ping(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), timeoutMs),
        ),
      ]);
      return pong === 'PONG' ? indicator.up() : indicator.down({ message: String(pong) });
    } catch (err) {
      return indicator.down({ message: err instanceof Error ? err.message : String(err) });
    }
  }

  onModuleDestroy(): void {
    this.client.disconnect();
  }
}
