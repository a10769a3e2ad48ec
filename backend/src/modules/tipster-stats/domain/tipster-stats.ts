import { oddToHundredths, toScaled } from '../../../common/decimal/decimal';

/** What one settled slip adds to its tipster's counters (docs/PRODUCT-RULES.md, Tipster statistics). */
export interface StatsDelta {
  won: number;
  lost: number;
  cancelled: number;
  /** Profit in hundredths of a unit: W → settled accumulator − 1, L → −1, C → 0 (1 unit staked). */
  profitHundredths: number;
  /** Total odds counted for the average odds (hundredths): the slip's accumulator for W and L, 0 for C. */
  oddsHundredths: number;
}

/** The counters change of one settled slip. */
export const statsDelta = (
  result: 'W' | 'L' | 'C',
  settledAccumulator: string,
  accumulator: string,
): StatsDelta => {
  if (result === 'C')
    return { won: 0, lost: 0, cancelled: 1, profitHundredths: 0, oddsHundredths: 0 };
  const odds = oddToHundredths(accumulator);
  if (result === 'L')
    return { won: 0, lost: 1, cancelled: 0, profitHundredths: -100, oddsHundredths: odds };
  return {
    won: 1,
    lost: 0,
    cancelled: 0,
    profitHundredths: oddToHundredths(settledAccumulator) - 100,
    oddsHundredths: odds,
  };
};

/** Decimals the rating and ROI are rounded to (Math.round: halves up). */
export const RATING_DECIMALS = 2;

/**
 * rating = 100 × won / (won + lost), 2 decimals; 0 with no settled slip (docs/PRODUCT-RULES.md
 * "Tipster statistics"). The one definition of the rating: settlement stores it in
 * `tipster_stat.rating` with this function, and the month's and week's ratings (profile, weekly
 * ranking) are computed with it from the period's settled slips.
 */
export const ratingOf = (won: number, lost: number): number =>
  won + lost === 0
    ? 0
    : Math.round((100 * 10 ** RATING_DECIMALS * won) / (won + lost)) / 10 ** RATING_DECIMALS;

/** Profit of one settled slip in units, 1 unit staked: W → settled accumulator − 1, L → −1, C → 0 (statsDelta in units). */
export const slipProfit = (result: 'W' | 'L' | 'C', settledAccumulator: string): number =>
  statsDelta(result, settledAccumulator, settledAccumulator).profitHundredths / 100;

/** ROI % = profit / settled slips × 100, 2 decimals; 0 with none. `profit` in units. */
export const roiOf = (profit: number, settled: number): number =>
  settled === 0 ? 0 : Math.round((profit / settled) * 10_000) / 100;

/** Average total odds of settled (W/L) slips, 2 decimals; 0 with none. */
export const averageOdds = (oddsSum: number, settled: number): number =>
  settled === 0 ? 0 : Math.round((oddsSum / settled) * 100) / 100;

/**
 * Integer hundredths of a stored units figure (`tipster_stat.profit` / `odds_sum` read as text,
 * e.g. '-3.50' → -350), exactly (no float parsing).
 * @throws RangeError for text that is not a decimal with at most 2 decimals.
 */
export const unitsToHundredths = (units: string): number => {
  const scaled = toScaled(units, 2);
  if (scaled === null)
    throw new RangeError(`not a units figure with at most 2 decimals: '${units}'`);
  return Number(scaled);
};

/** A tipster's figures as profiles and cards show them (docs/PRODUCT-RULES.md "Tipster statistics"). */
export interface TipsterFigures {
  /** Settled W and L slips (won + lost). */
  settled: number;
  /** Units, 1 staked per slip, 2 decimals. */
  profit: number;
  /** Percent, 2 decimals (roiOf). */
  roi: number;
  /** Mean total odds of the settled slips, 2 decimals (averageOdds). */
  averageOdds: number;
}

/**
 * The figures of stored counters: won / lost slips and the profit and odds sums in hundredths
 * (`batchDeltas` summed over every settled slip). Jackpot slips are never in the counters.
 */
export const tipsterFigures = (c: {
  won: number;
  lost: number;
  profitHundredths: number;
  oddsHundredths: number;
}): TipsterFigures => {
  const settled = c.won + c.lost;
  const profit = c.profitHundredths / 100;
  return {
    settled,
    profit,
    roi: roiOf(profit, settled),
    averageOdds: averageOdds(c.oddsHundredths / 100, settled),
  };
};

/** One settled W or L slip of a profit curve (decimal odds as text, e.g. '3.45'). */
export interface SeriesSlip {
  result: 'W' | 'L';
  /** Settled accumulator (voided legs at 1.00). */
  settledAccumulator: string;
  /** When it settled, ISO-8601. */
  settledAt: string;
}

/** One point of a tipster's profit curve. */
export interface ProfitPoint {
  /** When the slip settled, ISO-8601. */
  date: string;
  /** The tipster's cumulative profit after this slip, over every slip settled before it: units, 2 decimals. */
  profit: number;
}

/**
 * The cumulative profit curve (docs/PRODUCT-RULES.md "Tipster statistics") over `recent`, the
 * tipster's last settled W / L slips in settlement order (oldest first), anchored at their
 * all-time profit `totalHundredths` (the stored counter): the last point is that total, and each
 * earlier point the total less the profits (`statsDelta`) of the slips after it, so the curve ends
 * on the figure the profile shows however many earlier slips it leaves out. Exact on integer
 * hundredths; [] without a slip.
 * @throws RangeError for a malformed settled accumulator.
 */
export const profitSeries = (
  totalHundredths: number,
  recent: readonly SeriesSlip[],
): ProfitPoint[] => {
  const deltas = recent.map(
    (s) => statsDelta(s.result, s.settledAccumulator, s.settledAccumulator).profitHundredths,
  );
  let running = deltas.reduce((total, d) => total - d, totalHundredths);
  return recent.map((s, i) => {
    running += deltas[i];
    return { date: s.settledAt, profit: running / 100 };
  });
};

/** One settled slip as the tipster statistics count it (decimal odds as text, e.g. '3.45'). */
export interface SettledSlipFigures {
  userId: number;
  result: 'W' | 'L' | 'C';
  /** Settled accumulator (voided legs at 1.00). */
  settledAccumulator: string;
  /** Accumulator quoted at publishing. */
  accumulator: string;
  /** Jackpot slips count for no tipster's statistics (docs/PRODUCT-RULES.md "Tipster statistics"). */
  jackpot: boolean;
}

/**
 * Per tipster, the sum of `statsDelta` over the non-jackpot slips of a settled batch (integer
 * hundredths, so a batch adds exactly what its slips settled one by one would). Empty when every
 * slip is a jackpot slip.
 */
export const batchDeltas = (slips: SettledSlipFigures[]): Map<number, StatsDelta> => {
  const out = new Map<number, StatsDelta>();
  for (const s of slips) {
    if (s.jackpot) continue;
    const d = statsDelta(s.result, s.settledAccumulator, s.accumulator);
    const c = out.get(s.userId) ?? {
      won: 0,
      lost: 0,
      cancelled: 0,
      profitHundredths: 0,
      oddsHundredths: 0,
    };
    out.set(s.userId, {
      won: c.won + d.won,
      lost: c.lost + d.lost,
      cancelled: c.cancelled + d.cancelled,
      profitHundredths: c.profitHundredths + d.profitHundredths,
      oddsHundredths: c.oddsHundredths + d.oddsHundredths,
    });
  }
  return out;
};

/** What a batch adds to one tipster's counters, with the rating of the new totals. */
export interface CountersChange extends StatsDelta {
  userId: number;
  /** Rating of the totals after the change, percent with 2 decimals (ratingOf). */
  rating: number;
}

/**
 * The counters changes of `deltas` (batchDeltas) in user id order, each with the rating (`ratingOf`)
 * of the tipster's stored won / lost `totals` (0 / 0 when absent) plus the change: the rating stored
 * is always that of the totals.
 */
export const countersChanges = (
  deltas: Map<number, StatsDelta>,
  totals: Map<number, { won: number; lost: number }>,
): CountersChange[] =>
  [...deltas.entries()]
    .sort(([a], [b]) => a - b)
    .map(([userId, d]) => {
      const now = totals.get(userId) ?? { won: 0, lost: 0 };
      return { userId, ...d, rating: ratingOf(now.won + d.won, now.lost + d.lost) };
    });

/** One tipster's figures over a set of settled slips (batchDeltas), with their rating. */
export interface RankedTipster extends StatsDelta {
  userId: number;
  /** Settled W and L slips (won + lost). */
  settled: number;
  /** ratingOf(won, lost): percent with 2 decimals. */
  rating: number;
}

/**
 * The leaderboard order over per-tipster figures (docs/PRODUCT-RULES.md "Tipster statistics"):
 * tipsters with at least `minSettled` settled (W/L) slips, by rating (`ratingOf`) desc, settled
 * slips desc, profit desc, then user id asc. Compares the rounded rating, as the stored one is
 * compared for the overall leaderboard, and the exact profit in hundredths.
 */
export const rankTipsters = (
  deltas: Map<number, StatsDelta>,
  minSettled: number,
): RankedTipster[] =>
  [...deltas.entries()]
    .map(([userId, d]) => ({
      userId,
      ...d,
      settled: d.won + d.lost,
      rating: ratingOf(d.won, d.lost),
    }))
    .filter((t) => t.settled >= minSettled)
    .sort(
      (a, b) =>
        b.rating - a.rating ||
        b.settled - a.settled ||
        b.profitHundredths - a.profitHundredths ||
        a.userId - b.userId,
    );
