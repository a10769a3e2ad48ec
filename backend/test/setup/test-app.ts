import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Type } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'fs';
import Redis from 'ioredis';
import { AddressInfo, createServer } from 'net';
import { join } from 'path';
import { DataSource } from 'typeorm';
import { createHttpApp } from '../../src/app.setup';
import { ProcessRole } from '../../src/config/env';
import { createTestDatabase, TestDatabase } from './test-db';
import { TEST_REDIS_URL, testRunId, testStorageRoot } from './test-env';

/** A response of `TestContext.request`: status, headers, raw text and parsed JSON (when JSON). */
export interface TestResponse<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  body: T;
}

/** What an integration test gets: the whole app on its own database and Redis prefix. */
export interface TestContext {
  app: NestFastifyApplication;
  db: TestDatabase;
  ds: DataSource;
  redisPrefix: string;
  /** This app's STORAGE_DIR: a fresh folder under the run's storage root, removed by close() (unless `env` set another). */
  storageDir: string;
  /** Base URL when started with `listen: true` (providers' sandboxes call back to it). */
  baseUrl: string;
  get<T>(token: Type<T> | string): T;
  /** An HTTP request through Fastify's inject (no socket) or, when listening, the same. */
  request<T = any>(
    method: string,
    url: string,
    opts?: {
      body?: unknown;
      headers?: Record<string, string>;
      token?: string;
      /** The client's socket address (default 127.0.0.1): what rate limits count per, unless a TRUST_PROXY proxy forwards another. */
      remoteAddress?: string;
    },
  ): Promise<TestResponse<T>>;
  close(): Promise<void>;
}

/** A TCP port free right now (bound, then released): nothing listens there until someone does. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Deletes every key of `prefix` (SCAN + DEL of that prefix only; never FLUSHDB on the shared Redis). */
export const deleteRedisKeys = async (prefix: string, url = TEST_REDIS_URL): Promise<void> => {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
};

/**
 * Boots the real application (ROLE `api`, `worker` processors included when role is `all`) on a
 * fresh database cloned from the migrated template, its own Redis key prefix `test-<run>-<db>` and
 * its own STORAGE_DIR under the run's storage root. `env` overrides variables for this file (e.g.
 * SANDBOX_AUTO_ACCEPT). `close()` stops the app, drops the database, deletes the prefix's Redis
 * keys and the storage folder, so a test run leaves nothing behind (scripts/test.mjs checks).
 */
export const createTestContext = async (
  opts: {
    role?: ProcessRole;
    listen?: boolean;
    env?: Record<string, string>;
    /** The DATABASE_URL the app gets for its fresh database's URL (e.g. through a TCP proxy); `db.url` stays direct. */
    databaseUrl?: (url: string) => string;
  } = {},
): Promise<TestContext> => {
  const db = await createTestDatabase();
  const redisPrefix = `test-${testRunId()}-${db.name}`;
  const storageDir = mkdtempSync(join(testStorageRoot(), `${db.name}-`));
  const port = opts.listen ? await freePort() : 0;
  // Without a socket (inject) links say http://localhost, i.e. port 80: PORT agrees with it.
  const baseUrl = opts.listen ? `http://127.0.0.1:${port}` : 'http://localhost';
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    DATABASE_URL: opts.databaseUrl ? opts.databaseUrl(db.url) : db.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    STORAGE_DIR: storageDir,
    PORT: String(port || 80),
    PUBLIC_URL: baseUrl,
    ...opts.env,
  });
  const app = await createHttpApp(opts.role ?? 'api');
  if (opts.listen) await app.listen({ port, host: '127.0.0.1' });
  else {
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  }
  const fastify = app.getHttpAdapter().getInstance();

  const ctx: TestContext = {
    app,
    db,
    ds: app.get(DataSource),
    redisPrefix,
    storageDir,
    baseUrl,
    get: <T>(token: Type<T> | string) => app.get<T>(token as Type<T>, { strict: false }),
    async request(method, url, { body, headers = {}, token, remoteAddress } = {}) {
      const h: Record<string, string> = { ...headers };
      if (token) h.authorization = `Bearer ${token}`;
      let payload: string | Buffer | undefined;
      if (body !== undefined) {
        if (Buffer.isBuffer(body) || typeof body === 'string') payload = body as string | Buffer;
        else {
          payload = JSON.stringify(body);
          h['content-type'] ??= 'application/json';
        }
      }
      const res = await fastify.inject({
        method: method as 'GET',
        url,
        headers: h,
        payload,
        ...(remoteAddress ? { remoteAddress } : {}),
      });
      let parsed: unknown = undefined;
      if (String(res.headers['content-type'] ?? '').includes('json') && res.body)
        parsed = JSON.parse(res.body);
      return {
        status: res.statusCode,
        headers: res.headers as TestResponse['headers'],
        text: res.body,
        body: parsed as any,
      };
    },
    async close() {
      try {
        await app.close();
      } finally {
        await db.drop();
        await deleteRedisKeys(redisPrefix);
        rmSync(storageDir, { recursive: true, force: true });
      }
    },
  };
  return ctx;
};
