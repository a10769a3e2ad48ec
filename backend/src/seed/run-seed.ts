import { NestFactory } from '@nestjs/core';
import { loadEnv } from '../config/load-env';
import { SeedModule } from './seed.module';
import type { SeedStep } from './seed-step';
import { SEED_STEPS } from './seed-steps';

/**
 * Runs the seed steps in order inside one application context (Nest logs errors and warnings
 * only, e.g. malformed data rows); stops at the first failure. Returns each step's summary line,
 * also passed to `report` as it completes.
 */
export const runSeed = async (
  steps: SeedStep[] = SEED_STEPS,
  report: (line: string) => void = () => {},
): Promise<string[]> => {
  const app = await NestFactory.createApplicationContext(SeedModule.forRoot(), {
    logger: ['error', 'warn'],
  });
  const lines: string[] = [];
  try {
    for (const step of steps) {
      const started = Date.now();
      const summary = await step.run(app);
      lines.push(`${step.name}: ${summary}`);
      report(`seed ${step.name}: ${summary} (${Date.now() - started} ms)`);
    }
  } finally {
    await app.close();
  }
  return lines;
};

/** `npm run seed` (dist/seed/run-seed.js); also run by `npm start` after the migrations. */
if (require.main === module) {
  loadEnv();
  runSeed(SEED_STEPS, (line) => console.log(line))
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(
        `seed failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      process.exit(1);
    });
}
