import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { HOME_REFRESH_INTERVAL_MS } from '../lib/constants';
import { bootInitialData } from './boot-data';
import { api, type QueryParams } from './client';
import { homeKeys, slipKeys, type ActiveSlipFilters } from './query-keys';
import type { SlipPage } from './types';

export const SLIP_DATA_PATH = '/v2/api/slip/data/';
export const FINISHED_SLIPS_PATH = '/v2/api/slip/data/finished/';

/** Query of GET /v2/api/slip/data/ for the given filters (names of docs/PRODUCT-RULES.md R142). */
export const activeSlipsQuery = (filters: ActiveSlipFilters): QueryParams => ({
  p: filters.page && filters.page > 1 ? filters.page : undefined,
  username: filters.username || undefined,
  top: filters.top ? 1 : undefined,
  home_team: filters.homeTeam || undefined,
  away_team: filters.awayTeam || undefined,
});

/** A page of active slips: the /active_tips variants and a tipster's active tips. */
export const fetchActiveSlips = (filters: ActiveSlipFilters): Promise<SlipPage> =>
  api.get(SLIP_DATA_PATH, { query: activeSlipsQuery(filters) });

/** A page of active slips; the page's inlined answer (boot data) first when the server sent one. */
export const useActiveSlips = (filters: ActiveSlipFilters, enabled = true) =>
  useQuery({
    queryKey: slipKeys.active(filters),
    queryFn: () => fetchActiveSlips(filters),
    placeholderData: keepPreviousData,
    enabled,
    ...bootInitialData(SLIP_DATA_PATH, activeSlipsQuery(filters)),
  });

/** The logged-in tipster's own active slips, with picks (?account=1, auth), 10 a page. */
export const useOwnSlips = (page: number, enabled = true) =>
  useQuery({
    queryKey: slipKeys.own(page),
    queryFn: () =>
      api.get(SLIP_DATA_PATH, {
        query: { account: 1, p: page > 1 ? page : undefined },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

const POPULAR_QUERY = { home: 1 };

/**
 * Home Popular tab: up to 12 active slips (?home=1, docs/PRODUCT-RULES.md "Lists and caches"); the
 * inlined answer first.
 */
export const usePopularSlips = () =>
  useQuery({
    queryKey: slipKeys.popular(),
    queryFn: () => api.get(SLIP_DATA_PATH, { query: POPULAR_QUERY }),
    ...bootInitialData(SLIP_DATA_PATH, POPULAR_QUERY),
  });

/** GET /api/home/finished: recent finished slips for the home page. */
export const useHomeFinishedSlips = (enabled = true) =>
  useQuery({
    queryKey: slipKeys.homeFinished(),
    queryFn: () => api.get('/api/home/finished'),
    select: (data) => data.slips,
    enabled,
  });

/**
 * The API's `next` link as a same-origin path: it may be absolute with the API's own host
 * (docs/PRODUCT-RULES.md R142: the next URL is followed for more).
 */
export const followLink = (next: string): string => {
  try {
    const url = new URL(next, 'http://relative.invalid');
    return `${url.pathname}${url.search}`;
  } catch {
    return next;
  }
};

/** Finished slips, 100 a page; `fetchNextPage` follows the `next` link (See More). */
export const useFinishedSlips = (username?: string) =>
  useInfiniteQuery({
    queryKey: slipKeys.finished(username),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      pageParam
        ? api.get(FINISHED_SLIPS_PATH, { href: followLink(pageParam) })
        : api.get(FINISHED_SLIPS_PATH, { query: { username } }),
    getNextPageParam: (lastPage) => lastPage.next ?? undefined,
  });

/** GET /api/slip/get/{id}: the slip a buyer is about to pay for. */
export const useSlip = (id: string | undefined) =>
  useQuery({
    queryKey: slipKeys.detail(id ?? ''),
    queryFn: () => api.get('/api/slip/get/{id}', { path: { id: id ?? '' } }),
    enabled: !!id,
  });

const FREE_TIPS_PATH = '/api/slip/free';
const TOP_GAMES_PATH = '/api/home/top-games';

/**
 * GET /api/slip/free, refreshed every 30 s (docs/PRODUCT-RULES.md R98); the inlined answer first.
 */
export const useFreeTips = () =>
  useQuery({
    queryKey: slipKeys.free(),
    queryFn: () => api.get(FREE_TIPS_PATH),
    select: (data) => data.data,
    refetchInterval: HOME_REFRESH_INTERVAL_MS,
    ...bootInitialData(FREE_TIPS_PATH),
  });

/**
 * GET /api/home/top-games, refreshed every 30 s (docs/PRODUCT-RULES.md R98); the inlined answer
 * first.
 */
export const useTopGames = () =>
  useQuery({
    queryKey: homeKeys.topGames(),
    queryFn: () => api.get(TOP_GAMES_PATH),
    select: (data) => data.games,
    refetchInterval: HOME_REFRESH_INTERVAL_MS,
    ...bootInitialData(TOP_GAMES_PATH),
  });

/**
 * GET /api/slip/limits: games per slip, total odds and price ranges, the daily slip limit and their
 * exact messages (docs/PRODUCT-RULES.md R9, R135). Fetched once per page load: they change only
 * with a deploy.
 */
export const useSlipLimits = () =>
  useQuery({
    queryKey: slipKeys.limits(),
    queryFn: () => api.get('/api/slip/limits'),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** GET /api/slip/markets: id -> market, to show the pick of a bought or finished tip. */
export const useMarkets = (enabled = true) =>
  useQuery({
    queryKey: slipKeys.markets(),
    queryFn: () => api.get('/api/slip/markets'),
    select: (data) => new Map(data.markets.map((market) => [market.id, market])),
    staleTime: Infinity,
    enabled,
  });
