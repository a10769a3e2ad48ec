import { randomInt } from 'crypto';
import type { TestContext, TestResponse } from '../../setup/test-app';

/** One request of the abuse tests: raw payload allowed (invalid UTF-8, truncated JSON), own client address. */
export interface RawRequest {
  method: string;
  url: string;
  /** Serialised as JSON unless a Buffer or string (sent as is). */
  body?: unknown;
  headers?: Record<string, string>;
  token?: string;
  /** The TCP peer address Fastify sees (default: a fresh random one, so per-address limits do not pile up). */
  ip?: string;
}

/** A random private IPv4 address. */
export const randomIp = (): string =>
  `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/**
 * Sends one request through Fastify's inject with `remoteAddress` set: the client address is the
 * peer's whatever proxy headers the app trusts, so rate limits per address do not end a test early.
 */
export const send = async (t: TestContext, r: RawRequest): Promise<TestResponse> => {
  const headers: Record<string, string> = { ...(r.headers ?? {}) };
  if (r.token) headers.authorization = `Bearer ${r.token}`;
  let payload: string | Buffer | undefined;
  if (r.body !== undefined) {
    if (Buffer.isBuffer(r.body) || typeof r.body === 'string') payload = r.body;
    else payload = JSON.stringify(r.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/json';
  }
  const fastify = t.app.getHttpAdapter().getInstance();
  const res = await fastify.inject({
    method: r.method as 'GET',
    url: r.url,
    headers,
    payload,
    remoteAddress: r.ip ?? randomIp(),
  });
  let body: unknown;
  if (String(res.headers['content-type'] ?? '').includes('json') && res.body) {
    try {
      body = JSON.parse(res.body);
    } catch {
      body = undefined;
    }
  }
  return {
    status: res.statusCode,
    headers: res.headers as TestResponse['headers'],
    text: res.body,
    body,
  };
};

/** One operation of the served OpenAPI document. */
export interface ApiOperation {
  method: string;
  /** OpenAPI path with `{param}` placeholders. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The JSON body schema (components resolved one level) when the operation declares one. */
  bodySchema?: { properties?: Record<string, { type?: string }>; required?: string[] };
  multipart: boolean;
}

/** Every operation of GET /api/docs-json (the document the app serves), in document order. */
export const openApiOperations = async (t: TestContext): Promise<ApiOperation[]> => {
  const res = await t.request('GET', '/api/docs-json');
  if (res.status !== 200) throw new Error(`GET /api/docs-json: ${res.status}`);
  const doc = res.body as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content: Record<string, { schema: any }> };
        }
      >
    >;
    components?: { schemas?: Record<string, any> };
  };
  const ops: ApiOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      let schema = content['application/json']?.schema;
      if (schema?.$ref) schema = doc.components?.schemas?.[String(schema.$ref).split('/').pop()!];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodySchema: schema,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return ops;
};

/** `path` with each `{name}` replaced by `values[name]` (URL-encoded unless `raw`), or `fallback`. */
export const fillPath = (
  path: string,
  values: Record<string, string>,
  fallback = '1',
  raw = false,
): string =>
  path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = values[name] ?? fallback;
    return raw ? v : encodeURIComponent(v);
  });

/**
 * What a response body must never show a client: a stack frame, a driver or SQL error, SQL text.
 * Returns the first offending pattern, or undefined.
 */
export const INTERNALS: RegExp[] = [
  /\bat [\w$.<>]+ \(/, // stack frame "at fn (file:line)"
  /\bat (?:async )?\/[\w/.-]+:\d+/, // stack frame "at /path/file.js:1:2"
  /node_modules/,
  /QueryFailedError|EntityNotFound|TypeORMError|PostgresError/,
  /\bSELECT\b.+\bFROM\b/i,
  /\b(?:INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/i,
  /relation "[^"]+"/,
  /column "[^"]+"/,
  /invalid input syntax for/,
  /violates (?:not-null|unique|foreign key|check) constraint/,
  /duplicate key value/,
  /Maximum call stack size exceeded/,
  /Cannot read propert(?:y|ies) of/,
  /is not a function/,
  /\bRangeError\b|\bTypeError\b|\bReferenceError\b/,
];
export const leakedInternals = (text: string): RegExp | undefined =>
  INTERNALS.find((re) => re.test(text));

/** One route of the Nest router, with what the global guards read from it. */
export interface NestRoute {
  method: string;
  /** Path with `{param}` placeholders, as in the OpenAPI document (`*` kept for wildcards). */
  path: string;
  /** Marked @Public() (on the handler or its controller): the global JWT guard lets visitors in. */
  isPublic: boolean;
  /** @Roles(...) of the handler or its controller, if any. */
  roles: string[];
  controller: string;
  handler: string;
}

/**
 * Every route the Nest router serves (all controllers of all modules, OpenAPI-excluded ones
 * included), read from the same metadata the router and the global guards read.
 */
export const nestRoutes = (t: TestContext): NestRoute[] => {
  const { PATH_METADATA, METHOD_METADATA } = require('@nestjs/common/constants') as {
    PATH_METADATA: string;
    METHOD_METADATA: string;
  };
  const { RequestMethod } = require('@nestjs/common') as typeof import('@nestjs/common');
  const { ModulesContainer, MetadataScanner, Reflector } =
    require('@nestjs/core') as typeof import('@nestjs/core');
  const { IS_PUBLIC_KEY } = require('../../../src/common/decorators/public.decorator') as {
    IS_PUBLIC_KEY: string;
  };
  const { ROLES_KEY } = require('../../../src/common/decorators/roles.decorator') as {
    ROLES_KEY: string;
  };
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const asList = (v: unknown): string[] =>
    v === undefined ? [] : Array.isArray(v) ? v : [String(v)];
  const routes: NestRoute[] = [];
  const seen = new Set<string>();
  for (const mod of t.app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const metatype = wrapper.metatype as (new (...a: unknown[]) => unknown) | undefined;
      if (!metatype?.prototype) continue;
      const prefixes = asList(Reflect.getMetadata(PATH_METADATA, metatype));
      for (const name of scanner.getAllMethodNames(metatype.prototype)) {
        const handler = (metatype.prototype as Record<string, unknown>)[name] as object;
        const paths = Reflect.getMetadata(PATH_METADATA, handler);
        if (paths === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        for (const prefix of prefixes.length ? prefixes : ['']) {
          for (const p of asList(paths)) {
            const trailing = p.endsWith('//');
            let path = `/${[prefix, p].filter((s) => s && s !== '/').join('/')}`
              .replace(/\/+/g, '/')
              .replace(/\/$/, '');
            if (trailing) path += '/';
            path = (path || '/').replace(/:(\w+)/g, '{$1}');
            const key = `${method} ${path}`;
            if (seen.has(key)) continue;
            seen.add(key);
            routes.push({
              method,
              path,
              isPublic: !!reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
                handler as () => void,
                metatype,
              ]),
              roles:
                reflector.getAllAndOverride<string[]>(ROLES_KEY, [
                  handler as () => void,
                  metatype,
                ]) ?? [],
              controller: metatype.name,
              handler: name,
            });
          }
        }
      }
    }
  }
  return routes;
};
