import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from './client';
import { blogKeys, jackpotKeys } from './query-keys';

/** GET /api/jackpot/get-all-jackpots -> { data }. */
export const useJackpots = () =>
  useQuery({
    queryKey: jackpotKeys.all(),
    queryFn: () => api.get('/api/jackpot/get-all-jackpots'),
    select: (data) => data.data ?? [],
  });

/** Path of the past jackpot rounds (newest first, keyset paging by `before`). */
export const JACKPOT_HISTORY_PATH = '/api/jackpot/history';

/** GET /api/jackpot/history[?before=<id>] -> { data, next_before }: scored rounds, newest first, page by page. */
export const useJackpotHistory = () =>
  useInfiniteQuery({
    queryKey: jackpotKeys.history(),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      api.get(JACKPOT_HISTORY_PATH, { query: { before: pageParam ?? undefined } }),
    getNextPageParam: (lastPage) => lastPage.next_before ?? undefined,
  });

/** GET /v2/api/manage/post/?slug={slug} -> { count, results }: the post or null. */
export const useBlogPost = (slug: string | undefined) =>
  useQuery({
    queryKey: blogKeys.post(slug ?? ''),
    queryFn: () =>
      api.get('/v2/api/manage/post/', {
        query: { slug },
      }),
    select: (data) => data.results?.[0] ?? null,
    enabled: !!slug,
  });

/** GET /v2/api/manage/post/?page={page} -> { count, results }: published posts, newest first, 10 a page. */
export const useBlogPosts = (page = 1) =>
  useQuery({
    queryKey: blogKeys.page(page),
    queryFn: () => api.get('/v2/api/manage/post/', { query: { page: String(page) } }),
  });
