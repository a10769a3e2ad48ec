import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { loadEnv } from './config/load-env';

/** Worker entry: BullMQ processors and job schedulers, no HTTP listener. */
const bootstrap = async (): Promise<void> => {
  loadEnv();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot('worker'), {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  console.log('worker started');
};

bootstrap().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
