import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FEATURE_MODULES } from '../app.module';
import { AppConfig } from '../config/app-config';
import { AppConfigModule } from '../config/config.module';
import { ClockModule } from '../common/clock/clock.module';
import { QueuesModule } from '../common/queues/queues.module';
import { dataSourceOptions } from '../database/data-source';

/**
 * What the seed runs in: config, the database, the clock, the queues and every feature module — no HTTP,
 * no worker processors or schedulers (the app's own processes do that work).
 */
@Module({})
export class SeedModule {
  static forRoot(): DynamicModule {
    return {
      module: SeedModule,
      imports: [
        AppConfigModule.forRoot(),
        TypeOrmModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            ...dataSourceOptions(config.databaseUrl),
            autoLoadEntities: true,
          }),
        }),
        ClockModule,
        QueuesModule,
        ...FEATURE_MODULES,
      ],
    };
  }
}
