import { Money } from '../../../common/money/money';
import { oddToHundredths } from '../../../common/decimal/decimal';
import { refundReasonOf } from '../../slip/domain/slip-rules';
import { ratingOf, roiOf, statsDelta } from '../../tipster-stats/domain/tipster-stats';

/**
 * The tipster records' rules (docs/PRODUCT-RULES.md "Records and responsible gambling"): pure
 * functions over integer hundredths of a unit and cents, never floats for money. The spec's
 * rating, a slip's profit and ROI have their one definition in the tipster-stats module (`ratingOf`,
 * `statsDelta`, `roiOf`, docs/PRODUCT-RULES.md "Tipster statistics"); this file adds the leg breakdown, streaks, buyer
 * return and the trust rating.
 */

export type SlipResult = 'W' | 'L' | 'C';
export type LegResult = 'W' | 'L' | 'V';

/** Settled slips a tipster needs before the trust rating has a value. */
export const TRUST_MIN_SETTLED = 30;
/** z of the Wilson interval (95 % two-sided). */
export const TRUST_Z = 1.96;
/** The public page stating the formulas. */
export const TRUST_METHOD = '/how-ratings-work';

/** What one leg adds to a market's or league's counters: 1 unit staked on the leg alone at its quoted odd. */
export interface LegDelta {
  legs: 1;
  won: number;
  lost: number;
  void: number;
  /** W → odd − 1, L → −1, V → 0, in hundredths of a unit. */
  profitHundredths: number;
}

/** The counters change of one settled leg (quoted odd as decimal text, e.g. '1.85'). */
export const legDelta = (result: LegResult, odd: string): LegDelta => {
  if (result === 'V') return { legs: 1, won: 0, lost: 0, void: 1, profitHundredths: 0 };
  if (result === 'L') return { legs: 1, won: 0, lost: 1, void: 0, profitHundredths: -100 };
  return { legs: 1, won: 1, lost: 0, void: 0, profitHundredths: oddToHundredths(odd) - 100 };
};

/**
 * Closing-line value of one leg in ten-thousandths: quoted odd ÷ closing odd of the same selection
 * (above 10,000: the tipster's price beat the closing price), rounded half up on integers.
 */
export const legClv = (odd: string, closing: string): number => {
  const q = oddToHundredths(odd);
  const c = oddToHundredths(closing);
  return Math.floor((2 * q * 10_000 + c) / (2 * c));
};

/** `{legs, mean, without_closing}`: mean of the legs' CLV (4 decimals, null without a leg with closing odds). */
export const clvOf = (legs: number, sumTenThousandths: number, withoutClosing: number) => ({
  legs,
  mean: legs === 0 ? null : Math.round(sumTenThousandths / legs) / 10_000,
  without_closing: withoutClosing,
});

/** A tipster's running sequence figures, folded slip by slip in settlement order. */
export interface StreakState {
  /** +n after n won slips in a row, −n after n lost in a row; cancelled slips neither count nor break it. */
  current: number;
  longestLosing: number;
  /** Cumulative profit (hundredths of a unit, 1 unit a slip) and its highest value so far (starts at 0). */
  profitHundredths: number;
  peakHundredths: number;
  /** Largest fall of the cumulative profit from a previous peak, hundredths of a unit (≥ 0). */
  maxDrawdownHundredths: number;
  /** Results of the last 10 settled slips, oldest first ('W', 'L', 'C'). */
  last10: string;
}

export const EMPTY_STREAKS: StreakState = Object.freeze({
  current: 0,
  longestLosing: 0,
  profitHundredths: 0,
  peakHundredths: 0,
  maxDrawdownHundredths: 0,
  last10: '',
});

/** The sequence figures after one more settled slip (profit from `statsDelta`, settled accumulator as decimal text). */
export const applySlip = (
  s: StreakState,
  result: SlipResult,
  settledAccumulator: string,
): StreakState => {
  const profitHundredths =
    s.profitHundredths +
    statsDelta(result, settledAccumulator, settledAccumulator).profitHundredths;
  const current =
    result === 'C'
      ? s.current
      : result === 'W'
        ? Math.max(s.current, 0) + 1
        : Math.min(s.current, 0) - 1;
  const peakHundredths = Math.max(s.peakHundredths, profitHundredths);
  return {
    current,
    longestLosing: Math.max(s.longestLosing, -current),
    profitHundredths,
    peakHundredths,
    maxDrawdownHundredths: Math.max(s.maxDrawdownHundredths, peakHundredths - profitHundredths),
    last10: (s.last10 + result).slice(-10),
  };
};

/** What one settled slip adds to the buyer-return sums: its price and its payout factor in hundredths. */
export interface BuyerDelta {
  priceCents: number;
  /** W → settled accumulator (void legs 1.00), C → 1.00 (the stake comes back), L → 0; hundredths. */
  payoutHundredths: number;
}

/** The buyer-return change of one settled slip (`price` Ksh and settled accumulator as decimal text). */
export const buyerDelta = (
  result: SlipResult,
  settledAccumulator: string,
  price: string,
): BuyerDelta => ({
  priceCents: Money.parse(price).cents,
  payoutHundredths: result === 'W' ? oddToHundredths(settledAccumulator) : result === 'C' ? 100 : 0,
});

/** Buyer return of `stake` whole Ksh a slip: Ksh amounts as Money ('120.00' on the wire). */
export interface BuyerReturn {
  stake: number;
  slips: number;
  paid_ksh: Money;
  staked_ksh: Money;
  returned_ksh: Money;
  net_ksh: Money;
}

/**
 * Had a buyer bought each of `slips` settled slips at its price and staked `stake` Ksh on it at the
 * slip's odds: paid = Σ price, staked = stake × slips, returned = stake × Σ payout factor
 * (buyerDelta), net = returned − paid − staked. Exact: stake × hundredths is cents.
 * @throws RangeError when `stake` is not a whole number of Ksh.
 */
export const buyerReturn = (
  stake: number,
  slips: number,
  paidCents: number,
  payoutHundredths: number,
): BuyerReturn => {
  if (!Number.isSafeInteger(stake) || stake < 0)
    throw new RangeError(`stake must be whole Ksh: ${stake}`);
  const paid = Money.ofCents(paidCents);
  const staked = Money.ofCents(stake * slips * 100);
  const returned = Money.ofCents(stake * payoutHundredths);
  return {
    stake,
    slips,
    paid_ksh: paid,
    staked_ksh: staked,
    returned_ksh: returned,
    net_ksh: returned.sub(paid).sub(staked),
  };
};

/**
 * Lower bound of the Wilson score interval (z = TRUST_Z) on the slip hit rate won / (won + lost),
 * in percent with 2 decimals; 0 with no decided slip. Resists luck: a short lucky run scores far
 * below its raw hit rate, the bound rises toward it as slips accumulate.
 */
export const wilsonLowerBound = (won: number, lost: number, z = TRUST_Z): number => {
  const n = won + lost;
  if (n === 0) return 0;
  const p = won / n;
  const z2 = z * z;
  const bound =
    (p + z2 / (2 * n) - z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return Math.round(Math.max(0, bound) * 10_000) / 100;
};

/** `{value, method}`: value null below TRUST_MIN_SETTLED settled (won + lost) slips, else wilsonLowerBound. */
export const trustRating = (
  won: number,
  lost: number,
): { value: number | null; method: string } => ({
  value: won + lost < TRUST_MIN_SETTLED ? null : wilsonLowerBound(won, lost),
  method: TRUST_METHOD,
});

/** Money-back slips counted (docs/PRODUCT-RULES.md R279): settled money-back slips and the lost ones, whose buyers were refunded. */
export interface MoneyBackCount {
  slips: number;
  refunded: number;
}

/**
 * What one settled slip adds to the money-back counts (docs/PRODUCT-RULES.md R279): a money-back
 * slip counts 1, and 1 refunded when settlement refunds its buyers for the promise
 * (refundReasonOf: lost, R244). A slip that is not money-back adds nothing.
 */
export const moneyBackDelta = (result: SlipResult, moneyBack: boolean): MoneyBackCount =>
  moneyBack
    ? { slips: 1, refunded: refundReasonOf(result, true) === 'money-back' ? 1 : 0 }
    : { slips: 0, refunded: 0 };

/** One row of a breakdown as answered: counters, hit rate (ratingOf: 100 × won / (won + lost)) and profit in units. */
export interface BreakdownFigures {
  legs: number;
  won: number;
  lost: number;
  void: number;
  hit_rate: number;
  profit_units: number;
  /** Money-back slips with a leg in this row, and how many of them were refunded (R279). */
  money_back: MoneyBackCount;
}

/** A breakdown row from its stored counters (`profit` exact decimal text in units). */
export const breakdownFigures = (c: {
  legs: number;
  won: number;
  lost: number;
  void: number;
  profit: string;
  money_back?: number;
  money_back_refunded?: number;
}): BreakdownFigures => ({
  legs: c.legs,
  won: c.won,
  lost: c.lost,
  void: c.void,
  hit_rate: ratingOf(c.won, c.lost),
  profit_units: Money.parse(c.profit).cents / 100,
  money_back: { slips: c.money_back ?? 0, refunded: c.money_back_refunded ?? 0 },
});

/** Totals figures of a tipster: spec rating, hit rate (the same formula), profit in units and ROI (roiOf over won + lost). */
export const totalsFigures = (won: number, lost: number, profitHundredths: number) => ({
  settled: won + lost,
  hit_rate: ratingOf(won, lost),
  rating: ratingOf(won, lost),
  profit_units: profitHundredths / 100,
  roi: roiOf(profitHundredths / 100, won + lost),
});
