import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { tipsterKeys } from './query-keys';
import type { TipsterPage } from './types';

export const TIPSTER_DATA_PATH = '/v2/api/tipster/data/';

/**
 * GET /v2/api/tipster/data/?all=1&weekly=0|1 (docs/PRODUCT-RULES.md R142): the leaderboard, rating
 * descending.
 */
export const fetchLeaderboard = (weekly: boolean): Promise<TipsterPage> =>
  api.get(TIPSTER_DATA_PATH, { query: { all: 1, weekly: weekly ? 1 : 0 } });

export const useLeaderboard = (weekly: boolean) =>
  useQuery({ queryKey: tipsterKeys.leaderboard(weekly), queryFn: () => fetchLeaderboard(weekly) });
