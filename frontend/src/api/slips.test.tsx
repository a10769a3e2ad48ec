import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSlip, stubFetch } from '../test-fetch';
import { useLeaderboard } from './tipsters';
import { useBlogPost, useJackpots } from './content';
import {
  activeSlipsQuery,
  followLink,
  useActiveSlips,
  useFinishedSlips,
  usePopularSlips,
  useSlip,
  useTopGames,
} from './slips';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {children}
  </QueryClientProvider>
);

const page = { results: [buildSlip()], next: null, previous: null, num_pages: 1 };

afterEach(() => {
  vi.useRealTimers();
});

describe('slip list URLs (docs/PRODUCT-RULES.md R142)', () => {
  it('maps the /active_tips filters to the API query names', () => {
    expect(activeSlipsQuery({ page: 2, top: true })).toEqual({
      p: 2,
      top: 1,
      username: undefined,
      home_team: undefined,
      away_team: undefined,
    });
    expect(activeSlipsQuery({ page: 1, homeTeam: 'Arsenal', awayTeam: 'Chelsea' })).toMatchObject({
      p: undefined,
      home_team: 'Arsenal',
      away_team: 'Chelsea',
    });
  });

  it.each([
    [{ page: 1 }, '/v2/api/slip/data/'],
    [{ page: 3, top: true }, '/v2/api/slip/data/?p=3&top=1'],
    [{ username: 'kip', page: 2 }, '/v2/api/slip/data/?p=2&username=kip'],
    [
      { homeTeam: 'Gor Mahia', awayTeam: 'AFC Leopards' },
      '/v2/api/slip/data/?home_team=Gor+Mahia&away_team=AFC+Leopards',
    ],
  ])('useActiveSlips(%o) calls %s', async (filters, path) => {
    const api = stubFetch({ '/v2/api/slip/data/': page });
    const { result } = renderHook(() => useActiveSlips(filters), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.requests[0].path).toBe(path);
  });

  it('asks for the home Popular tab with ?home=1', async () => {
    const api = stubFetch({ '/v2/api/slip/data/': page });
    const { result } = renderHook(() => usePopularSlips(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.requests[0].path).toBe('/v2/api/slip/data/?home=1');
  });

  it('follows the absolute next link of finished slips as a same-origin path', async () => {
    expect(followLink('http://api.example:3000/v2/api/slip/data/finished/?p=2&username=kip')).toBe(
      '/v2/api/slip/data/finished/?p=2&username=kip',
    );
    const api = stubFetch({
      'GET /v2/api/slip/data/finished/?username=kip': {
        results: [buildSlip({ id: 1, slip_result: 'W' })],
        next: 'http://other-host/v2/api/slip/data/finished/?p=2&username=kip',
        count: 2,
        num_pages: 2,
      },
      'GET /v2/api/slip/data/finished/?p=2&username=kip': {
        results: [buildSlip({ id: 2, slip_result: 'L' })],
        next: null,
        count: 2,
        num_pages: 2,
      },
    });
    const { result } = renderHook(() => useFinishedSlips('kip'), { wrapper });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.pages).toHaveLength(2));
    expect(result.current.hasNextPage).toBe(false);
    expect(api.requests.map((request) => request.path)).toEqual([
      '/v2/api/slip/data/finished/?username=kip',
      '/v2/api/slip/data/finished/?p=2&username=kip',
    ]);
  });

  it('loads one slip by id', async () => {
    const api = stubFetch({ '/api/slip/get/42': buildSlip() });
    const { result } = renderHook(() => useSlip('42'), { wrapper });
    await waitFor(() => expect(result.current.data?.id).toBe(42));
    expect(api.requests[0].path).toBe('/api/slip/get/42');
  });
});

describe('home refresh (docs/PRODUCT-RULES.md R98)', () => {
  it('refetches top games every 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubFetch({ '/api/home/top-games': { games: [] } });
    const { result } = renderHook(() => useTopGames(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.to('/api/home/top-games')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(api.to('/api/home/top-games')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(api.to('/api/home/top-games')).toHaveLength(2));
  });
});

describe('other list URLs', () => {
  it.each([
    [false, '/v2/api/tipster/data/?all=1&weekly=0'],
    [true, '/v2/api/tipster/data/?all=1&weekly=1'],
  ])('leaderboard weekly=%s calls %s', async (weekly, path) => {
    const api = stubFetch({ '/v2/api/tipster/data/': { results: [], next: null } });
    const { result } = renderHook(() => useLeaderboard(weekly), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.requests[0].path).toBe(path);
  });

  it('reads a blog post by slug and the jackpots list', async () => {
    const api = stubFetch({
      '/v2/api/manage/post/': { count: 1, results: [{ title: 'T', slug: 'a b' }] },
      '/api/jackpot/get-all-jackpots': { data: [] },
    });
    const post = renderHook(() => useBlogPost('a b'), { wrapper });
    const jackpots = renderHook(() => useJackpots(), { wrapper });
    await waitFor(() => expect(post.result.current.data?.title).toBe('T'));
    await waitFor(() => expect(jackpots.result.current.data).toEqual([]));
    expect(api.requests.map((request) => request.path)).toContain('/v2/api/manage/post/?slug=a+b');
  });
});
