import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { CacheStatsController } from './cache-stats.controller';
import { HealthController } from './health.controller';
import { RedisHealthIndicator } from './redis.health';

@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json', logger: false })],
  controllers: [HealthController, CacheStatsController],
  providers: [RedisHealthIndicator],
})
export class HealthModule {}
