import { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../modules/account/auth/password-hasher';
import { ReplayClock } from '../modules/fixtures/replay-clock.service';
import { JackpotCompany, JackpotType } from '../modules/jackpot/domain/jackpot-slug';
import { jackpotOddsFit } from '../modules/jackpot/domain/jackpot-rules';
import { JackpotService } from '../modules/jackpot/jackpot.service';
import { slipAccumulator } from '../modules/slip/domain/slip-rules';
import type { SeedStep } from './seed-step';

/** The platform account owning the seeded jackpot slips (role admin, no usable password). */
export const PLATFORM_USERNAME = 'platform';

/** This week's four jackpots: company, type, games, Ksh price, title and description. */
export const SEED_JACKPOTS: {
  company: JackpotCompany;
  type: JackpotType;
  games: number;
  price: number;
  title: string;
  description: string;
}[] = [
  {
    company: 'SP',
    type: 'MG',
    games: 17,
    price: 299,
    title: 'SportPesa Mega Jackpot',
    description: 'Our 17 picks for this week’s SportPesa Mega Jackpot.',
  },
  {
    company: 'SP',
    type: 'MW',
    games: 13,
    price: 149,
    title: 'SportPesa Mid Week Jackpot',
    description: 'Our 13 picks for this week’s SportPesa Mid Week Jackpot.',
  },
  {
    company: 'BT',
    type: 'MG',
    games: 15,
    price: 249,
    title: 'Betika Mega Jackpot',
    description: 'Our 15 picks for this week’s Betika Mega Jackpot.',
  },
  {
    company: 'BT',
    type: 'MW',
    games: 13,
    price: 99,
    title: 'Betika Mid Week Jackpot',
    description: 'Our 13 picks for this week’s Betika Mid Week Jackpot.',
  },
];

/** 1X2 markets (HOME WIN, DRAW, AWAY WIN: fixtures domain/markets.ts ids 1-3): a jackpot is a 1X2 coupon. */
const JACKPOT_MARKETS = [1, 2, 3];

interface Candidate {
  id: string;
  /** Favourite: the 1X2 outcome with the lowest odd (ties: lowest market id). */
  marketId: number;
  odd: string;
}

/**
 * Seed step 'jackpots' (docs/PRODUCT-RULES.md "Jackpots"), after the demo marketplace: this week's four jackpots (SP MG 17
 * games, SP MW 13, BT MG 15, BT MW 13) on real upcoming fixtures of the replay clock (not started,
 * kick-off between 1 hour and 7 days ahead, settleable by the replay, 1X2 odds present), each pick
 * the favourite by odds, built through JackpotService (server-quoted odds, every rule), owned by the
 * 'platform' admin account (created here without a usable password when absent). Each jackpot
 * takes the next fixtures by kick-off, so the four share none while the week has enough games.
 * Idempotent: does nothing once any current jackpot exists; skips a jackpot the week cannot fill.
 */
export const seedJackpots = async (app: INestApplicationContext): Promise<string> => {
  const ds = app.get(DataSource);
  const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM jackpot WHERE is_current`);
  if (n > 0) return 'current jackpots exist, nothing to do';
  const frame = await app.get(ReplayClock).frame();
  const rows: { id: string; market_id: number; odd: string }[] = await ds.query(
    `SELECT f.id::text, o.market_id, o.odd::text FROM fixture f JOIN fixture_odds o ON o.fixture_id = f.id AND o.market_id = ANY($3::int[])
      WHERE f.kickoff > $1 AND f.kickoff < $2 AND f.status = 'NS' AND (f.provider <> 'csv' OR f.result_ft_home IS NOT NULL)
      ORDER BY f.kickoff, f.id, o.odd, o.market_id`,
    [
      new Date(frame.dataNow.getTime() + 3600_000),
      new Date(frame.dataNow.getTime() + 7 * 86_400_000),
      JACKPOT_MARKETS,
    ],
  );
  const pool: Candidate[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.id)) continue; // first row of a fixture is its favourite (ordered by odd)
    seen.add(r.id);
    pool.push({ id: r.id, marketId: r.market_id, odd: r.odd });
  }
  const ownerId = await platformAccount(ds);
  if (ownerId === null) return `user '${PLATFORM_USERNAME}' is not an admin, no jackpots`;
  const service = app.get(JackpotService);
  const made: string[] = [];
  let cursor = 0;
  for (const j of SEED_JACKPOTS) {
    if (pool.length < j.games) break;
    // The next `games` fixtures (wrapping around when the week is short), fewer while the odds overflow.
    let games = Array.from({ length: j.games }, (_, i) => pool[(cursor + i) % pool.length]);
    while (games.length > 13 && !jackpotOddsFit(slipAccumulator(games.map((g) => g.odd))))
      games = games.slice(0, -1);
    cursor = (cursor + games.length) % pool.length;
    await service.create(
      {
        company: j.company,
        type: j.type,
        title: j.title,
        description: j.description,
        price: j.price,
        tips: games.map((g) => ({ game: g.id, market: g.marketId })),
      },
      { ownerId },
    );
    made.push(`${j.company} ${j.type} (${games.length} games)`);
  }
  return made.length
    ? `${made.length} jackpots: ${made.join(', ')}`
    : `not enough upcoming fixtures (${pool.length}), no jackpots`;
};

/**
 * Id of the 'platform' admin account, created (no usable password) when absent; null when the
 * name belongs to someone else (a registered user is never promoted to admin by the seed).
 */
const platformAccount = async (ds: DataSource): Promise<number | null> => {
  const hash = await new PasswordHasher().hash(randomBytes(24).toString('base64'));
  await ds.query(
    `INSERT INTO app_user (username, email, password_hash, role, name)
     VALUES ($1, $2, $3, 'admin', 'Tips Desk') ON CONFLICT DO NOTHING`,
    [PLATFORM_USERNAME, 'platform@tips.invalid', hash],
  );
  const [row] = await ds.query(`SELECT id, role FROM app_user WHERE lower(username) = $1`, [
    PLATFORM_USERNAME,
  ]);
  return row?.role === 'admin' ? row.id : null;
};

/** Seed step 'jackpots' (after the demo marketplace). */
export const jackpotSeedStep: SeedStep = {
  name: 'jackpots',
  run: (app) => seedJackpots(app),
};
