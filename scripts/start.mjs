/**
 * `npm start`: builds what is out of date, makes sure PostgreSQL and Redis answer (falling back to
 * an embedded PostgreSQL under .data/pg and a private redis-server when DATABASE_URL / REDIS_URL
 * are unset and nothing answers on the defaults), runs migrations and the seed, then serves the
 * marketplace (api + worker, ROLE=all unless set) on http://localhost:PORT (3000). PUBLIC_URL is
 * left to the app, whose default follows PORT (backend/src/config/env.ts), so `PORT=3101 npm start`
 * alone serves, pays and links on 3101.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildIfNeeded,
  loadDotenv,
  log,
  NO_REDIS_MESSAGE,
  postgresAnswers,
  redisAnswers,
  ROOT,
  startEmbeddedPostgres,
  startLocalRedis,
} from './lib.mjs';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/tips';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const main = async () => {
  loadDotenv();
  buildIfNeeded();
  const env = { ...process.env };
  const stops = [];

  if (!env.DATABASE_URL) {
    const maintenance = DEFAULT_DATABASE_URL.replace(/\/tips$/, '/postgres');
    if (await postgresAnswers(maintenance)) env.DATABASE_URL = DEFAULT_DATABASE_URL;
    else {
      log('no PostgreSQL on 127.0.0.1:5432 and DATABASE_URL unset: using the embedded PostgreSQL');
      const pg = await startEmbeddedPostgres('tips');
      env.DATABASE_URL = pg.url;
      stops.push(pg.stop);
    }
  }
  if (!env.REDIS_URL) {
    if (await redisAnswers(DEFAULT_REDIS_URL)) env.REDIS_URL = DEFAULT_REDIS_URL;
    else {
      log('no Redis on 127.0.0.1:6379 and REDIS_URL unset: starting a private redis-server');
      const redis = await startLocalRedis();
      if (!redis) throw new Error(NO_REDIS_MESSAGE);
      env.REDIS_URL = redis.url;
      stops.push(redis.stop);
    }
  } else if (!(await redisAnswers(env.REDIS_URL))) {
    log(`warning: Redis at REDIS_URL does not answer yet; queues retry until it does`);
  }

  const node = (file) =>
    new Promise((resolveRun, reject) => {
      const child = spawn(process.execPath, [join(ROOT, 'backend', 'dist', file)], {
        cwd: ROOT,
        env,
        stdio: 'inherit',
      });
      child.on('exit', (code) =>
        code === 0 ? resolveRun() : reject(new Error(`${file} exited with ${code}`)),
      );
    });
  await node('database/migrate.js');
  if (existsSync(join(ROOT, 'backend', 'dist', 'seed', 'run-seed.js')))
    await node('seed/run-seed.js');

  const server = spawn(process.execPath, [join(ROOT, 'backend', 'dist', 'main.js')], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  const shutdown = async (code) => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
    process.exit(code);
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
  server.on('exit', (code) => void shutdown(code ?? 0));
};

main().catch((err) => {
  console.error(`[tips] start failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
