import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../lib/cookies';
import { buildSlip, buildTip, stubFetch, type StubbedRequest } from '../../test-fetch';
import { fakeJwt } from '../../test-utils';
import { BackofficeApp } from '../BackofficeApp';

const provider = {
  getList: vi.fn(async () => ({ data: [], total: 0 })),
  getOne: vi.fn(async () => ({ data: {} })),
  getMany: vi.fn(async () => ({ data: [] })),
  getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
} as unknown as DataProvider;

const profile = {
  user: { username: 'kipchoge', first_name: 'Eliud' },
  profile: {
    profile_image_url: null,
    monthly_rating: '0',
    subscribed: false,
    email_verified: true,
    country: 'KE',
    city: '',
  },
  stats: [20, 15, 5, '72.5'],
  stats2: { week_rating: '0' },
  dash: { rating: '72.5' },
  active_tips: [],
  finished_tips: [],
};

const markets = {
  markets: [
    { id: 1, type: '1X2', value: 'HOME WIN' },
    { id: 4, type: 'OU', value: 'OVER 2.5' },
  ],
};

/** 15:00 UTC is 18:00 in Nairobi (UTC+3, no daylight saving). */
const KICK_OFF = '2030-05-01T15:00:00Z';

const Location = () => <output aria-label="location">{useLocation().pathname}</output>;

const renderAt = (path: string) => {
  setCookie(
    'token',
    fakeJwt({ sub: '7', role: 'tipster', exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/dashboard/*"
          element={<BackofficeApp dataProvider={provider} queryClient={queryClient} />}
        />
      </Routes>
      <Location />
    </MemoryRouter>,
  );
};

const location = () => screen.getByRole('status', { name: 'location' });

const tipsTable = (caption: string) => screen.findByRole('table', { name: caption });

describe('Own active tips (/dashboard/active_tips/{username})', () => {
  it('lists the own slips of ?account=1 with each pick, kick-off in Nairobi, league, and pages', async () => {
    const fetchStub = stubFetch({
      '/api/account/profile': profile,
      '/api/slip/markets': markets,
      '/v2/api/slip/data/': ({ url }: StubbedRequest) =>
        url.searchParams.get('p') === '2'
          ? {
              results: [
                buildSlip({
                  id: 2,
                  price: 250,
                  accumulator: '3.80',
                  tips: [
                    buildTip({
                      home_team: 'Page Two FC',
                      away_team: 'Rivals',
                      game_date: KICK_OFF,
                      market_type: 4,
                      odd: '1.90',
                    }),
                  ],
                }),
              ],
              next: null,
              previous: 'http://api.example/v2/api/slip/data/?account=1&p=1',
              num_pages: 2,
            }
          : {
              results: [
                buildSlip({
                  id: 1,
                  price: 100,
                  accumulator: '4.56',
                  date_created: '2026-05-01T08:00:00+03:00',
                  tips: [
                    buildTip({ game_date: KICK_OFF, market_type: 1, odd: '1.50' }),
                    buildTip({
                      home_team: 'Gor Mahia',
                      away_team: 'AFC Leopards',
                      league: 'Kenyan Premier League',
                      game_date: KICK_OFF,
                      market_type: 4,
                      odd: '3.04',
                    }),
                  ],
                }),
              ],
              next: 'http://api.example/v2/api/slip/data/?account=1&p=2',
              previous: null,
              num_pages: 2,
            },
    });
    renderAt('/dashboard/active_tips/kipchoge');

    const table = await tipsTable('Active Tips');
    expect(await within(table).findByText('HOME WIN @ 1.50')).toBeInTheDocument();
    expect(within(table).getByText('OVER 2.5 @ 3.04')).toBeInTheDocument();
    expect(within(table).getByText('Arsenal v Chelsea', { exact: false })).toBeInTheDocument();
    expect(within(table).getByText(/18:00 · Premier League$/)).toBeInTheDocument();
    expect(within(table).getByText(/18:00 · Kenyan Premier League$/)).toBeInTheDocument();
    expect(within(table).getByText('1 May 2026')).toBeInTheDocument();
    expect(within(table).getByText('4.56')).toBeInTheDocument();
    expect(within(table).getByText('Ksh. 100.00')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /Buy slip/ })).not.toBeInTheDocument();
    expect(fetchStub.to('/v2/api/slip/data/')[0]?.path).toBe('/v2/api/slip/data/?account=1');

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await within(table).findByText('OVER 2.5 @ 1.90')).toBeInTheDocument();
    expect(within(table).getByText('Page Two FC v Rivals', { exact: false })).toBeInTheDocument();
    expect(within(table).getByText('Ksh. 250.00')).toBeInTheDocument();
    expect(within(table).queryByText('HOME WIN @ 1.50')).not.toBeInTheDocument();
    expect(fetchStub.to('/v2/api/slip/data/').at(-1)?.path).toBe(
      '/v2/api/slip/data/?account=1&p=2',
    );
  });

  it('shows the empty state', async () => {
    stubFetch({
      '/api/account/profile': profile,
      '/v2/api/slip/data/': { results: [], next: null, previous: null, num_pages: 1 },
    });
    renderAt('/dashboard/active_tips/kipchoge');
    expect(await screen.findByText('No active tips yet.')).toBeInTheDocument();
  });

  it('shows the error state when the list fails', async () => {
    stubFetch({
      '/api/account/profile': profile,
      '/v2/api/slip/data/': new Response('', { status: 500 }),
    });
    renderAt('/dashboard/active_tips/kipchoge');
    expect(await screen.findByText('Error occurred. Try again')).toBeInTheDocument();
  });

  it("redirects another tipster's name to the user's own page and never asks for their slips", async () => {
    const fetchStub = stubFetch({
      '/api/account/profile': profile,
      '/v2/api/slip/data/': { results: [], next: null, previous: null, num_pages: 1 },
    });
    renderAt('/dashboard/active_tips/someone_else');
    await waitFor(() => expect(location()).toHaveTextContent('/dashboard/active_tips/kipchoge'));
    expect(await screen.findByText('No active tips yet.')).toBeInTheDocument();
    expect(fetchStub.to('/v2/api/slip/data/').map((request) => request.path)).toEqual([
      '/v2/api/slip/data/?account=1',
    ]);
  });
});

describe('Own finished tips (/dashboard/finished_tips/{username})', () => {
  it("shows each slip's result and each tip's result and score, and See More follows next", async () => {
    const next = 'http://api.example/v2/api/slip/data/finished/?username=kipchoge&p=2';
    const fetchStub = stubFetch({
      '/api/account/profile': profile,
      '/api/slip/markets': markets,
      '/v2/api/slip/data/finished/': ({ url }: StubbedRequest) =>
        url.searchParams.get('p') === '2'
          ? {
              results: [
                buildSlip({
                  id: 12,
                  slip_result: 'C',
                  accumulator: '2.00',
                  tips: [
                    buildTip({
                      home_team: 'Older FC',
                      away_team: 'Rivals',
                      game_date: KICK_OFF,
                      market_type: 1,
                      odd: '2.00',
                      result: 'V',
                      game_result: '0-0',
                    }),
                  ],
                }),
              ],
              next: null,
              count: 3,
              num_pages: 2,
            }
          : {
              results: [
                buildSlip({
                  id: 10,
                  slip_result: 'W',
                  accumulator: '2.85',
                  tips: [
                    buildTip({
                      game_date: KICK_OFF,
                      market_type: 1,
                      odd: '1.50',
                      result: 'W',
                      game_result: '2-1',
                    }),
                    buildTip({
                      home_team: 'Gor Mahia',
                      away_team: 'AFC Leopards',
                      game_date: KICK_OFF,
                      market_type: 4,
                      odd: '1.90',
                      result: 'W',
                      game_result: '3-0',
                    }),
                  ],
                }),
                buildSlip({
                  id: 11,
                  slip_result: 'L',
                  accumulator: '3.00',
                  tips: [
                    buildTip({
                      home_team: 'Real Madrid',
                      away_team: 'Barcelona',
                      game_date: KICK_OFF,
                      market_type: 4,
                      odd: '3.00',
                      result: 'L',
                      game_result: '1-0',
                    }),
                  ],
                }),
              ],
              next,
              count: 3,
              num_pages: 2,
            },
    });
    renderAt('/dashboard/finished_tips/kipchoge');

    const table = await tipsTable('Finished Tips');
    const won = (await within(table).findByText('+2.85')).closest('tr') as HTMLElement;
    expect(within(won).getByText('Won')).toBeInTheDocument();
    expect(await within(won).findByText('HOME WIN @ 1.50 · Won')).toBeInTheDocument();
    expect(within(won).getByText('Arsenal v Chelsea (2-1)', { exact: false })).toBeInTheDocument();
    expect(within(won).getByText('OVER 2.5 @ 1.90 · Won')).toBeInTheDocument();
    expect(within(won).getAllByText(/^1 May 2030 18:00 · /)).toHaveLength(2);
    const lost = within(table).getByText('-3.00').closest('tr') as HTMLElement;
    expect(within(lost).getByText('Lost')).toBeInTheDocument();
    expect(within(lost).getByText('OVER 2.5 @ 3.00 · Lost')).toBeInTheDocument();
    expect(
      within(lost).getByText('Real Madrid v Barcelona (1-0)', { exact: false }),
    ).toBeInTheDocument();
    expect(fetchStub.to('/v2/api/slip/data/finished/')[0]?.path).toBe(
      '/v2/api/slip/data/finished/?username=kipchoge',
    );

    fireEvent.click(screen.getByRole('button', { name: 'See More' }));
    const cancelled = (
      await within(table).findByText('Older FC v Rivals (0-0)', { exact: false })
    ).closest('tr') as HTMLElement;
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(within(cancelled).getByText('HOME WIN @ 2.00 · Void')).toBeInTheDocument();
    expect(within(table).getByText('+2.85')).toBeInTheDocument();
    expect(fetchStub.to('/v2/api/slip/data/finished/').at(-1)?.path).toBe(
      '/v2/api/slip/data/finished/?username=kipchoge&p=2',
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'See More' })).not.toBeInTheDocument(),
    );
  });

  it("redirects another tipster's name to the user's own finished tips", async () => {
    const fetchStub = stubFetch({
      '/api/account/profile': profile,
      '/v2/api/slip/data/finished/': { results: [], next: null, count: 0, num_pages: 1 },
    });
    renderAt('/dashboard/finished_tips/someone_else');
    await waitFor(() => expect(location()).toHaveTextContent('/dashboard/finished_tips/kipchoge'));
    expect(await screen.findByText('No finished tips yet.')).toBeInTheDocument();
    expect(fetchStub.to('/v2/api/slip/data/finished/').map((request) => request.path)).toEqual([
      '/v2/api/slip/data/finished/?username=kipchoge',
    ]);
  });

  it('shows the error state when the list fails', async () => {
    stubFetch({
      '/api/account/profile': profile,
      '/v2/api/slip/data/finished/': new Response('', { status: 500 }),
    });
    renderAt('/dashboard/finished_tips/kipchoge');
    expect(await screen.findByText('Error occurred. Try again')).toBeInTheDocument();
  });
});
