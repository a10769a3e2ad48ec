import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { components } from './openapi';
import { recordKeys } from './query-keys';

/** One breakdown row: per market type (`market`) or per league (`league_id`, `league`); generated from the API document. */
export type RecordBreakdown = components['schemas']['BreakdownDto'];

/** GET /api/records/tipster/{username}[?stake=] (docs/PRODUCT-RULES.md "Records and responsible gambling"), generated from TipsterRecordDto. */
export type TipsterRecord = components['schemas']['TipsterRecordDto'];

/** Settled slips a tipster needs before the trust rating has a value (the server's rule). */
export const TRUST_MIN_SETTLED = 30;

export const fetchTipsterRecord = (username: string, stake: number): Promise<TipsterRecord> =>
  api.get('/api/records/tipster/{username}', { path: { username }, query: { stake }, auth: false });

/** The tipster's record with the buyer return at `stake` whole Ksh; the previous answer stays shown while a new stake loads. */
export const useTipsterRecord = (username: string, stake: number) =>
  useQuery({
    queryKey: recordKeys.tipster(username, stake),
    queryFn: () => fetchTipsterRecord(username, stake),
    placeholderData: keepPreviousData,
  });

/** GET /api/records/marketplace: every settled tipster slip and the measured hit rate (generated from MarketplaceRecordDto). */
export type MarketplaceRecord = components['schemas']['MarketplaceRecordDto'];

/** The marketplace's measured hit rate; the server reuses it for a minute, so the browser keeps it five. */
export const useMarketplaceRecord = () =>
  useQuery({
    queryKey: recordKeys.marketplace(),
    queryFn: () => api.get('/api/records/marketplace', { auth: false }),
    staleTime: 5 * 60_000,
  });
