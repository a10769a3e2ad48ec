import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { redisConnectionOptions } from './redis-connection';
import { JobInbox } from './job-inbox.entity';
import { JobInboxRepository } from './job-inbox.repository';
import { JobProducer } from './job-producer.service';
import { ALL_QUEUES } from './queues';

/** BullMQ on Redis: the four queues of docs/ARCHITECTURE.md plus `maintenance` (housekeeping schedules), and the JobProducer every module uses. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        connection: redisConnectionOptions(config.redis.url),
        prefix: config.redis.prefix,
      }),
    }),
    BullModule.registerQueue(...ALL_QUEUES.map((name) => ({ name }))),
    TypeOrmModule.forFeature([JobInbox]),
  ],
  providers: [JobInboxRepository, JobProducer],
  exports: [BullModule, JobProducer],
})
export class QueuesModule {}
