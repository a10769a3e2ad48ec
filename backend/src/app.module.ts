import { DynamicModule, Module, Type } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from './config/app-config';
import { AppConfigModule } from './config/config.module';
import { ProcessRole } from './config/env';
import { loadEnv } from './config/load-env';
import { QueuesModule } from './common/queues/queues.module';
import { dataSourceOptions } from './database/data-source';
import { HealthModule } from './health/health.module';
import { AccountModule } from './modules/account/account.module';
import { BackofficeModule } from './modules/backoffice/backoffice.module';
import { BlogModule } from './modules/blog/blog.module';
import { FinanceModule } from './modules/finance/finance.module';
import { FixturesModule } from './modules/fixtures/fixtures.module';
import { JackpotModule } from './modules/jackpot/jackpot.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { ProcessorModule } from './modules/processor/processor.module';
import { SlipModule } from './modules/slip/slip.module';
import { SubscriptionModule } from './modules/subscription/subscription.module';
import { RgModule } from './modules/rg/rg.module';
import { BuyerModule } from './modules/buyer/buyer.module';
import { RecordsModule } from './modules/records/records.module';
import { TransparencyModule } from './modules/transparency/transparency.module';
import { QueueBoardModule } from './common/queues/queue-board.module';
import { JobsModule } from './jobs/jobs.module';
import { SandboxModule } from './sandbox/sandbox.module';
import { ClockModule } from './common/clock/clock.module';
import { SeoModule } from './modules/seo/seo.module';
import { GeoModule } from './common/geo/geo.module';
import { UssdModule } from './modules/ussd/ussd.module';
import { PrivacyModule } from './modules/privacy/privacy.module';

/** The feature modules of docs/ARCHITECTURE.md, loaded by every process. */
export const FEATURE_MODULES: Type[] = [
  AccountModule,
  FixturesModule,
  SlipModule,
  JackpotModule,
  SubscriptionModule,
  ProcessorModule,
  FinanceModule,
  BlogModule,
  NotificationsModule,
  BackofficeModule,
  RgModule,
  RecordsModule,
  TransparencyModule,
  BuyerModule,
  UssdModule,
  PrivacyModule,
];

/**
 * Root module. ROLE decides what loads (immich-style split): `api` serves HTTP, `worker` runs the
 * BullMQ processors and job schedulers, `all` does both in one process (`npm start`).
 */
@Module({})
export class AppModule {
  static forRoot(role: ProcessRole = loadEnv().ROLE): DynamicModule {
    const api = role !== 'worker';
    const worker = role !== 'api';
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(),
        ClockModule,
        LoggerModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            pinoHttp: {
              level: config.logLevel,
              redact: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.headers["verif-hash"]',
              ],
              autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
            },
            forRoutes: [{ path: '{*splat}', method: 0 }],
          }),
        }),
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            ...dataSourceOptions(config.databaseUrl),
            autoLoadEntities: true,
            retryAttempts: 3,
            retryDelay: 1000,
          }),
        }),
        QueuesModule,
        ...FEATURE_MODULES,
        SandboxModule.forRoot(), // provider sandboxes; 404 for /sandbox when off (always in production)
        ...(api ? [HealthModule, QueueBoardModule, SeoModule, GeoModule] : []),
        ...(worker ? [JobsModule] : []),
      ],
    };
  }
}
