import { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { nairobiDayStart } from '../common/time/nairobi';
import { ReplayClock } from '../modules/fixtures/replay-clock.service';
import { PremiumSlipsService } from '../modules/slip/premium-slips.service';
import type { SeedStep } from './seed-step';

/** How many seeded open slips become premium. */
export const SEED_PREMIUM_SLIPS = 3;

/**
 * Marks up to three open slips with a game today or tomorrow (Nairobi, shown calendar) premium
 * through PremiumSlipsService, so the subscriber panel shows premium slips after `npm start`
 * (docs/PRODUCT-RULES.md "Subscriptions, premium"). Idempotent: does nothing once any slip is premium.
 * Returns how many slips it marked.
 */
export const seedPremiumSlips = async (app: INestApplicationContext): Promise<number> => {
  const ds = app.get(DataSource);
  const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM slip WHERE premium`);
  if (n > 0) return 0;
  const frame = await app.get(ReplayClock).frame();
  const from = new Date(nairobiDayStart(frame.now).getTime() - frame.offsetMs);
  const to = new Date(from.getTime() + 2 * 86_400_000);
  const rows: { id: number }[] = await ds.query(
    `SELECT s.id FROM slip s
      WHERE s.slip_result IS NULL AND NOT s.jackpot
        AND EXISTS (SELECT 1 FROM tip t JOIN fixture f ON f.id = t.fixture_id
                     WHERE t.slip_id = s.id AND f.kickoff >= $1 AND f.kickoff < $2)
      ORDER BY s.date_created DESC, s.id DESC
      LIMIT ${SEED_PREMIUM_SLIPS}`,
    [from, to],
  );
  const premium = app.get(PremiumSlipsService);
  for (const r of rows) await premium.setPremium(r.id, true);
  return rows.length;
};

/** Seed step 'premium-slips' (after the demo marketplace). */
export const premiumSeedStep: SeedStep = {
  name: 'premium-slips',
  async run(app: INestApplicationContext): Promise<string> {
    const marked = await seedPremiumSlips(app);
    return marked
      ? `${marked} open slips marked premium`
      : 'premium slips exist or no open slip today, nothing to do';
  },
};
