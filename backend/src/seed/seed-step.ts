import { INestApplicationContext } from '@nestjs/common';

/**
 * One step of `npm run seed`. Steps run in order on every start (`npm start` runs migrate then
 * seed), so each must be idempotent: do its work on an empty database, change nothing otherwise.
 * `run` returns a one-line summary for the log.
 */
export interface SeedStep {
  name: string;
  run(app: INestApplicationContext): Promise<string>;
}
