import { Injectable } from '@nestjs/common';

/** One point of a tipster's profit curve: the cumulative profit (units, 2 decimals) after a slip settled at `date` (ISO-8601). */
export interface ProfitCurvePoint {
  date: string;
  profit: number;
}

/**
 * A tipster's figures (docs/PRODUCT-RULES.md, Tipster statistics): counts of published / won / lost slips,
 * ratings as percents (0-100, 2 decimals): overall, this Nairobi month and this ISO week; and the
 * all-time settled (W + L) slips, profit (units, 1 staked per slip), ROI (percent), average odds
 * and the profit curve of the latest settled slips, ending on `profit`. All computed by the
 * server from the stored counters (the provider's business: the account module only shows them).
 */
export interface TipsterStats {
  tips: number;
  won: number;
  lost: number;
  rating: number;
  monthlyRating: number;
  weekRating: number;
  settled: number;
  profit: number;
  roi: number;
  averageOdds: number;
  profitSeries: ProfitCurvePoint[];
}

/** The slip lists shown on a profile, already in their public (or owner's) response shape. */
export interface TipsterSlipLists {
  active: unknown[];
  finished: unknown[];
}

/** What a profile shows of a tipster besides their user row. */
export interface TipsterProfile {
  stats: TipsterStats;
  slips: TipsterSlipLists;
}

/**
 * Implemented by the slip module and registered with ProfileProviders.useStats() (e.g. in its
 * service's onModuleInit), so the account module needs no import of the slip module.
 * `viewer.owner` is true on GET /api/account/profile (the tipster sees their own picks).
 * One SQL statement whatever the tipster's number of slips (docs/PERFORMANCE.md).
 */
export interface ProfileStatsProvider {
  profile(userId: number, viewer: { owner: boolean }): Promise<TipsterProfile>;
}

/** Implemented by the subscription module: whether the user holds an active subscription (profile.subscribed). */
export interface SubscriptionStatusProvider {
  /**
   * A boolean SQL expression over the user row's MSISDN column `msisdnColumn`: whether that phone
   * holds a running subscription. Selected by account's own statement of the user row, so the own
   * profile stays at two statements (the subscription module owns the SQL).
   */
  subscribedSql(msisdnColumn: string): string;
}

/** Figures until the slip module registers its provider: zeros and empty lists (docs/PRODUCT-RULES.md "Accounts"). */
export const EMPTY_STATS_PROVIDER: ProfileStatsProvider = {
  profile: async () => ({
    stats: {
      tips: 0,
      won: 0,
      lost: 0,
      rating: 0,
      monthlyRating: 0,
      weekRating: 0,
      settled: 0,
      profit: 0,
      roi: 0,
      averageOdds: 0,
      profitSeries: [],
    },
    slips: { active: [], finished: [] },
  }),
};

const NOT_SUBSCRIBED: SubscriptionStatusProvider = { subscribedSql: () => 'false' };

/**
 * Where the profile route gets figures owned by other modules. Exported by AccountModule:
 * `profileProviders.useStats(this)` from the slip module, `useSubscription(this)` from the
 * subscription module. Until then profiles show zeros, empty lists and `subscribed: false`.
 */
@Injectable()
export class ProfileProviders {
  private statsProvider: ProfileStatsProvider = EMPTY_STATS_PROVIDER;
  private subscriptionProvider: SubscriptionStatusProvider = NOT_SUBSCRIBED;

  useStats(provider: ProfileStatsProvider): void {
    this.statsProvider = provider;
  }
  useSubscription(provider: SubscriptionStatusProvider): void {
    this.subscriptionProvider = provider;
  }
  get stats(): ProfileStatsProvider {
    return this.statsProvider;
  }
  get subscription(): SubscriptionStatusProvider {
    return this.subscriptionProvider;
  }
}
