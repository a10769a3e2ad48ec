import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { existsSync } from 'fs';
import { Logger } from 'nestjs-pino';
import { join } from 'path';
import { AppModule } from './app.module';
import { registerVisitorFastPath } from './common/cache/visitor-response-cache';
import { CLOCK, type Clock } from './common/clock/clock';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { validationPipeOptions } from './common/validation/validation-options';
import { registerInputGuards } from './common/validation/input-guards';
import { AppConfig, REPO_ROOT } from './config/app-config';
import { ProcessRole } from './config/env';
import { loadEnv } from './config/load-env';
import { createOpenApiDocument } from './openapi-document';
import { protectQueueBoard } from './common/queues/queue-board.auth';
import { ClosedAccounts } from './modules/account/auth/closed-accounts';
import { COMPRESSION_OPTIONS, setFrontendCacheHeaders } from './modules/seo/frontend-static';
import { PageShellService } from './modules/seo/page-shell.service';
import { registerS3SandboxBodies } from './sandbox/s3/s3-sandbox.controller';
import { registerTsaSandboxBodies } from './sandbox/tsa/tsa-sandbox.controller';

/** Where the built frontend lives (`npm run build -w frontend`). */
export const FRONTEND_DIST = join(REPO_ROOT, 'frontend', 'dist');

/**
 * Builds the HTTP application (Fastify adapter: docs/ARCHITECTURE.md "Speed") with everything main.ts
 * and the tests share: pipes, the one error filter, cookies, multipart, Swagger at /api/docs and
 * the built frontend with SPA fallback, so the whole product is served on one port.
 */
export const createHttpApp = async (role: ProcessRole = 'api'): Promise<NestFastifyApplication> => {
  // X-Forwarded-For is believed only from the proxies in TRUST_PROXY (none by default): a client
  // choosing its own address would walk past every per-address rate limit.
  const adapter = new FastifyAdapter({
    trustProxy: AppConfig.fromEnv(loadEnv()).trustProxy,
    bodyLimit: 1_048_576,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(role), adapter, {
    bufferLogs: true,
    rawBody: true,
  });
  app.useLogger(app.get(Logger));
  const config = app.get(AppConfig);

  // Before any route is added: @fastify/compress hooks each route as it is registered.
  await app.register(fastifyCompress, COMPRESSION_OPTIONS);
  await app.register(fastifyCookie);
  const closedAccounts = app.get(ClosedAccounts);
  protectQueueBoard(app.getHttpAdapter().getInstance(), config.jwt.accessSecret, (id) =>
    closedAccounts.isClosed(id),
  );
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  if (config.sandboxEnabled) {
    registerS3SandboxBodies(app.getHttpAdapter().getInstance());
    registerTsaSandboxBodies(app.getHttpAdapter().getInstance());
  }
  // Credentialed cross-origin calls only from our own origins (CORS_ORIGINS, else PUBLIC_URL).
  app.enableCors({
    origin: config.corsOrigins,
    credentials: true,
    exposedHeaders: ['Content-Range'],
  });
  // Visitors' hot GETs answered before Nest middleware (docs/PRODUCT-RULES.md "Lists and caches"); registered before the routes.
  registerVisitorFastPath(
    app.getHttpAdapter().getInstance(),
    (source) => app.get(source, { strict: false }),
    {
      clock: app.get<Clock>(CLOCK),
      onRequest: (hook) => adapter.setOnRequestHook(hook),
    },
  );
  registerInputGuards(app); // JSON depth / UTF-8 at parse time, NUL anywhere: 400
  app.useGlobalPipes(new ValidationPipe(validationPipeOptions));

  const hasFrontend = existsSync(join(FRONTEND_DIST, 'index.html'));
  // Page paths without a route of their own get the app's index.html (with the visitor's country);
  // /, /active_tips, /blog/{slug} and /buy_tip/{id} have routes (SeoController). API-only: none.
  const shell = role === 'worker' ? null : app.get(PageShellService);
  app.useGlobalFilters(
    new AllExceptionsFilter(
      hasFrontend && shell
        ? (reply, request) => (void shell.send(request, reply), true)
        : undefined,
    ),
  );
  if (hasFrontend) {
    await app.register(fastifyStatic, {
      root: FRONTEND_DIST,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: setFrontendCacheHeaders,
      preCompressed: true, // .br/.gz written by the frontend build (vite.config.ts)
    });
  }

  SwaggerModule.setup('api/docs', app, createOpenApiDocument(app));

  app.enableShutdownHooks();
  return app;
};
