/**
 * Fills the records tables for `npm run bench` (deep.mjs): the bench's API runs ROLE=api, where
 * the records catch-up of a worker does not run, so this boots the built app's module graph
 * (`AppModule.forRoot('api')`, no HTTP listener) and calls the app's own `RecordsService.catchUp()`
 * (docs/PRODUCT-RULES.md "Records and responsible gambling"), then prints `{"counted":N,"ms":T}`.
 * Usage: `node bench/records-catchup.cjs <dist dir>` with the bench's environment (DATABASE_URL, REDIS_PREFIX...).
 */
'use strict';
const { join, resolve } = require('node:path');

const dist = resolve(process.argv[2] ?? join(__dirname, '..', 'dist'));
const { NestFactory } = require('@nestjs/core');
const { AppModule } = require(join(dist, 'app.module.js'));
const { RecordsService } = require(join(dist, 'modules/records/records.service.js'));

(async () => {
  const t0 = Date.now();
  const app = await NestFactory.createApplicationContext(AppModule.forRoot('api'), {
    logger: ['error'],
  });
  try {
    const counted = await app.get(RecordsService).catchUp();
    console.log(JSON.stringify({ counted, ms: Date.now() - t0 }));
  } finally {
    await app.close();
  }
})().catch((err) => {
  console.error(err);
  process.exit(1);
});
