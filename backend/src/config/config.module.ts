import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { resolve } from 'path';
import { AppConfig, REPO_ROOT } from './app-config';
import { validateEnv } from './env';

/**
 * Loads `.env` (repository root) under the real environment, validates it once at boot
 * (a bad variable stops the process with its name) and provides the typed AppConfig.
 * `forRoot()` reads the environment when the application is built, not when this file is
 * imported, so one process (a test file) can build apps on different settings.
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(): DynamicModule {
    return {
      module: AppConfigModule,
      imports: [
        ConfigModule.forRoot({
          envFilePath: resolve(REPO_ROOT, '.env'),
          validate: (raw) => ({ __env: validateEnv(raw) }),
          cache: false,
        }),
      ],
      providers: [AppConfig],
      exports: [AppConfig],
    };
  }
}
