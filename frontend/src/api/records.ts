import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { recordKeys } from './query-keys';

/** One breakdown row: per market type (`market`) or per league (`league_id`, `league`). */
export interface RecordBreakdown {
  market?: string;
  league_id?: number;
  league?: string | null;
  legs: number;
  won: number;
  lost: number;
  void: number;
  /** Percent, 2 decimals. */
  hit_rate: number;
  /** Units, 1 unit on each leg at its quoted odd. */
  profit_units: number;
}

/** GET /api/records/tipster/{username}[?stake=] (docs/PRODUCT-RULES.md "Records and responsible gambling"). Ksh as '123.00' strings. */
export interface TipsterRecord {
  username: string;
  settled: number;
  won: number;
  lost: number;
  void: number;
  hit_rate: number;
  profit_units: number;
  roi: number;
  rating: number;
  trust_rating: { value: number | null; method: string };
  buyer_return: { stake: number; slips: number; paid_ksh: string; staked_ksh: string; returned_ksh: string; net_ksh: string };
  clv: { legs: number; mean: number | null; without_closing: number };
  streaks: { current: number; longest_losing: number; max_drawdown_units: number; last10: string };
  legs: { legs: number; won: number; lost: number; void: number; profit_units: number };
  markets: RecordBreakdown[];
  leagues: RecordBreakdown[];
}

/** Settled slips a tipster needs before the trust rating has a value (the server's rule). */
export const TRUST_MIN_SETTLED = 30;

export const fetchTipsterRecord = (username: string, stake: number): Promise<TipsterRecord> =>
  api.get<TipsterRecord>(`/api/records/tipster/${encodeURIComponent(username)}`, { query: { stake }, auth: false });

/** The tipster's record with the buyer return at `stake` whole Ksh; the previous answer stays shown while a new stake loads. */
export const useTipsterRecord = (username: string, stake: number) =>
  useQuery({
    queryKey: recordKeys.tipster(username, stake),
    queryFn: () => fetchTipsterRecord(username, stake),
    placeholderData: keepPreviousData,
  });
