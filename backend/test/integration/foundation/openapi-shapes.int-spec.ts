import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { buildOpenApiDocument } from '../../../src/openapi-document';
import { createTestContext, TestContext } from '../../setup/test-app';

jest.setTimeout(120_000);

type Json = Record<string, any>;
/** Metadata keys of @ApiExcludeController / @ApiExcludeEndpoint (@nestjs/swagger's constants, not exported). */
const DECORATORS = {
  API_EXCLUDE_CONTROLLER: 'swagger/apiExcludeController',
  API_EXCLUDE_ENDPOINT: 'swagger/apiExcludeEndpoint',
} as const;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** A schema that says something: a $ref, a type, a combination or properties (never `{}`). */
const hasShape = (schema: Json | undefined): boolean =>
  !!schema &&
  typeof schema === 'object' &&
  ['$ref', 'type', 'oneOf', 'anyOf', 'allOf', 'properties', 'items'].some((k) => k in schema);

/** Problems of one operation: a body without a schema, a 2xx answer without one. */
const problemsOf = (doc: Json, path: string, method: string, op: Json): string[] => {
  const where = `${method.toUpperCase()} ${path}`;
  const out: string[] = [];
  const body = op.requestBody as Json | undefined;
  if (body) {
    const content = (body.content ?? {}) as Json;
    const types = Object.keys(content);
    if (!types.length) out.push(`${where}: request body without content`);
    for (const t of types)
      if (!hasShape(content[t].schema)) out.push(`${where}: request body ${t} without a schema`);
  }
  const responses = (op.responses ?? {}) as Json;
  const ok = Object.keys(responses).filter((code) => /^2\d\d$/.test(code));
  // A route whose success is a redirect (303 to a page) documents that instead.
  if (!ok.length && !Object.keys(responses).some((code) => /^3\d\d$/.test(code)))
    out.push(`${where}: no 2xx or 3xx response`);
  for (const code of ok) {
    const content = (responses[code].content ?? {}) as Json;
    const types = Object.keys(content);
    // 204 No Content (and redirects) have no body by definition.
    if (code === '204') continue;
    if (!types.length) out.push(`${where}: ${code} response without content`);
    for (const t of types)
      if (!hasShape(content[t].schema)) out.push(`${where}: ${code} ${t} without a schema`);
  }
  // Referenced components must exist and not be empty objects.
  const refs =
    JSON.stringify({ body, responses }).match(/#\/components\/schemas\/[A-Za-z0-9_.-]+/g) ?? [];
  for (const ref of new Set(refs)) {
    const name = ref.split('/').pop() as string;
    if (!doc.components?.schemas?.[name]) out.push(`${where}: ${ref} is not defined`);
  }
  return out;
};

describe('OpenAPI document (/api/docs-json)', () => {
  let t: TestContext;
  let doc: Json;

  beforeAll(async () => {
    t = await createTestContext();
    const res = await t.request('GET', '/api/docs-json');
    expect(res.status).toBe(200);
    doc = res.body;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('documents a request schema for every body and a response schema for every 2xx answer', () => {
    const problems: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const method of METHODS) {
        const op = (item as Json)[method];
        if (!op) continue;
        operations += 1;
        problems.push(...problemsOf(doc, path, method, op));
      }
    }
    expect(operations).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });

  it('documents a request body for every documented handler that reads @Body()', () => {
    // operationId is `<Controller>_<method>` (SwaggerModule's default), suffixed per path when a handler has several.
    const byOperation = new Map<string, Json[]>();
    for (const item of Object.values(doc.paths as Json)) {
      for (const method of METHODS) {
        const op = (item as Json)[method];
        if (!op) continue;
        const id =
          /^[A-Za-z0-9]+_[A-Za-z0-9]+/.exec(String(op.operationId))?.[0] ?? String(op.operationId);
        byOperation.set(id, [...(byOperation.get(id) ?? []), op]);
      }
    }
    const missing: string[] = [];
    let handlers = 0;
    for (const mod of t.app.get(ModulesContainer).values()) {
      for (const wrapper of mod.controllers.values()) {
        const type = wrapper.metatype as (new (...a: unknown[]) => unknown) | undefined;
        if (!type || Reflect.getMetadata(DECORATORS.API_EXCLUDE_CONTROLLER, type)?.[0]) continue;
        for (const key of Object.getOwnPropertyNames(type.prototype)) {
          const handler = type.prototype[key];
          if (
            key === 'constructor' ||
            typeof handler !== 'function' ||
            Reflect.getMetadata(PATH_METADATA, handler) === undefined
          )
            continue;
          if (Reflect.getMetadata(DECORATORS.API_EXCLUDE_ENDPOINT, handler)?.disable) continue;
          const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, type, key) ?? {}) as Record<
            string,
            unknown
          >;
          if (!Object.keys(args).some((k) => Number(k.split(':')[0]) === RouteParamtypes.BODY))
            continue;
          handlers += 1;
          const ops = byOperation.get(`${type.name}_${key}`);
          const verb = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
          if (!ops) missing.push(`${type.name}.${key} (${verb}): not in the document`);
          else if (ops.some((op) => !op.requestBody))
            missing.push(`${type.name}.${key} (${verb}): no request body documented`);
        }
      }
    }
    expect(handlers).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('is the document the frontend types are generated from (built without a server: docs/CONTRIBUTING.md "API types")', async () => {
    expect(doc).toEqual(JSON.parse(JSON.stringify(await buildOpenApiDocument())));
  });

  it('documents the buy routes with their fields', () => {
    const schemaOf = (path: string): Json => {
      const s = doc.paths[path].post.requestBody?.content?.['application/json']?.schema as
        Json | undefined;
      const name = s?.$ref?.split('/').pop();
      return name ? doc.components.schemas[name] : (s ?? {});
    };
    expect(schemaOf('/api/processor/buy')).toMatchObject({
      required: expect.arrayContaining(['phone', 'slip']),
    });
    for (const path of ['/api/processor/buy-flw', '/api/processor/buy-flw-ug']) {
      expect(schemaOf(path)).toMatchObject({
        required: expect.arrayContaining(['email', 'slip_id']),
      });
    }
  });
});
