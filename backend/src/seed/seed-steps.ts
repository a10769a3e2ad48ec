import { INestApplicationContext } from '@nestjs/common';
import { blogSeedStep } from './blog.seed';
import { demoMarketplaceSeedStep } from './demo-marketplace.seed';
import { financeSeedStep } from './finance.seed';
import { fixturesSeedStep } from './fixtures.seed';
import { premiumSeedStep } from './premium.seed';
import { jackpotSeedStep } from './jackpot.seed';

/**
 * One step of `npm run seed`. Steps run in order on every start (`npm start` runs migrate then
 * seed), so each must be idempotent: do its work on an empty database, change nothing otherwise.
 * `run` returns a one-line summary for the log.
 */
export interface SeedStep {
  name: string;
  run(app: INestApplicationContext): Promise<string>;
}

/** The seed, in order. Later steps build on earlier ones (e.g. the demo marketplace after fixtures). */
export const SEED_STEPS: SeedStep[] = [fixturesSeedStep, demoMarketplaceSeedStep, jackpotSeedStep, blogSeedStep, financeSeedStep, premiumSeedStep];
