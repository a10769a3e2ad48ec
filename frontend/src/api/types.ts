import type { DecimalValue } from '../lib/money';
import type { JackpotCompany, JackpotType } from '../lib/jackpot-slug';

/**
 * Wire shapes of the spec §7 calls (field names of spec §3; rules in docs/PRODUCT-RULES.md).
 * Decimals may arrive as JSON numbers or numeric strings ('200.00'): lib/ formats both.
 */

/** A game in a slip (spec §3, Tip). Market and odd are absent before purchase or finish. */
export interface SlipTip {
  home_team: string;
  away_team: string;
  /** ISO-8601 instant with offset. */
  game_date: string;
  league: string;
  /** The score once known, e.g. '2-1'. */
  game_result?: string | null;
  /** Market id, matched against GET /api/slip/markets. */
  market_type?: number | null;
  odd?: DecimalValue | null;
  fixture?: number | string | null;
  /** The tip's own result once settled: W, L or V (void). */
  result?: string | null;
  /** Live data when the API sends it (spec §4: Live when both goals are non-null). */
  home_goals?: number | null;
  away_goals?: number | null;
  game_status_time?: string | null;
  /** Where a finished tip's score came from (docs/PRODUCT-RULES.md "Records and responsible gambling"). */
  result_source?: ResultSource | null;
  /** Why a void tip (result V) was voided. */
  void_reason?: string | null;
}

/** Provenance of a finished game's score: a football-data file and match date, or an API-Football fixture id. */
export interface ResultSource {
  kind: 'football-data' | 'api-football';
  ref: string;
}

/** Tipster data shown on a slip card (spec §3: metadata or meta{rating, profile image}). */
export interface SlipMeta {
  rating?: DecimalValue | null;
  profile_image?: string | null;
}

/** A tip slip (spec §3, Slip). */
export interface Slip {
  id: number;
  /** Ksh. */
  price: DecimalValue;
  /** Nigeria price, NGN: what buy-flw charges (the server converts, spec §9). */
  price_ng?: DecimalValue | null;
  /** Uganda price, UGX: what buy-flw-ug charges (the server converts by UGX_PER_KSH, spec §9). */
  price_ug?: DecimalValue | null;
  date_created: string;
  /** Combined odds. */
  accumulator: DecimalValue;
  jackpot?: boolean;
  /** W, L, anything else cancelled; null while open. */
  slip_result?: string | null;
  tips: SlipTip[];
  user: { username: string };
  meta?: SlipMeta | null;
  metadata?: SlipMeta | null;
  /** SHA-256 commitment of the picks (64 hex), fixed at publishing. */
  commitment?: string | null;
  /** The commitment's salt (64 hex), once the slip is finished. */
  salt?: string;
  /** The canonical string the commitment hashes, once the slip is finished. */
  commitment_input?: string;
}

/** GET /v2/api/slip/data/ (spec §7). */
export interface SlipPage {
  results: Slip[];
  next: string | null;
  previous: string | null;
  num_pages: number;
}

/** GET /v2/api/slip/data/finished/ (spec §7): `next` is a URL the client follows. */
export interface FinishedSlipPage {
  results: Slip[];
  next: string | null;
  count: number;
  num_pages: number;
}

/** spec §3, Market. */
export interface Market {
  id: number;
  type: string;
  value: string;
  /** Key of this market's price in GET /api/fixtures/search/fixture/odd/{id}. */
  odds_key?: string;
}

/** spec §3, Top game. */
export interface TopGame {
  game_date: string;
  home_team: string;
  away_team: string;
  league: string;
  home_goals: number | null;
  away_goals: number | null;
  game_status_time: string | null;
  /** Number of slips with this game. */
  tips: number;
}

/** spec §3, Free tip. */
export interface FreeTip {
  fixture: { game_date: string; home_team: string; away_team: string; league: string };
  m_market: { type: string; value: string };
}

/** spec §3, Profile (GET /api/account/profile and /api/account/profile/{username}). */
export interface Profile {
  user: { username: string; first_name: string; email?: string };
  profile: {
    profile_image_url: string | null;
    monthly_rating: DecimalValue;
    subscribed: boolean;
    email_verified: boolean;
    country: string;
    city: string;
    phone_number?: string | null;
  };
  /** [tips, won, lost, rating] in these fixed positions. */
  stats: DecimalValue[];
  stats2: { week_rating: DecimalValue };
  dash: { rating: DecimalValue };
  active_tips: Slip[];
  finished_tips: Slip[];
  /** Profit in units when the API sends it; else computed from finished slips. */
  profit?: DecimalValue | null;
}

/** A leaderboard row (GET /v2/api/tipster/data/, docs/PRODUCT-RULES.md "Lists and caches"). */
export interface TipsterRow {
  username: string;
  profile_image?: string | null;
  profile_image_url?: string | null;
  tips: number;
  won: number;
  lost: number;
  rating: DecimalValue;
  profit?: DecimalValue | null;
  roi?: DecimalValue | null;
  average_odds?: DecimalValue | null;
}

export interface TipsterPage {
  results: TipsterRow[];
  next: string | null;
}

/** spec §3, Jackpot. `slip` is the slip to buy (an object with its tips, or its id). */
export interface Jackpot {
  company: JackpotCompany;
  type: JackpotType;
  slip: Slip | number | null;
  todaysOdd?: DecimalValue | null;
  price: DecimalValue;
  title: string;
  description: string;
  next_match?: string | null;
}

/** spec §3, Subscription kind. */
export interface SubscriptionKind {
  price: DecimalValue;
  type: string;
  title: string;
  description: string;
  /** 1000 means lifetime (spec §9). */
  days?: number;
}

export type SubscriptionKinds = Partial<Record<'gold' | 'bronze' | 'silver', SubscriptionKind>>;

/** spec §3, Blog post. */
export interface BlogPost {
  title: string;
  slug: string;
  /** Sanitised HTML (docs/PRODUCT-RULES.md "Back office"). */
  content: string;
  overview: string;
  date_created: string;
  thumbnail?: string | null;
  author?: string | { username?: string; name?: string } | null;
}

/** A found tip (POST /api/manage/find-slip..., spec §7: Game, League, Tip). */
export interface FoundTip {
  Game: string;
  League: string;
  Tip: string;
}

/** POST /api/account/email-login. */
export interface LoginResponse {
  access: string;
  refresh: string;
}

/** POST /api/account/register. */
export interface RegisterResponse {
  token: string;
  refresh: string;
}

/** Field error lists the account routes answer with ({ email: ['...'] }). */
export type FieldErrors = Partial<Record<string, string[]>>;
