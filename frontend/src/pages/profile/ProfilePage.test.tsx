import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../lib/cookies';
import { buildSlip, json, stubFetch, type StubbedRequest } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const finished = [
  buildSlip({
    id: 11,
    slip_result: 'W',
    accumulator: '3.00',
    date_created: '2026-05-01T10:00:00+03:00',
  }),
  buildSlip({
    id: 12,
    slip_result: 'L',
    accumulator: '2.50',
    date_created: '2026-05-02T10:00:00+03:00',
  }),
  buildSlip({
    id: 13,
    slip_result: 'W',
    accumulator: '2.00',
    date_created: '2026-05-03T10:00:00+03:00',
  }),
];

const profile = (username: string) => ({
  user: { username, first_name: 'Amina' },
  profile: {
    profile_image_url: '/media/amina.webp',
    monthly_rating: 66.67,
    subscribed: false,
    email_verified: true,
    country: 'KE',
    city: 'Mombasa',
  },
  stats: [4, 2, 1, 66.666],
  stats2: { week_rating: 50 },
  dash: { rating: 66.666 },
  active_tips: [buildSlip({ id: 21, user: { username } })],
  finished_tips: finished,
  // The server's all-time figures: 150 settled slips, of which the curve draws the latest 2 here.
  figures: {
    settled: 150,
    profit: 30.12,
    roi: 20.08,
    average_odds: 3.01,
    profit_series: [
      { date: '2026-05-02T10:00:00+03:00', profit: 28.12 },
      { date: '2026-05-03T10:00:00+03:00', profit: 30.12 },
    ],
  },
});

describe('/profile/{username} (docs/PRODUCT-RULES.md R100, R117)', () => {
  it("shows the stat card and the profit chart with the server's all-time figures, active tips and finished tips with See More", async () => {
    const api = stubFetch({
      '/api/account/profile/amina': profile('amina'),
      '/v2/api/slip/data/finished/': { results: finished, next: null, count: 3, num_pages: 1 },
    });
    renderRoute('/profile/amina');
    expect(await screen.findByRole('heading', { level: 1, name: 'amina' })).toBeInTheDocument();
    const stats = screen.getByLabelText('Tipster statistics');
    const pairs = within(stats)
      .getAllByRole('term')
      .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
    // The profit is the server's (figures.profit), not a sum over the finished slips at hand (+2.00 here).
    expect(pairs).toEqual(['Tips=4', 'Wins=2', 'Lost=1', 'Profit=+30.12', 'Rating=66.67%']);
    expect(
      screen.getByRole('img', { name: /Profit over time: \+30\.12 units after 150 settled tips/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/all 150; the chart shows the latest 2/)).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Slip 21 by amina' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See More' })).toHaveAttribute(
      'href',
      '/profile/finished_tips/amina',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/export/slips.csv?tipster=amina',
    );
    expect(screen.getByRole('link', { name: 'Export JSON' })).toHaveAttribute(
      'href',
      '/api/export/slips.json?tipster=amina',
    );
    expect(screen.getByRole('link', { name: 'Verify a slip' })).toHaveAttribute('href', '/verify');
    expect(document.title).toBe('amina - Tipster Profile | TipsKE');
    // Nothing is added up from a page of finished slips: that list is not even read.
    expect(api.to('/v2/api/slip/data/finished/')).toHaveLength(0);
  });

  it('shows the record: trust rating, buyer return at the typed stake, streaks and breakdowns', async () => {
    const record = (stake: number, trust: number | null) => ({
      username: 'amina',
      settled: 3,
      won: 2,
      lost: 1,
      void: 0,
      hit_rate: 66.67,
      profit_units: 2,
      roi: 66.67,
      rating: 66.67,
      trust_rating: { value: trust, method: '/how-ratings-work' },
      buyer_return: {
        stake,
        slips: 3,
        paid_ksh: '300.00',
        staked_ksh: `${3 * stake}.00`,
        returned_ksh: `${5 * stake}.00`,
        net_ksh: `${2 * stake - 300}.00`,
      },
      clv: { legs: 0, mean: null, without_closing: 9 },
      streaks: { current: 1, longest_losing: 1, max_drawdown_units: 1, last10: 'WLW' },
      money_back: { slips: 2, refunded: 1 },
      legs: { legs: 9, won: 6, lost: 3, void: 0, profit_units: 1.5 },
      markets: [
        {
          market: '1X2',
          legs: 9,
          won: 6,
          lost: 3,
          void: 0,
          hit_rate: 66.67,
          profit_units: 1.5,
          money_back: { slips: 2, refunded: 1 },
        },
      ],
      leagues: [
        {
          league_id: 1,
          league: 'Premier League',
          legs: 9,
          won: 6,
          lost: 3,
          void: 0,
          hit_rate: 66.67,
          profit_units: 1.5,
          money_back: { slips: 1, refunded: 0 },
        },
      ],
    });
    const api = stubFetch({
      '/api/account/profile/amina': profile('amina'),
      '/v2/api/slip/data/finished/': { results: finished, next: null, count: 3, num_pages: 1 },
      '/api/records/tipster/amina': (req: StubbedRequest) =>
        record(Number(req.url.searchParams.get('stake')), null),
    });
    renderRoute('/profile/amina');
    const summary = await screen.findByLabelText('Record summary');
    expect(within(summary).getByText('needs 30 settled slips')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How ratings work' })).toHaveAttribute(
      'href',
      '/how-ratings-work',
    );
    expect(
      within(screen.getByLabelText('Buyer return figures')).getByText('Ksh 500.00'),
    ).toBeInTheDocument();
    expect(within(screen.getByLabelText('Streak figures')).getByText('WLW')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Record by market' })).toHaveTextContent('1X2');
    expect(screen.getByRole('table', { name: 'Record by league' })).toHaveTextContent(
      'Premier League',
    );
    // Money-back slips as the server counts them (docs/PRODUCT-RULES.md R279): the summary and a column of each breakdown.
    expect(within(summary).getByText('2 (1 refunded)')).toBeInTheDocument();
    const marketTable = screen.getByRole('table', { name: 'Record by market' });
    expect(
      within(marketTable).getByRole('columnheader', { name: 'Money-back (refunded)' }),
    ).toBeInTheDocument();
    expect(within(marketTable).getByRole('row', { name: /1X2/ })).toHaveTextContent(/2 \(1\)$/);
    expect(
      within(screen.getByRole('table', { name: 'Record by league' })).getByRole('row', {
        name: /Premier League/,
      }),
    ).toHaveTextContent(/1 \(0\)$/);
    const stake = screen.getByLabelText('Stake per slip (Ksh)');
    fireEvent.change(stake, { target: { value: '250' } });
    expect(
      await within(screen.getByLabelText('Buyer return figures')).findByText('Ksh 1250.00'),
    ).toBeInTheDocument();
    expect(
      api.to('/api/records/tipster/amina').map((r) => r.url.searchParams.get('stake')),
    ).toEqual(['100', '250']);
    fireEvent.change(stake, { target: { value: '1.5' } });
    expect(screen.getByText('A whole number of Ksh from 1 to 1,000,000')).toBeInTheDocument();
  });

  it('shows the breakdowns as cards on phones (below 600 px)', async () => {
    const phone = (query: string) => ({
      matches: /max-width/.test(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    });
    vi.stubGlobal('matchMedia', phone);
    try {
      stubFetch({
        '/api/account/profile/amina': profile('amina'),
        '/v2/api/slip/data/finished/': { results: finished, next: null, count: 3, num_pages: 1 },
        '/api/records/tipster/amina': {
          username: 'amina',
          settled: 40,
          won: 30,
          lost: 10,
          void: 0,
          hit_rate: 75,
          profit_units: 12,
          roi: 30,
          rating: 75,
          trust_rating: { value: 59.76, method: '/how-ratings-work' },
          buyer_return: {
            stake: 100,
            slips: 40,
            paid_ksh: '4000.00',
            staked_ksh: '4000.00',
            returned_ksh: '5200.00',
            net_ksh: '-2800.00',
          },
          clv: { legs: 0, mean: null, without_closing: 120 },
          streaks: {
            current: -2,
            longest_losing: 3,
            max_drawdown_units: 4.5,
            last10: 'WWLWWWWWLL',
          },
          money_back: { slips: 0, refunded: 0 },
          legs: { legs: 120, won: 80, lost: 40, void: 0, profit_units: 10 },
          markets: [
            {
              market: 'OU',
              legs: 120,
              won: 80,
              lost: 40,
              void: 0,
              hit_rate: 66.67,
              profit_units: 10,
              money_back: { slips: 3, refunded: 2 },
            },
          ],
          leagues: [
            {
              league_id: 2,
              league: 'La Liga',
              legs: 120,
              won: 80,
              lost: 40,
              void: 0,
              hit_rate: 66.67,
              profit_units: 10,
              money_back: { slips: 0, refunded: 0 },
            },
          ],
        },
      });
      renderRoute('/profile/amina');
      const markets = await screen.findByRole('list', { name: 'Record by market' });
      expect(within(markets).getAllByRole('listitem')).toHaveLength(1);
      expect(markets).toHaveTextContent('OU');
      expect(markets).toHaveTextContent('Money-back (refunded)3 (2)');
      expect(screen.queryByRole('table', { name: 'Record by market' })).not.toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Record by league' })).toHaveTextContent('La Liga');
      expect(
        within(screen.getByLabelText('Record summary')).getByText('59.76%'),
      ).toBeInTheDocument();
      expect(
        within(screen.getByLabelText('Streak figures')).getByText('2 lost'),
      ).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows 'Page Not Found' for an unknown tipster", async () => {
    stubFetch({ '/api/account/profile/nobody': json({ message: 'User not found' }, 404) });
    renderRoute('/profile/nobody');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('only logs other load failures (docs/PRODUCT-RULES.md R71)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ '/api/account/profile/amina': json({ message: 'Down' }, 503) });
    renderRoute('/profile/amina');
    // After the query client's one retry (about 1 s later): polled up to the suite's bound, not a fixed 3 s.
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Could not load the profile', expect.anything()),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('/profile shows the logged-in user', async () => {
    setCookie('token', 'valid');
    stubFetch({
      '/api/account/profile': profile('kipchoge'),
      '/v2/api/slip/data/finished/': { results: [], next: null, count: 0, num_pages: 1 },
    });
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'kipchoge' })).toBeInTheDocument();
  });
});
