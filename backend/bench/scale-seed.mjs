/**
 * Marketplace-at-scale seed for `npm run bench` (docs/PERFORMANCE.md "Marketplace at scale"): tops a database already seeded like
 * `npm start` (fixtures + demo marketplace) up to TIPSTERS tipsters and SLIPS slips with
 * set-based SQL (INSERT … SELECT over generate_series), in one transaction, in seconds.
 *
 * What it writes is what the app would have written (docs/PRODUCT-RULES.md "Settlement", "Tipster
 * statistics"; slip rules of docs/PRODUCT-RULES.md R4, R5, R6, R8):
 * - tipsters `<name>_<n>` (role tipster, country KE/NG/UG, the demo tipsters' unusable password);
 * - settled slips on real finished fixtures of the replayed history, 3-5 tips, each pick a market
 *   1-12 the fixture has odds for between 1.20 and 2.50 (so total odds stay within 1.60-100),
 *   accumulator = product of the odds truncated to 2 decimals, published 30-330 min before the
 *   first kick-off, at most one a Nairobi day per tipster, settled 125 min after the last kick-off
 *   (the demo seed's rule) with each tip W/L from the real full-time score and the slip W if every
 *   tip won, else L (no void: only fixtures played to FT are used);
 * - one open slip per new tipster (5% of the slips, or `open` of them, at most one per new tipster)
 *   on upcoming fixtures of the next 4 shown days that the replay can settle, published earlier
 *   today (Nairobi);
 * - `tipster_stat` rows (tips, won, lost, cancelled, rating, profit, odds_sum) and fixture
 *   `tips_count`, the counters publish and settlement keep incrementally.
 * `verifyScaleSeed` then checks it against the app's own rules: every counter equals the
 * aggregate of the slips, and a sample of slips recomputed with the built settlement functions
 * (dist/modules/fixtures/domain/settlement.js) gives the stored tip and slip results.
 *
 * Idempotent: does nothing when the database already holds SLIPS slips or more.
 * Standalone: `node bench/scale-seed.mjs <DATABASE_URL> [tipsters] [slips]`.
 */
import pg from 'pg';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const BACKEND = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Name stems of the generated tipsters (Kenyan, Nigerian and Ugandan names). */
const STEMS = [
  'otieno',
  'wanjiku',
  'kamau',
  'achieng',
  'kiprono',
  'mwangi',
  'njeri',
  'omondi',
  'chebet',
  'mutua',
  'wafula',
  'nyambura',
  'kiptoo',
  'atieno',
  'karanja',
  'muthoni',
  'ouma',
  'jeptoo',
  'ndungu',
  'wekesa',
  'adebayo',
  'chukwu',
  'okafor',
  'bello',
  'oluwaseun',
  'ngozi',
  'ibrahim',
  'adeyemi',
  'obi',
  'balogun',
  'okello',
  'namutebi',
  'ssempala',
  'akello',
  'mugisha',
  'nakato',
  'kato',
  'tumusiime',
  'byaruhanga',
  'nansubuga',
];
const SUFFIXES = [
  'tips',
  'odds',
  'bets',
  'picks',
  'accas',
  'predicts',
  'sure',
  'goals',
  'fc',
  'wins',
];

/**
 * Odds bounds of a generated pick: 1.20^3 ≥ 1.60 and 2.50^5 ≤ 100 keep every slip within the range
 * of docs/PRODUCT-RULES.md R5.
 */
const MIN_PICK_ODD = '1.20';
const MAX_PICK_ODD = '2.50';

/**
 * The tipster rules from the built app (`batchDeltas`, `ratingOf` of
 * dist/modules/tipster-stats/domain/tipster-stats.js: docs/PRODUCT-RULES.md "Tipster statistics"), so the
 * seed and its check use the app's one definition instead of a copy.
 */
const tipsterRules = (dist) =>
  createRequire(import.meta.url)(join(dist, 'modules/tipster-stats/domain/tipster-stats.js'));

/** Integer hundredths as exact decimal text with 2 decimals: -305 → '-3.05'. */
const hundredthsText = (h) =>
  `${h < 0 ? '-' : ''}${Math.trunc(Math.abs(h) / 100)}.${String(Math.abs(h) % 100).padStart(2, '0')}`;

/**
 * Every tipster's counters computed from their slips `rows` ({ user_id, slip_result (null while
 * open), settled_accumulator, accumulator (decimal text), jackpot }) by the built rules, jackpot
 * slips counting for no tipster (docs/PRODUCT-RULES.md "Tipster statistics"): tips = slips,
 * won / lost / cancelled, profit and odds sum (batchDeltas), rating (ratingOf). Returns column
 * arrays for `unnest` (user_id, tips, won, lost, cancelled, rating, profit, odds_sum; decimals as text).
 */
const tipsterCounters = (rows, { batchDeltas, ratingOf }) => {
  const tips = new Map();
  for (const r of rows) if (!r.jackpot) tips.set(r.user_id, (tips.get(r.user_id) ?? 0) + 1);
  const deltas = batchDeltas(
    rows
      .filter((r) => r.slip_result !== null)
      .map((r) => ({
        userId: r.user_id,
        result: r.slip_result,
        settledAccumulator: r.settled_accumulator ?? r.accumulator,
        accumulator: r.accumulator,
        jackpot: r.jackpot,
      })),
  );
  const cols = {
    userId: [],
    tips: [],
    won: [],
    lost: [],
    cancelled: [],
    rating: [],
    profit: [],
    oddsSum: [],
  };
  for (const [userId, n] of tips) {
    const d = deltas.get(userId) ?? {
      won: 0,
      lost: 0,
      cancelled: 0,
      profitHundredths: 0,
      oddsHundredths: 0,
    };
    cols.userId.push(userId);
    cols.tips.push(n);
    cols.won.push(d.won);
    cols.lost.push(d.lost);
    cols.cancelled.push(d.cancelled);
    cols.rating.push(String(ratingOf(d.won, d.lost)));
    cols.profit.push(hundredthsText(d.profitHundredths));
    cols.oddsSum.push(hundredthsText(d.oddsHundredths));
  }
  return [
    cols.userId,
    cols.tips,
    cols.won,
    cols.lost,
    cols.cancelled,
    cols.rating,
    cols.profit,
    cols.oddsSum,
  ];
};

/** `unnest` of tipsterCounters' arrays from parameter $1 on, as a FROM item with the tipster_stat column names. */
const COUNTERS_UNNEST = `unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::numeric[], $7::numeric[], $8::numeric[])
         AS a (user_id, tips, won, lost, cancelled, rating, profit, odds_sum)`;

/**
 * Tops the database at `databaseUrl` up to `tipsters` tipsters and `slips` slips (`dist`: the
 * build whose tipster rules write the counters); `open` open slips (default 5% of the new slips,
 * never more than one per new tipster).
 * @returns a summary with the counts written and the time taken (ms).
 */
export const seedScale = async (
  databaseUrl,
  { tipsters = 10_000, slips = 200_000, open, dist = join(BACKEND, 'dist') } = {},
) => {
  const rules = tipsterRules(dist);
  const t0 = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (sql, params) => (await client.query(sql, params)).rows[0];
    const existingSlips = (await one(`SELECT count(*)::int AS n FROM slip`)).n;
    if (existingSlips >= slips) return { skipped: true, existingSlips, ms: Date.now() - t0 };
    const existingTipsters = (
      await one(`SELECT count(*)::int AS n FROM app_user WHERE role = 'tipster'`)
    ).n;
    const newTipsters = Math.max(1, tipsters - existingTipsters);
    const openSlips = Math.min(
      newTipsters,
      slips - existingSlips,
      open ?? Math.round((slips - existingSlips) * 0.05),
    );
    const historySlips = slips - existingSlips - openSlips;
    const perTipster = Math.ceil(historySlips / newTipsters);

    await client.query('BEGIN');
    await client.query(`SET LOCAL work_mem = '256MB'`);
    await client.query(`SELECT setseed(0.20261123)`);
    // The replay mapping the app uses (ReplayClock): shown = data + whole days; data now = now − offset.
    const clock = await one(
      `SELECT coalesce((SELECT (start_day - anchor) * interval '1 day' FROM replay_state WHERE id = 1), interval '0') AS offset_iv,
              now() AS now`,
    );
    await client.query(
      `CREATE TEMP TABLE scale_clock ON COMMIT DROP AS SELECT $1::interval AS off, $2::timestamptz AS now`,
      [clock.offset_iv, clock.now],
    );

    // Tipsters.
    const firstUser = (await one(`SELECT coalesce(max(id), 0) + 1 AS id FROM app_user`)).id;
    await client.query(
      `INSERT INTO app_user (id, username, email, password_hash, role, name, city, country, email_verified_at, created_at)
       SELECT $1 + n - 1,
              stem || '_' || suffix || '_' || n,
              stem || '_' || suffix || '_' || n || '@scale.tips',
              (SELECT password_hash FROM app_user ORDER BY id LIMIT 1),
              'tipster', initcap(stem) || ' ' || initcap(suffix), '',
              (ARRAY['KE', 'KE', 'KE', 'NG', 'UG'])[1 + n % 5],
              c.now - interval '400 days', c.now - interval '400 days'
         FROM generate_series(1, $2::int) AS n, scale_clock c,
              LATERAL (SELECT ($3::text[])[1 + n % $4] AS stem, ($5::text[])[1 + (n / $4) % $6] AS suffix) s`,
      [firstUser, newTipsters, STEMS, STEMS.length, SUFFIXES, SUFFIXES.length],
    );
    await client.query(
      `SELECT setval(pg_get_serial_sequence('app_user', 'id'), (SELECT max(id) FROM app_user))`,
    );
    await client.query(
      `CREATE TEMP TABLE scale_user ON COMMIT DROP AS
       SELECT id, row_number() OVER (ORDER BY id) - 1 AS u FROM app_user WHERE id >= $1`,
      [firstUser],
    );

    // Picks a fixture may carry: markets 1-12 priced within the bounds.
    await client.query(
      `CREATE TEMP TABLE scale_market ON COMMIT DROP AS
       SELECT fixture_id, market_id, odd, row_number() OVER (PARTITION BY fixture_id ORDER BY market_id) AS k,
              count(*) OVER (PARTITION BY fixture_id) AS n
         FROM fixture_odds WHERE market_id BETWEEN 1 AND 12 AND odd BETWEEN $1 AND $2`,
      [MIN_PICK_ODD, MAX_PICK_ODD],
    );
    await client.query(`CREATE INDEX ON scale_market (fixture_id, k)`);

    // History: finished (FT, scored) fixtures by shown Nairobi day, the most recent days with 5+ of them.
    await client.query(
      `CREATE TEMP TABLE scale_past ON COMMIT DROP AS
       WITH f AS (
         SELECT f.id, f.kickoff + c.off AS shown, ((f.kickoff + c.off) AT TIME ZONE 'Africa/Nairobi')::date AS day
           FROM fixture f, scale_clock c
          WHERE f.status = 'FT' AND f.finished_at IS NOT NULL AND f.home_goals IS NOT NULL AND f.away_goals IS NOT NULL
            AND f.kickoff < c.now - c.off - interval '3 hours'
            AND EXISTS (SELECT 1 FROM scale_market m WHERE m.fixture_id = f.id)),
       d AS (SELECT day, row_number() OVER (ORDER BY day DESC) - 1 AS d FROM f GROUP BY day HAVING count(*) >= 5)
       SELECT f.id, f.shown, d.d, row_number() OVER (PARTITION BY d.d ORDER BY f.shown, f.id) - 1 AS pos,
              count(*) OVER (PARTITION BY d.d) AS n
         FROM f JOIN d USING (day)`,
    );
    await client.query(`CREATE INDEX ON scale_past (d, pos)`);
    const days = (await one(`SELECT count(DISTINCT d)::int AS n FROM scale_past`)).n;
    if (days < perTipster)
      throw new Error(`scale seed: ${days} history days with 5+ fixtures, ${perTipster} needed`);
    const step = Math.floor(days / perTipster);

    // Upcoming fixtures the replay can settle, kick-off within 1 h to 4 days of data now.
    await client.query(
      `CREATE TEMP TABLE scale_up ON COMMIT DROP AS
       SELECT f.id, f.kickoff + c.off AS shown, row_number() OVER (ORDER BY f.kickoff, f.id) - 1 AS pos
         FROM fixture f, scale_clock c
        WHERE f.status = 'NS' AND (f.provider <> 'csv' OR f.result_ft_home IS NOT NULL)
          AND f.kickoff > c.now - c.off + interval '1 hour' AND f.kickoff < c.now - c.off + interval '4 days'
          AND EXISTS (SELECT 1 FROM scale_market m WHERE m.fixture_id = f.id)`,
    );
    const upcoming = (await one(`SELECT count(*)::int AS n FROM scale_up`)).n;
    if (upcoming < 5)
      throw new Error(`scale seed: ${upcoming} upcoming fixtures with odds, 5 needed`);

    // Slip plan: history slip i → tipster i mod T, its (i div T)-th day spread by `step`; open slips one per tipster.
    await client.query(
      `CREATE TEMP TABLE scale_plan ON COMMIT DROP AS
       SELECT i, u.id AS user_id, false AS open, (i / $2) * $3 + (i % $2) % $3 AS d,
              3 + floor(random() * 3)::int AS size, random() AS r_base, random() AS r_created, random() AS r_price
         FROM generate_series(0, $1::int - 1) AS i JOIN scale_user u ON u.u = i % $2
       UNION ALL
       SELECT $1 + i, u.id, true, NULL, 3 + floor(random() * 3)::int, random(), random(), random()
         FROM generate_series(0, $4::int - 1) AS i JOIN scale_user u ON u.u = i`,
      [historySlips, newTipsters, step, openSlips],
    );
    // Legs: consecutive fixtures of the day (or of the upcoming window) from a random start, distinct by construction.
    await client.query(
      `CREATE TEMP TABLE scale_leg ON COMMIT DROP AS
       SELECT p.i, j AS position, f.id AS fixture_id, f.shown, random() AS r_market
         FROM scale_plan p CROSS JOIN LATERAL generate_series(0, p.size - 1) AS j
         JOIN LATERAL (SELECT id, shown FROM scale_past sp
                        WHERE sp.d = p.d AND sp.pos = (floor(p.r_base * sp.n)::int + j) % sp.n) f ON NOT p.open
       UNION ALL
       SELECT p.i, j, f.id, f.shown, random()
         FROM scale_plan p CROSS JOIN LATERAL generate_series(0, p.size - 1) AS j
         JOIN scale_up f ON f.pos = (floor(p.r_base * $1::int)::int + j) % $1::int
        WHERE p.open`,
      [upcoming],
    );
    await client.query(
      `CREATE TEMP TABLE scale_tip ON COMMIT DROP AS
       SELECT l.i, l.position, l.fixture_id, l.shown, m.market_id, m.odd,
              CASE WHEN p.open THEN NULL
                   WHEN CASE m.market_id
                          WHEN 1 THEN fx.home_goals > fx.away_goals
                          WHEN 2 THEN fx.home_goals = fx.away_goals
                          WHEN 3 THEN fx.home_goals < fx.away_goals
                          WHEN 4 THEN fx.home_goals + fx.away_goals > 2
                          WHEN 5 THEN fx.home_goals + fx.away_goals <= 2
                          WHEN 6 THEN fx.home_goals + fx.away_goals > 1
                          WHEN 7 THEN fx.home_goals + fx.away_goals <= 1
                          WHEN 8 THEN fx.home_goals > 0 AND fx.away_goals > 0
                          WHEN 9 THEN fx.home_goals = 0 OR fx.away_goals = 0
                          WHEN 10 THEN fx.home_goals >= fx.away_goals
                          WHEN 11 THEN fx.home_goals <> fx.away_goals
                          WHEN 12 THEN fx.home_goals <= fx.away_goals
                        END THEN 'W' ELSE 'L' END AS result
         FROM scale_leg l JOIN scale_plan p USING (i)
         JOIN fixture fx ON fx.id = l.fixture_id
         JOIN scale_market m ON m.fixture_id = l.fixture_id
          AND m.k = 1 + floor(l.r_market * m.n)::int`,
    );
    // Slips: accumulator = exact numeric product truncated to 2 decimals; ids in publication order.
    const firstSlip = (await one(`SELECT coalesce(max(id), 0) + 1 AS id FROM slip`)).id;
    await client.query(
      `CREATE TEMP TABLE scale_slip ON COMMIT DROP AS
       WITH t AS (
         SELECT i, array_agg(odd ORDER BY position) AS odds, min(shown) AS first_ko, max(shown) AS last_ko,
                bool_or(result = 'L') AS lost
           FROM scale_tip GROUP BY i)
       SELECT p.i, p.user_id, p.open,
              trunc(t.odds[1] * t.odds[2] * t.odds[3] * coalesce(t.odds[4], 1) * coalesce(t.odds[5], 1), 2) AS accumulator,
              (ARRAY[50, 50, 100, 100, 150, 200, 250, 300, 500, 1000])[1 + floor(p.r_price * 10)::int] AS price,
              CASE WHEN p.open
                   THEN greatest(date_trunc('day', c.now AT TIME ZONE 'Africa/Nairobi') AT TIME ZONE 'Africa/Nairobi',
                                 c.now - p.r_created * interval '6 hours')
                   ELSE t.first_ko - (30 + floor(p.r_created * 300)) * interval '1 minute' END AS created,
              CASE WHEN p.open THEN NULL WHEN t.lost THEN 'L' ELSE 'W' END AS result,
              CASE WHEN p.open THEN NULL ELSE t.last_ko + interval '125 minutes' END AS settled_at
         FROM scale_plan p JOIN t USING (i), scale_clock c
        WHERE cardinality(t.odds) = p.size`,
    );
    await client.query(
      `CREATE TEMP TABLE scale_id ON COMMIT DROP AS
       SELECT i, $1 + row_number() OVER (ORDER BY created, i) - 1 AS id FROM scale_slip`,
      [firstSlip],
    );
    await client.query(
      `INSERT INTO slip (id, user_id, price_ksh, accumulator, jackpot, slip_result, settled_accumulator, settled_at, date_created)
       SELECT x.id, s.user_id, s.price, s.accumulator, false, s.result,
              CASE WHEN s.result IS NULL THEN NULL ELSE s.accumulator END, s.settled_at, s.created
         FROM scale_slip s JOIN scale_id x USING (i) ORDER BY x.id`,
    );
    await client.query(
      `INSERT INTO tip (slip_id, fixture_id, market_id, odd, position, result)
       SELECT x.id, t.fixture_id, t.market_id, t.odd, t.position, t.result
         FROM scale_tip t JOIN scale_id x USING (i) ORDER BY x.id, t.position`,
    );
    await client.query(
      `SELECT setval(pg_get_serial_sequence('slip', 'id'), (SELECT max(id) FROM slip))`,
    );
    // Counters publish and settlement keep: tips per tipster and W/L/C, rating, profit, odds sum (the
    // built rules over the new slips, settled at their accumulator); tips per fixture.
    const newSlips = (
      await client.query(
        `SELECT user_id, result AS slip_result, accumulator::text AS accumulator, accumulator::text AS settled_accumulator, false AS jackpot FROM scale_slip`,
      )
    ).rows;
    await client.query(
      `INSERT INTO tipster_stat (user_id, tips, won, lost, cancelled, rating, profit, odds_sum, updated_at)
       SELECT a.user_id, a.tips, a.won, a.lost, a.cancelled, a.rating, a.profit, a.odds_sum, c.now
         FROM ${COUNTERS_UNNEST}, scale_clock c`,
      tipsterCounters(newSlips, rules),
    );
    await client.query(
      `UPDATE fixture f SET tips_count = f.tips_count + t.n
         FROM (SELECT fixture_id, count(*)::int AS n FROM scale_tip t JOIN scale_slip USING (i) GROUP BY fixture_id) t
        WHERE f.id = t.fixture_id`,
    );
    const written = await one(
      `SELECT count(*)::int AS slips, count(*) FILTER (WHERE open)::int AS open,
              (SELECT count(*)::int FROM scale_tip t JOIN scale_slip USING (i)) AS tips FROM scale_slip`,
    );
    await client.query('COMMIT');
    await client.query('ANALYZE app_user, slip, tip, tipster_stat, fixture');
    return { tipsters: newTipsters, ...written, days, ms: Date.now() - t0 };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
};

/**
 * Money-back slips and paid sales over the open slips, for the settlement bench (docs/PERFORMANCE.md
 * "Settlement"; docs/PRODUCT-RULES.md R240, R243-R245): `moneyBack` (a share, 0-1) of the open
 * slips get the money-back flag (chosen by a hash of their id, so every run picks the same), then
 * `sales` paid M-Pesa purchases are spread round-robin over the open slips (one buyer phone each),
 * each with what a paid sale leaves in the ledger: the tipster's share pending (W) and the
 * platform's fee (P), split by the built TIPSTER_SHARE_PERCENT (ledger.constants.js) so the seed
 * uses the app's figure. Set-based SQL in one transaction, like seedScale.
 * @returns { moneyBack, sales, ms }: slips flagged, purchases written.
 */
export const seedOpenSales = async (
  databaseUrl,
  { moneyBack = 0, sales = 0, dist = join(BACKEND, 'dist') } = {},
) => {
  const { TIPSTER_SHARE_PERCENT } = createRequire(import.meta.url)(
    join(dist, 'modules/ledger/ledger.constants.js'),
  );
  const t0 = Date.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const open = (
      await client.query(
        `SELECT count(*)::int AS n FROM slip WHERE slip_result IS NULL AND NOT jackpot`,
      )
    ).rows[0].n;
    const flagged = Math.round(open * Math.max(0, Math.min(1, moneyBack)));
    await client.query(
      `UPDATE slip SET money_back = true
        WHERE id IN (SELECT id FROM slip WHERE slip_result IS NULL AND NOT jackpot ORDER BY md5(id::text) LIMIT $1)`,
      [flagged],
    );
    if (sales > 0 && open > 0) {
      const first = (await client.query(`SELECT coalesce(max(id), 0) + 1 AS id FROM purchase`))
        .rows[0].id;
      // Buyer n pays open slip n mod open (ids in order), created and paid minutes before now.
      await client.query(
        `INSERT INTO purchase (id, kind, slip_id, phone, rg_phone, amount, amount_ksh, currency, provider, checkout_request_id,
                               receipt, code, status, paid_amount, result_code, created_at, updated_at, paid_at)
         SELECT $1 + n, 'slip', s.id, ph, ph, s.price_ksh, s.price_ksh, 'KES', 'mpesa', 'ws_CO_bench_' || n,
                'BNR' || lpad(n::text, 9, '0'), 'BN' || lpad(n::text, 8, '0'), 'paid', s.price_ksh, '0',
                now() - interval '30 minutes', now() - interval '29 minutes', now() - interval '29 minutes'
           FROM generate_series(0, $2::int - 1) AS n
           CROSS JOIN LATERAL (SELECT '2547' || lpad((10000000 + n)::text, 8, '0') AS ph) p
           JOIN (SELECT id, price_ksh, row_number() OVER (ORDER BY id) - 1 AS k FROM slip WHERE slip_result IS NULL AND NOT jackpot) s
             ON s.k = n % $3`,
        [first, sales, open],
      );
      await client.query(
        `SELECT setval(pg_get_serial_sequence('purchase', 'id'), (SELECT max(id) FROM purchase))`,
      );
      await client.query(
        `INSERT INTO ledger_entry (user_id, account, kind, amount, status, purchase_id, created_at)
         SELECT x.user_id, x.account, x.kind, x.amount, x.status, x.purchase_id, x.created_at
           FROM purchase p JOIN slip s ON s.id = p.slip_id,
                LATERAL (VALUES (s.user_id, 'tipster', 'sale_share', round(p.amount * $2 / 100, 2), 'W', p.id, p.paid_at),
                                (NULL::int, 'platform', 'platform_fee', p.amount - round(p.amount * $2 / 100, 2), 'P', p.id, p.paid_at))
                  AS x (user_id, account, kind, amount, status, purchase_id, created_at)
          WHERE p.id >= $1`,
        [first, TIPSTER_SHARE_PERCENT],
      );
    }
    await client.query('COMMIT');
    await client.query('ANALYZE slip, purchase, ledger_entry');
    return { moneyBack: flagged, sales: open > 0 ? sales : 0, ms: Date.now() - t0 };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
};

/**
 * Checks the database against the app's rules: every `tipster_stat` row equals the aggregate of
 * its tipster's slips (what publish and settlement add up incrementally; jackpot slips, the
 * platform's weekly predictions, count for no tipster), every fixture's `tips_count` equals its
 * tipster slips' tips, `sample` settled slips recomputed with the built settlement functions
 * match, and no tipster has more than 2 slips a Nairobi day. Throws on the first mismatch;
 * returns the counts checked.
 */
export const verifyScaleSeed = async (
  databaseUrl,
  { sample = 2000, dist = join(BACKEND, 'dist') } = {},
) => {
  const require = createRequire(import.meta.url);
  const { tipOutcome, slipOutcome } = require(join(dist, 'modules/fixtures/domain/settlement.js'));
  const { marketById } = require(join(dist, 'modules/fixtures/domain/markets.js'));
  const { accumulatorOf } = require(join(dist, 'common/decimal/decimal.js'));
  const rules = tipsterRules(dist);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const slips = (
      await client.query(
        `SELECT user_id, slip_result, settled_accumulator::text AS settled_accumulator, accumulator::text AS accumulator, jackpot FROM slip`,
      )
    ).rows;
    const [{ n: statMismatch }] = (
      await client.query(
        `SELECT count(*)::int AS n FROM ${COUNTERS_UNNEST} FULL JOIN tipster_stat st USING (user_id)
          WHERE (a.tips, a.won, a.lost, a.cancelled, a.rating, a.profit, a.odds_sum)
                IS DISTINCT FROM (st.tips, st.won, st.lost, st.cancelled, st.rating, st.profit, st.odds_sum)`,
        tipsterCounters(slips, rules),
      )
    ).rows;
    if (statMismatch)
      throw new Error(`scale seed: ${statMismatch} tipster_stat rows differ from their slips`);
    const [{ n: countMismatch }] = (
      await client.query(
        `SELECT count(*)::int AS n FROM fixture f LEFT JOIN (SELECT fixture_id, count(*) AS n FROM tip JOIN slip s ON s.id = tip.slip_id WHERE NOT s.jackpot GROUP BY 1) t
            ON t.fixture_id = f.id
          WHERE f.tips_count <> coalesce(t.n, 0)`,
      )
    ).rows;
    if (countMismatch)
      throw new Error(`scale seed: ${countMismatch} fixtures' tips_count differ from their tips`);
    const { rows } = await client.query(
      `SELECT s.id, s.accumulator::text AS accumulator, s.slip_result, s.settled_accumulator::text AS settled,
              json_agg(json_build_object('market', t.market_id, 'odd', t.odd::text, 'result', t.result,
                       'ft', json_build_object('home', f.home_goals, 'away', f.away_goals),
                       'ht', CASE WHEN f.ht_home_goals IS NULL THEN NULL ELSE json_build_object('home', f.ht_home_goals, 'away', f.ht_away_goals) END,
                       'ko', f.kickoff) ORDER BY t.position) AS tips,
              bool_and(s.date_created < f.kickoff + (SELECT (start_day - anchor) * interval '1 day' FROM replay_state)) AS before_ko
         FROM (SELECT * FROM slip WHERE slip_result IS NOT NULL ORDER BY md5(id::text) LIMIT $1) s
         JOIN tip t ON t.slip_id = s.id JOIN fixture f ON f.id = t.fixture_id
        GROUP BY s.id, s.accumulator, s.slip_result, s.settled_accumulator`,
      [sample],
    );
    for (const s of rows) {
      const legs = s.tips.map((t) => {
        const m = marketById(t.market);
        const result = tipOutcome(m.type, m.value, t.ft, t.ht);
        if (result !== t.result)
          throw new Error(
            `scale seed: slip ${s.id} tip on market ${t.market} is ${t.result}, rules say ${result}`,
          );
        return { result, odd: t.odd };
      });
      const outcome = slipOutcome(legs);
      if (outcome.result !== s.slip_result || outcome.accumulator !== s.settled) {
        throw new Error(
          `scale seed: slip ${s.id} is ${s.slip_result} ${s.settled}, rules say ${outcome.result} ${outcome.accumulator}`,
        );
      }
      if (accumulatorOf(s.tips.map((t) => t.odd)) !== s.accumulator)
        throw new Error(`scale seed: slip ${s.id} accumulator ${s.accumulator}`);
      if (s.tips.length < 3 || s.tips.length > 5 || !s.before_ko)
        throw new Error(`scale seed: slip ${s.id} breaks the publish rules`);
    }
    const [{ n: perDay }] = (
      await client.query(
        `SELECT count(*)::int AS n FROM (SELECT user_id, (date_created AT TIME ZONE 'Africa/Nairobi')::date, count(*) FROM slip
          WHERE NOT jackpot GROUP BY 1, 2 HAVING count(*) > 2) x`,
      )
    ).rows;
    if (perDay) throw new Error(`scale seed: ${perDay} tipster-days with more than 2 slips`);
    return { statsChecked: true, slipsRecomputed: rows.length };
  } finally {
    await client.end();
  }
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [url, tipsters, slips] = process.argv.slice(2);
  if (!url) {
    console.error('usage: node bench/scale-seed.mjs <DATABASE_URL> [tipsters] [slips]');
    process.exit(2);
  }
  seedScale(url, { tipsters: Number(tipsters ?? 10_000), slips: Number(slips ?? 200_000) })
    .then(async (r) => {
      console.log(r);
      console.log(
        await verifyScaleSeed(url, {
          dist: process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : undefined,
        }),
      );
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
