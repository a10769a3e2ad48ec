import { INestApplicationContext } from '@nestjs/common';
import { createHash, randomBytes } from 'crypto';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { fixedClock } from '../common/clock/clock';
import { nairobiDayKey } from '../common/time/nairobi';
import { AVATAR_SIZE_PX } from '../modules/account/account.constants';
import { PasswordHasher } from '../modules/account/auth/password-hasher';
import { toAvatarWebp } from '../modules/account/avatar/avatar-image';
import { AVATAR_STORE, AvatarStore } from '../modules/account/avatar/avatar-storage';
import { AdjustableClock } from '../common/clock/adjustable-clock';
import { FixturesService } from '../modules/fixtures/fixtures.service';
import { ReplayClock } from '../modules/fixtures/replay-clock.service';
import { TipsterStatService } from '../modules/tipster-stats/tipster-stat.service';
import { accumulatorInRange, slipAccumulator } from '../modules/slip/domain/slip-rules';
import { FreeTipService } from '../modules/slip/free-tip.service';
import { SlipPublishService } from '../modules/slip/slip-publish.service';
import { SlipSettlementService } from '../modules/slip/slip-settlement.service';
import { MAX_SLIPS_PER_DAY } from '../modules/slip/slip.constants';
import { DEMO_TIPSTERS } from './demo-tipsters';
import type { SeedStep } from './seed-step';

/** Replayed days of history. */
export const DEMO_HISTORY_DAYS = 60;
/** Markets picks are drawn from (1X2, OU 2.5 / 1.5, BT, DC). */
const PICK_MARKETS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const PRICES = [50, 50, 100, 100, 150, 200, 250, 300, 500, 1000];

/** Deterministic PRNG (mulberry32) so a demo database is the same on every machine. */
const prng =
  (seed: number): (() => number) =>
  () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };

interface Candidate {
  id: string;
  kickoff: Date;
  odds: Map<number, string>;
}

/** A pick drawn from the odds: each market weighted by its implied probability (1 / odd), squared to favour likely outcomes. */
const drawPick = (
  odds: Map<number, string>,
  rnd: () => number,
  style: number,
): { marketId: number; odd: string } | null => {
  const options = PICK_MARKETS.flatMap((m) =>
    odds.has(m)
      ? [{ marketId: m, odd: odds.get(m)!, w: Math.pow(1 / Number(odds.get(m)), style) }]
      : [],
  );
  if (!options.length) return null;
  let r = rnd() * options.reduce((s, o) => s + o.w, 0);
  for (const o of options) if ((r -= o.w) <= 0) return { marketId: o.marketId, odd: o.odd };
  return options[options.length - 1];
};

const oddsOf = async (ds: DataSource, ids: string[]): Promise<Map<string, Map<number, string>>> => {
  const rows: { fixture_id: string; market_id: number; odd: string }[] = await ds.query(
    `SELECT fixture_id::text, market_id, odd::text FROM fixture_odds WHERE fixture_id = ANY($1::bigint[]) AND market_id <= 12`,
    [ids],
  );
  const map = new Map<string, Map<number, string>>();
  for (const r of rows)
    map.set(r.fixture_id, (map.get(r.fixture_id) ?? new Map()).set(r.market_id, r.odd));
  return map;
};

/**
 * Chooses 3-5 candidates and a pick on each whose total odds lie within the range of
 * docs/PRODUCT-RULES.md R5; null when none found.
 */
const buildSlip = (pool: Candidate[], rnd: () => number, style: number) => {
  for (let attempt = 0; attempt < 20; attempt++) {
    const size = 3 + Math.floor(rnd() * 3);
    const games = [...pool].sort(() => rnd() - 0.5).slice(0, size);
    if (games.length < 3) return null;
    const legs = games.flatMap((g) => {
      const pick = drawPick(g.odds, rnd, style);
      return pick ? [{ game: g, ...pick }] : [];
    });
    if (legs.length !== games.length) continue;
    const accumulator = slipAccumulator(legs.map((l) => l.odd));
    if (accumulatorInRange(accumulator)) return { legs, accumulator };
  }
  return null;
};

/** Initials of a display name ('Brian Otieno' → 'BO', 'Ngozi' → 'N'), at most two letters. */
export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join('');

/**
 * A demo tipster's avatar: the initials of `name` in white on a colour derived from `username`
 * (hue from its SHA-256, so every demo tipster differs and a re-run draws the same), drawn as an
 * SVG, rasterised by sharp and passed through the upload pipeline (toAvatarWebp: 256×256 WebP,
 * no metadata), exactly what an uploaded avatar becomes.
 */
export const demoAvatarWebp = async (username: string, name: string): Promise<Buffer> => {
  const hash = createHash('sha256').update(username.toLowerCase()).digest();
  const hue = hash.readUInt16BE(0) % 360;
  const light = 34 + (hash[2] % 14);
  const size = AVATAR_SIZE_PX;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="${size}" height="${size}" fill="hsl(${hue},58%,${light}%)"/>
    <circle cx="${size * 0.82}" cy="${size * 0.18}" r="${size * 0.34}" fill="hsl(${(hue + 40) % 360},60%,${light + 10}%)" fill-opacity="0.55"/>
    <text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"
      font-size="${Math.round(size * 0.42)}" font-weight="700" fill="#ffffff">${initialsOf(name)}</text>
  </svg>`;
  return toAvatarWebp(await sharp(Buffer.from(svg)).png().toBuffer());
};

/**
 * Gives each demo tipster who has no avatar one (demoAvatarWebp), stored through the AvatarStore
 * in use (local disk or S3) and set as `avatar_file`, so profile_image in the leaderboard, slip
 * meta and profiles is a working /media/avatars URL. Idempotent: tipsters with an avatar (their
 * own upload or an earlier run) are left alone. Returns how many avatars it added.
 */
export const seedDemoAvatars = async (app: INestApplicationContext): Promise<number> => {
  const ds = app.get(DataSource);
  const store = app.get<AvatarStore>(AVATAR_STORE);
  const names = new Map(DEMO_TIPSTERS.map(([username, name]) => [username.toLowerCase(), name]));
  const rows: { id: number; username: string }[] = await ds.query(
    `SELECT id, username FROM app_user WHERE lower(username) = ANY($1) AND avatar_file IS NULL ORDER BY id`,
    [[...names.keys()]],
  );
  let added = 0;
  for (const row of rows) {
    const file = await store.put(
      await demoAvatarWebp(row.username, names.get(row.username.toLowerCase())!),
    );
    const updated: [unknown[], number] = await ds.query(
      `UPDATE app_user SET avatar_file = $2, updated_at = now() WHERE id = $1 AND avatar_file IS NULL`,
      [row.id, file],
    );
    if (updated[1] === 1) added += 1;
    else await store.remove(file); // set meanwhile (e.g. the tipster uploaded one)
  }
  return added;
};

/**
 * Demo marketplace (docs/PRODUCT-RULES.md "Lists and caches"), on a database with no slips: 30
 * tipsters; slips over the last 60 replayed days on real fixtures with the fixtures' own odds
 * (picks drawn from those odds, docs/PRODUCT-RULES.md R4, R5, R6, R8 rules kept: 3-5 games, total
 * odds 1.6-100, Ksh 50-1000, at most 2 a Nairobi day, published before the first kick-off), each
 * settled by SlipSettlementService at its last game's end from the real scores; then open slips
 * published through SlipPublishService on upcoming fixtures, and a few free tips; every demo
 * tipster gets a generated avatar (seedDemoAvatars). Idempotent: once any slip exists it only adds
 * the avatars demo tipsters lack. Leaves the fixtures clock on the system clock unless `restore`
 * says otherwise.
 */
export const seedDemoMarketplace = async (
  app: INestApplicationContext,
  opts: { restore?: () => void } = {},
): Promise<string> => {
  const ds = app.get(DataSource);
  const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM slip`);
  if (n > 0) {
    const avatars = await seedDemoAvatars(app);
    return avatars ? `slips exist; ${avatars} demo avatars added` : 'slips exist, nothing to do';
  }
  const clock = app.get(AdjustableClock);
  const start = clock.now();
  const frame = await app.get(ReplayClock).frame();
  const rnd = prng(20261123);

  // Tipsters (no usable password: demo accounts only).
  const hash = await new PasswordHasher().hash(randomBytes(24).toString('base64'));
  const users: { id: number; style: number; activity: number }[] = [];
  for (const [username, name, country, city] of DEMO_TIPSTERS) {
    const [row] = await ds.query(
      `INSERT INTO app_user (username, email, password_hash, role, name, city, country, email_verified_at, created_at)
       VALUES ($1, $2, $3, 'tipster', $4, $5, $6, $7, $7)
       ON CONFLICT (lower(username)) WHERE erased_at IS NULL DO UPDATE SET role = 'tipster' RETURNING id`,
      [
        username,
        `${username.replace('.', '_')}@demo.tips`,
        hash,
        name,
        city,
        country,
        new Date(start.getTime() - 90 * 86_400_000),
      ],
    );
    users.push({ id: row.id, style: 1 + rnd() * 2.5, activity: 0.45 + rnd() * 0.5 });
  }
  await seedDemoAvatars(app);

  // History: finished fixtures of the last 60 shown days, by shown Nairobi day.
  const from = new Date(frame.dataNow.getTime() - DEMO_HISTORY_DAYS * 86_400_000);
  const past: { id: string; kickoff: Date }[] = await ds.query(
    `SELECT f.id::text, f.kickoff FROM fixture f
      WHERE f.kickoff >= $1 AND f.kickoff < $2 AND f.status = 'FT' AND f.finished_at IS NOT NULL
        AND EXISTS (SELECT 1 FROM fixture_odds o WHERE o.fixture_id = f.id AND o.market_id = 1)
      ORDER BY f.kickoff, f.id`,
    [from, new Date(frame.dataNow.getTime() - 3 * 3600_000)],
  );
  const pastOdds = await oddsOf(
    ds,
    past.map((f) => f.id),
  );
  const byDay = new Map<string, Candidate[]>();
  for (const f of past) {
    const shownKickoff = new Date(new Date(f.kickoff).getTime() + frame.offsetMs);
    const day = nairobiDayKey(shownKickoff);
    byDay.set(day, [
      ...(byDay.get(day) ?? []),
      { id: f.id, kickoff: shownKickoff, odds: pastOdds.get(f.id) ?? new Map() },
    ]);
  }
  const published: { id: number; settleAt: Date }[] = [];
  for (const [, pool] of [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (pool.length < 3) continue;
    for (const u of users) {
      let today = 0;
      while (today < MAX_SLIPS_PER_DAY && rnd() < (today === 0 ? u.activity : 0.35)) {
        const slip = buildSlip(pool, rnd, u.style);
        if (!slip) break;
        today += 1;
        const first = Math.min(...slip.legs.map((l) => l.game.kickoff.getTime()));
        const last = Math.max(...slip.legs.map((l) => l.game.kickoff.getTime()));
        const created = new Date(first - (30 + Math.floor(rnd() * 300)) * 60_000);
        const price = PRICES[Math.floor(rnd() * PRICES.length)];
        const id = await ds.transaction(async (em) => {
          const [row] = await em.query(
            `INSERT INTO slip (user_id, price_ksh, accumulator, date_created) VALUES ($1, $2, $3, $4) RETURNING id`,
            [u.id, price, slip.accumulator, created],
          );
          for (const [i, leg] of slip.legs.entries()) {
            await em.query(
              `INSERT INTO tip (slip_id, fixture_id, market_id, odd, position) VALUES ($1, $2, $3, $4, $5)`,
              [row.id, leg.game.id, leg.marketId, leg.odd, i],
            );
          }
          await app.get(TipsterStatService).onPublished(em, u.id);
          await app.get(FixturesService).recordTips(
            slip.legs.map((l) => l.game.id),
            em,
          );
          await app.get(SlipPublishService).seal(em, row.id); // committed to its picks like a published slip
          return row.id as number;
        });
        published.push({ id, settleAt: new Date(last + 125 * 60_000) });
      }
    }
  }

  // Settle each at its last game's end, in that order, through the settlement service.
  const settlement = app.get(SlipSettlementService);
  let settled = 0;
  try {
    for (const s of published.sort((a, b) => a.settleAt.getTime() - b.settleAt.getTime())) {
      clock.set(fixedClock(s.settleAt.toISOString()));
      if (await settlement.settleSlip(s.id)) settled += 1;
    }
  } finally {
    if (opts.restore) opts.restore();
    else clock.reset();
  }

  // Open slips on upcoming fixtures, published through the service (server-quoted odds, every rule).
  const upcoming: { id: string; kickoff: Date }[] = await ds.query(
    `SELECT f.id::text, f.kickoff FROM fixture f
      WHERE f.kickoff > $1 AND f.kickoff < $2 AND f.status = 'NS' AND (f.provider <> 'csv' OR f.result_ft_home IS NOT NULL)
        AND EXISTS (SELECT 1 FROM fixture_odds o WHERE o.fixture_id = f.id AND o.market_id = 1)
      ORDER BY f.kickoff, f.id LIMIT 60`,
    [
      new Date(frame.dataNow.getTime() + 3600_000),
      new Date(frame.dataNow.getTime() + 4 * 86_400_000),
    ],
  );
  const upOdds = await oddsOf(
    ds,
    upcoming.map((f) => f.id),
  );
  const pool = upcoming.map((f) => ({
    id: f.id,
    kickoff: new Date(f.kickoff),
    odds: upOdds.get(f.id) ?? new Map(),
  }));
  const publisher = app.get(SlipPublishService);
  let open = 0;
  if (pool.length >= 3) {
    for (const u of users) {
      if (rnd() > 0.7) continue;
      const slip = buildSlip(pool, rnd, u.style);
      if (!slip) continue;
      try {
        await publisher.publish(u.id, {
          tips: slip.legs.map((l) => ({ game: l.game.id, market: l.marketId })),
          amount: PRICES[Math.floor(rnd() * PRICES.length)],
        });
        open += 1;
      } catch {
        // A game kicked off meanwhile, or today's limit: skip this tipster.
      }
    }
    const free = app.get(FreeTipService);
    for (const g of pool.slice(0, 6)) {
      const pick = drawPick(g.odds, rnd, 4);
      if (pick) await free.add(g.id, pick.marketId);
    }
  }
  return `${users.length} tipsters, ${published.length} past slips (${settled} settled), ${open} open slips`;
};

/** Seed step 'demo-marketplace' (after fixtures). */
export const demoMarketplaceSeedStep: SeedStep = {
  name: 'demo-marketplace',
  run: (app) => seedDemoMarketplace(app),
};
