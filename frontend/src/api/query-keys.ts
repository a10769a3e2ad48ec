/**
 * TanStack Query key factories (docs/CONTRIBUTING.md §10): one per feature, hierarchical so a whole feature
 * can be invalidated by its first element.
 */

/** Filters of GET /v2/api/slip/data/ (docs/PRODUCT-RULES.md R142). */
export interface ActiveSlipFilters {
  page?: number;
  username?: string;
  /** Top tipsters' slips (?type=top on /active_tips). */
  top?: boolean;
  /** Team filters (?tips=1&team_a&team_b on /active_tips). */
  homeTeam?: string;
  awayTeam?: string;
}

export const slipKeys = {
  all: ['slips'] as const,
  active: (filters: ActiveSlipFilters) => [...slipKeys.all, 'active', filters] as const,
  own: (page: number) => [...slipKeys.all, 'own', page] as const,
  popular: () => [...slipKeys.all, 'popular'] as const,
  homeFinished: () => [...slipKeys.all, 'home-finished'] as const,
  finished: (username?: string) => [...slipKeys.all, 'finished', username ?? null] as const,
  detail: (id: string | number) => [...slipKeys.all, 'detail', String(id)] as const,
  free: () => [...slipKeys.all, 'free'] as const,
  markets: () => [...slipKeys.all, 'markets'] as const,
  limits: () => [...slipKeys.all, 'limits'] as const,
};

export const homeKeys = {
  topGames: () => ['home', 'top-games'] as const,
};

export const recordKeys = {
  tipster: (username: string, stake: number) => ['records', 'tipster', username, stake] as const,
  marketplace: () => ['records', 'marketplace'] as const,
};

export const tipsterKeys = {
  leaderboard: (weekly: boolean) => ['tipsters', 'leaderboard', weekly ? 'weekly' : 'all'] as const,
};

export const accountKeys = {
  all: ['account'] as const,
  ownProfile: () => [...accountKeys.all, 'profile'] as const,
  profile: (username: string) => [...accountKeys.all, 'profile', username] as const,
};

export const jackpotKeys = {
  all: () => ['jackpots'] as const,
  history: () => ['jackpots', 'history'] as const,
};

/** A buyer's history, per phone and code (docs/PRODUCT-RULES.md R161). */
export const buyerKeys = {
  purchases: (phone: string, code: string) => ['buyer', 'purchases', phone, code] as const,
};

export const subscriptionKeys = {
  kinds: () => ['subscriptions', 'kinds'] as const,
  slips: (msisdn: string) => ['subscriptions', 'slips', msisdn] as const,
};

export const blogKeys = {
  post: (slug: string) => ['blog', 'post', slug] as const,
  page: (page: number) => ['blog', 'page', page] as const,
};

export const geoKeys = {
  country: () => ['geo', 'country'] as const,
};

/** The privacy notice (docs/PRODUCT-RULES.md R275). */
export const siteKeys = {
  privacy: () => ['site', 'privacy'] as const,
};
