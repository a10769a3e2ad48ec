import { Logger } from '@nestjs/common';
import { AppConfig } from './config/app-config';
import { publicUrlPortWarning } from './config/env';
import { loadEnv } from './config/load-env';
import { createHttpApp } from './app.setup';

/** HTTP API entry (ROLE=api, or ROLE=all to run the worker in the same process). */
const bootstrap = async (): Promise<void> => {
  const env = loadEnv();
  const role = env.ROLE === 'worker' ? 'api' : env.ROLE;
  const app = await createHttpApp(role);
  const config = app.get(AppConfig);
  const warning = publicUrlPortWarning({ ...config.raw, ROLE: role });
  if (warning) new Logger('Config').warn(warning);
  await app.listen({ port: config.port, host: '0.0.0.0' });
  console.log(`marketplace (${role}) on http://localhost:${config.port}`);
};

bootstrap().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
