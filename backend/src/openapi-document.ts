import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';

/** The document's header: title, description, version and the bearer scheme (served at /api/docs-json). */
export const openApiConfig = (): Omit<OpenAPIObject, 'paths'> =>
  new DocumentBuilder()
    .setTitle('Football tips marketplace API')
    .setDescription(
      'Routes of the product (docs/PRODUCT-RULES.md R140) plus callbacks, back office and sandboxes.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();

/** The OpenAPI document of a built application (every controller's @Api* decorators and DTO shapes). */
export const createOpenApiDocument = (app: INestApplication): OpenAPIObject =>
  SwaggerModule.createDocument(app, openApiConfig());

/**
 * The OpenAPI document the API serves, built without a server, a database or Redis: Nest's preview
 * mode resolves the module graph (controllers and their metadata) without instantiating a provider.
 * It describes a development build of the `api` role (sandbox on), the build the frontend talks to in
 * development and tests; the frontend's generated types come from it (docs/CONTRIBUTING.md "API types").
 */
export const buildOpenApiDocument = async (): Promise<OpenAPIObject> => {
  const saved = { NODE_ENV: process.env.NODE_ENV, SANDBOX_ENABLED: process.env.SANDBOX_ENABLED };
  process.env.NODE_ENV = 'development';
  process.env.SANDBOX_ENABLED = 'true';
  try {
    const app = await NestFactory.create(AppModule.forRoot('api'), new FastifyAdapter(), {
      preview: true,
      logger: false,
      abortOnError: false,
    });
    try {
      return createOpenApiDocument(app);
    } finally {
      await app.close();
    }
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
};
