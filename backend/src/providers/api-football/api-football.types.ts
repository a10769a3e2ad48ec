import { ProviderHttpOptions } from '../common/http';

/** Options of `ApiFootballClient` (docs/PROVIDERS.md §4.1): HTTP options plus the `x-apisports-key`. */
export interface ApiFootballClientOptions extends ProviderHttpOptions {
  apiKey: string;
  /**
   * Refuse to follow more pages than this in one listing (odds by date can be long). Default 100.
   */
  maxPages?: number;
}

/** A home/away pair of goals; `null` before kick-off or when the period was not played (§4.2). */
export interface ApiFootballGoals {
  home: number | null;
  away: number | null;
}

/** One `/fixtures` element narrowed to what we use (§4.2). */
export interface ApiFootballFixture {
  fixture: {
    /** Unique and never changes. */
    id: number;
    /** Kick-off, ISO-8601 in the requested timezone (UTC by default). */
    date: string;
    /** Kick-off, Unix seconds. */
    timestamp?: number;
    status: {
      /**
       * `NS`, `1H`, `HT`, `2H`, `FT`, `AET`, `PEN`, `PST`, `CANC`, `ABD`, `AWD`, `WO`, … (§4.2
       * table).
       */
      short: string;
      long?: string;
      /** Minutes played; null before kick-off. */
      elapsed: number | null;
      /** Stoppage minutes (newer field). */
      extra?: number | null;
    };
  };
  league: { id: number; name: string; country?: string; season: number; round?: string };
  teams: {
    home: { id: number; name: string; winner: boolean | null };
    away: { id: number; name: string; winner: boolean | null };
  };
  /** Current/final goals incl. extra time. */
  goals: ApiFootballGoals;
  /** Settle 90-minute markets on `fulltime`, HT/FT on `halftime` too (§4.2). */
  score: { halftime: ApiFootballGoals; fulltime: ApiFootballGoals };
}

/** One bet value of a bookmaker (§4.3): `value` like `Home`, `Over 2.5`, `Home/Draw`, `2:1`. */
export interface ApiFootballOddValue {
  value: string;
  /** Decimal odds as a decimal string (`'1.85'`), never a float. */
  odd: string;
}

/** One `/odds` element narrowed to what we use (§4.3). */
export interface ApiFootballOdds {
  fixture: { id: number; date?: string; timestamp?: number };
  league: { id: number; name?: string; country?: string; season?: number };
  /** When the odds were last updated (ISO-8601). */
  update?: string;
  bookmakers: {
    id: number;
    name: string;
    /**
     * Pre-match bet ids: 1 Match Winner, 5 Goals Over/Under, 7 HT/FT Double, 8 Both Teams Score, 10
     * Exact Score, 12 Double Chance, …
     */
    bets: { id: number; name: string; values: ApiFootballOddValue[] }[];
  }[];
}

/** Query of `ApiFootballClient.fixturesByDate` (§4.2). */
export interface FixturesByDateQuery {
  /** e.g. `Africa/Nairobi`; default UTC. */
  timezone?: string;
  /** League id; needs `season`. */
  league?: number;
  /** 4-digit start year (2025 = 2025/26). */
  season?: number;
}

/** Filters of the odds calls (§4.3). */
export interface OddsQuery {
  bookmaker?: number;
  bet?: number;
}
