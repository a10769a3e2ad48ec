import type { components } from './openapi';

/**
 * Wire shapes of the API calls, with their field names (docs/PRODUCT-RULES.md R113, R140; rules in
 * docs/PRODUCT-RULES.md), as names over the types generated from the API's OpenAPI document
 * (openapi.d.ts, `npm run api:types`; docs/CONTRIBUTING.md "API types"). A shape wrong here is
 * fixed in the backend's DTO, not in this file. Decimals arrive as JSON numbers (prices, ratings)
 * or numeric strings (odds, '4.52'): lib/money formats both, and the browser computes none of them.
 */
type Schemas = components['schemas'];

/**
 * A game in a slip (docs/PRODUCT-RULES.md R114). Market and odd are absent before the picks may be
 * shown.
 */
export type SlipTip = Schemas['TipResponseDto'];

/** Tipster data shown on a slip card (docs/PRODUCT-RULES.md R114: meta{rating, profile image}). */
export type SlipMeta = Schemas['SlipMetaDto'];

/** A tip slip (docs/PRODUCT-RULES.md R114): price in Ksh, price_ng in NGN, price_ug in UGX. */
export type Slip = Schemas['SlipResponseDto'];

/** GET /v2/api/slip/data/ (docs/PRODUCT-RULES.md R142). */
export type SlipPage = Schemas['ActivePageDto'];

/**
 * GET /v2/api/slip/data/finished/ (docs/PRODUCT-RULES.md R142): `next` is a URL the client follows.
 */
export type FinishedSlipPage = Schemas['FinishedPageDto'];

/**
 * A market (docs/PRODUCT-RULES.md R115). `odds_key`: key of this market's price in GET
 * /api/fixtures/search/fixture/odd/{id}.
 */
export type Market = Schemas['MarketDto'];

/** A top game (docs/PRODUCT-RULES.md R116). `tips`: number of slips with this game. */
export type TopGame = Schemas['TopGameDto'];

/** The M-Pesa paybill reference to pay a slip with (docs/PRODUCT-RULES.md R200). */
export type PaybillReference = Schemas['PaybillReferenceResponseDto'];

/** A free tip (docs/PRODUCT-RULES.md R116). */
export type FreeTip = Schemas['FreeTipDto'];

/** GET /api/account/profile (own: with e-mail and phone number). */
export type OwnProfile = Schemas['OwnProfileResponseDto'];

/** GET /api/account/profile/{username} (anyone's). */
export type PublicProfile = Schemas['PublicProfileResponseDto'];

/**
 * A profile (docs/PRODUCT-RULES.md R117): `stats` is [tips, won, lost, rating] in these fixed
 * positions.
 */
export type Profile = OwnProfile | PublicProfile;

/**
 * A profile's all-time figures as the server computed them (docs/PRODUCT-RULES.md "Tipster
 * statistics"): settled slips, profit, ROI, average odds and the profit curve.
 */
export type ProfileFigures = Schemas['ProfileFiguresDto'];

/** One point of the profit curve: the cumulative profit (units) after a slip settled at `date`. */
export type ProfitPoint = Schemas['ProfitPointDto'];

/** POST /api/slip/quote: the server's odds and total odds of a slip being built. */
export type SlipQuote = Schemas['SlipQuoteResponseDto'];

/** A leaderboard row (GET /v2/api/tipster/data/, docs/PRODUCT-RULES.md "Lists and caches"). */
export type TipsterRow = Schemas['LeaderboardRowDto'];

/** GET /v2/api/tipster/data/. */
export type TipsterPage = Schemas['LeaderboardPageDto'];

/** A jackpot (docs/PRODUCT-RULES.md R118): `slip` is the slip to buy. */
export type Jackpot = Schemas['JackpotDto'];

/**
 * A past jackpot round with its score (GET /api/jackpot/history, docs/PRODUCT-RULES.md "Jackpots").
 */
export type JackpotHistoryItem = Schemas['JackpotHistoryItemDto'];

/** GET /api/jackpot/history -> { data, next_before }. */
export type JackpotHistoryPage = Schemas['JackpotHistoryResponseDto'];

/** A subscription kind (docs/PRODUCT-RULES.md R42, R118): `days` 1000 means lifetime. */
export type SubscriptionKind = Schemas['SubscriptionKindDto'];

/** GET /api/manage/get-subscription-kind. */
export type SubscriptionKinds = Schemas['SubscriptionKindsResponseDto'];

/**
 * A blog post (docs/PRODUCT-RULES.md R120): `content` is sanitised HTML
 * (docs/PRODUCT-RULES.md R78).
 */
export type BlogPost = Schemas['PublicPostDto'];

/** A found tip (POST /api/manage/find-slip..., docs/PRODUCT-RULES.md R141: Game, League, Tip). */
export type FoundTip = Schemas['FoundTipDto'];

/** POST /api/account/email-login. */
export type LoginResponse = Schemas['TokenPairDto'];

/** POST /api/account/register. */
export type RegisterResponse = Schemas['RegisterResponseDto'];

/**
 * GET /api/slip/limits: the slip-building limits and their exact messages
 * (docs/PRODUCT-RULES.md R9, R135; served, never copied here).
 */
export type SlipLimits = Schemas['SlipLimitsResponseDto'];

/** Field error lists the account routes answer with ({ email: ['...'] }): the error body, not a 2xx shape. */
export type FieldErrors = Partial<Record<string, string[]>>;
