import { addMonths, addYears } from 'date-fns';
import { Money } from '../../../common/money/money';

/**
 * Responsible-gambling rules (docs/PRODUCT-RULES.md "Records and responsible gambling"), pure:
 * each takes `now` and the phone's stored state and returns the new state or a verdict.
 */

/** A raised daily cap takes effect this long after it was asked for; a lower one at once. */
export const CAP_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
/** Highest daily cap a phone may set, in Ksh. */
export const MAX_DAILY_CAP_KSH = 1_000_000;
/** A one-time code is valid this long after it was sent. */
export const RG_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong guesses a code survives; then a new code must be asked for. */
export const RG_CODE_MAX_ATTEMPTS = 5;
/** A new code for the same phone no sooner than this after the last one. */
export const RG_CODE_RESEND_MS = 60 * 1000;

/** Self-exclusion periods: one month, six months, one year. */
export const EXCLUSION_PERIODS = ['1m', '6m', '1y'] as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[number];

/** What is stored per phone. */
export interface RgState {
  /** The cap in force (Ksh per Africa/Nairobi day), or null for none. */
  dailyCapKsh: Money | null;
  /** A raised cap waiting for `nextCapFrom`. */
  nextCapKsh: Money | null;
  nextCapFrom: Date | null;
  /** Buying is refused until this instant. */
  excludedUntil: Date | null;
}

export const NO_LIMITS: RgState = {
  dailyCapKsh: null,
  nextCapKsh: null,
  nextCapFrom: null,
  excludedUntil: null,
};

/** The cap in force at `now`: a waiting raise once its time has come, else the stored cap. */
export const capInForce = (state: RgState, now: Date): Money | null =>
  state.nextCapKsh && state.nextCapFrom && state.nextCapFrom.getTime() <= now.getTime()
    ? state.nextCapKsh
    : state.dailyCapKsh;

/**
 * Sets a daily cap of `requested` Ksh: a cap no higher than the one in force (or a first cap)
 * applies at once and drops any waiting raise; a higher one waits CAP_RAISE_DELAY_MS while the
 * current cap stays in force.
 */
export const withDailyCap = (state: RgState, requested: Money, now: Date): RgState => {
  const current = capInForce(state, now);
  if (current === null || !requested.gte(current) || requested.equals(current)) {
    return { ...state, dailyCapKsh: requested, nextCapKsh: null, nextCapFrom: null };
  }
  return {
    ...state,
    dailyCapKsh: current,
    nextCapKsh: requested,
    nextCapFrom: new Date(now.getTime() + CAP_RAISE_DELAY_MS),
  };
};

/** End of a self-exclusion of `period` starting at `now` (calendar months and years, UTC). */
export const exclusionEnd = (now: Date, period: ExclusionPeriod): Date =>
  period === '1y' ? addYears(now, 1) : addMonths(now, period === '6m' ? 6 : 1);

/**
 * Self-excludes for `period` from `now`. An exclusion is never shortened: a running one that
 * ends later than the new end keeps its end.
 */
export const withSelfExclusion = (state: RgState, period: ExclusionPeriod, now: Date): RgState => {
  const end = exclusionEnd(now, period);
  const keep = state.excludedUntil && state.excludedUntil.getTime() > end.getTime();
  return { ...state, excludedUntil: keep ? state.excludedUntil : end };
};

/** A purchase of the phone's Africa/Nairobi day as the daily cap sees it (docs/PRODUCT-RULES.md R86, R282). */
export interface DayPurchase {
  status: 'pending' | 'paid';
  /** What it buys (purchaseItem): the same key for every purchase of one slip, or of one subscription kind. */
  item: string;
  /** Its price in Ksh. */
  amountKsh: Money;
}

/** The key of what a purchase buys (R282): `slip:<id>` for a slip, `<kind>:<type>` for a subscription kind. */
export const purchaseItem = (
  kind: string,
  slipId: string | number | null,
  subscriptionType: string | null,
): string => (kind === 'slip' ? `slip:${slipId ?? ''}` : `${kind}:${subscriptionType ?? ''}`);

/** The highest price among the pending purchases of `day` per item. */
const pendingByItem = (day: DayPurchase[]): Map<string, Money> => {
  const out = new Map<string, Money>();
  for (const p of day) {
    if (p.status !== 'pending') continue;
    const seen = out.get(p.item);
    if (!seen || p.amountKsh.gte(seen)) out.set(p.item, p.amountKsh);
  }
  return out;
};

/**
 * Ksh spent today by the purchases `day` of a phone (docs/PRODUCT-RULES.md R86, R282): every paid
 * purchase at its price; the pending purchases of one item once, at the highest of their prices
 * (one buying attempt: a missed STK prompt and its paybill reference, a retry while a reference or
 * a prompt of the same slip is pending).
 */
export const spentToday = (day: DayPurchase[]): Money => {
  let spent = Money.ZERO;
  for (const p of day) if (p.status === 'paid') spent = spent.add(p.amountKsh);
  for (const pending of pendingByItem(day).values()) spent = spent.add(pending);
  return spent;
};

/**
 * What a new purchase of `item` at `amountKsh` adds to `spentToday(day)` (R282): its price, less
 * the highest price of a pending purchase of the same item, which already counts for the attempt
 * (never below zero).
 */
export const addedByPurchase = (day: DayPurchase[], item: string, amountKsh: Money): Money => {
  const pending = pendingByItem(day).get(item);
  return pending && pending.gte(amountKsh)
    ? Money.ZERO
    : pending
      ? amountKsh.sub(pending)
      : amountKsh;
};

/** Why a purchase is refused. */
export type PurchaseRefusal =
  | { reason: 'self-excluded'; until: Date }
  | { reason: 'daily-cap'; capKsh: Money; spentKsh: Money };

/**
 * The refusal of a purchase of `amountKsh` at `now` by a phone that already spent `spentTodayKsh`
 * this Africa/Nairobi day (pending and paid purchases), or null when it may go ahead. An exclusion
 * holds until its end; a cap refuses when spent + amount would pass it.
 */
export const purchaseRefusal = (
  state: RgState,
  now: Date,
  spentTodayKsh: Money,
  amountKsh: Money,
): PurchaseRefusal | null => {
  if (state.excludedUntil && state.excludedUntil.getTime() > now.getTime())
    return { reason: 'self-excluded', until: state.excludedUntil };
  const cap = capInForce(state, now);
  if (cap && !cap.gte(spentTodayKsh.add(amountKsh)))
    return { reason: 'daily-cap', capKsh: cap, spentKsh: spentTodayKsh };
  return null;
};
