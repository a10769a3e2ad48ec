import { blogSeedStep } from './blog.seed';
import { demoMarketplaceSeedStep } from './demo-marketplace.seed';
import { financeSeedStep } from './finance.seed';
import { fixturesSeedStep } from './fixtures.seed';
import { premiumSeedStep } from './premium.seed';
import { jackpotSeedStep } from './jackpot.seed';
import type { SeedStep } from './seed-step';

/** The seed, in order. Later steps build on earlier ones (e.g. the demo marketplace after fixtures). */
export const SEED_STEPS: SeedStep[] = [
  fixturesSeedStep,
  demoMarketplaceSeedStep,
  jackpotSeedStep,
  blogSeedStep,
  financeSeedStep,
  premiumSeedStep,
];
