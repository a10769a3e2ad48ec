import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSlip, buildTip, stubFetch } from '../test-fetch';
import { renderWithProviders } from '../test-utils';
import { SlipCard } from './SlipCard';

const NOW = new Date('2026-05-15T12:00:00+03:00');
const markets = {
  markets: [
    { id: 1, type: '1X2', value: 'HOME WIN' },
    { id: 8, type: 'BT', value: 'GG' },
  ],
};

const openSlip = buildSlip({
  id: 7,
  price: 150,
  price_ng: 2250,
  price_ug: 5550,
  accumulator: '5.10',
  meta: { rating: 72.5, profile_image: '/media/kip.webp', settled: 41, profit: -2.5, roi: -6.1 },
  tips: [
    buildTip({
      home_team: 'Arsenal',
      away_team: 'Chelsea',
      game_date: '2026-05-15T19:30:00+03:00',
    }),
    buildTip({
      home_team: 'Gor Mahia',
      away_team: 'Tusker',
      league: 'Kenyan Premier League',
      game_date: '2026-05-16T16:00:00+03:00',
    }),
    buildTip({
      home_team: 'Inter',
      away_team: 'Milan',
      league: 'Serie A',
      game_date: '2026-05-17T21:45:00+03:00',
    }),
  ],
});

describe('SlipCard', () => {
  it('shows the Money back badge on a money-back slip only (docs/PRODUCT-RULES.md R240)', () => {
    stubFetch({});
    renderWithProviders(<SlipCard slip={{ ...openSlip, money_back: true }} now={NOW} />);
    expect(
      within(screen.getByRole('article', { name: 'Slip 7 by kipchoge' })).getByText('Money back'),
    ).toBeInTheDocument();
  });

  it('shows no Money back badge on an ordinary slip', () => {
    stubFetch({});
    renderWithProviders(<SlipCard slip={openSlip} now={NOW} />);
    expect(screen.queryByText('Money back')).not.toBeInTheDocument();
  });

  it('shows tipster, rating / 10, games with league and kick-off, odds, price and the Kenyan buy link', () => {
    stubFetch({});
    renderWithProviders(<SlipCard slip={openSlip} now={NOW} />);
    const card = screen.getByRole('article', { name: 'Slip 7 by kipchoge' });
    expect(within(card).getByRole('link', { name: 'kipchoge' })).toHaveAttribute(
      'href',
      '/profile/kipchoge',
    );
    expect(card).toHaveTextContent('Rating 7.3/10');
    expect(within(card).getByTestId('tipster-record')).toHaveTextContent(
      '41 settled · profit -2.50 · ROI -6.10%',
    );
    expect(within(card).getByRole('img', { name: 'kipchoge' })).toHaveAttribute('loading', 'lazy');
    expect(card).toHaveTextContent('Arsenal v Chelsea');
    expect(card).toHaveTextContent('Premier League · Today 19:30 · Not started');
    expect(card).toHaveTextContent('Kenyan Premier League · Saturday 16:00');
    expect(card).toHaveTextContent('Sunday 21:45');
    expect(within(card).getByTestId('total-odds')).toHaveTextContent('5.10');
    expect(within(card).getByTestId('price')).toHaveTextContent('Ksh. 150.00');
    expect(within(card).getByRole('link', { name: 'Buy slip 7' })).toHaveAttribute(
      'href',
      '/buy_tip/7',
    );
    expect(
      within(card).getByRole('link', { name: 'Paying from Nigeria or Uganda?' }),
    ).toHaveAttribute('href', '/select-country/7');
  });

  it.each([
    ['NG', 'NGN 2,250.00', '/buy_tip_ng/7'],
    ['UG', 'UGX 5,550.00', '/buy_tip_ug/7'],
  ] as const)('prices in the %s currency and buys on its route', (country, price, href) => {
    stubFetch({});
    renderWithProviders(<SlipCard slip={openSlip} now={NOW} country={country} />);
    expect(screen.getByTestId('price')).toHaveTextContent(price);
    expect(screen.getByRole('link', { name: 'Buy slip 7' })).toHaveAttribute('href', href);
  });

  // A slip's tips carry no live score (the API's TipResponseDto): the card shows kick-off and timing only.
  it('shows in-play and played games and closes the sale', () => {
    stubFetch({});
    const slip = buildSlip({
      tips: [
        buildTip({ game_date: '2026-05-15T11:00:00+03:00' }),
        buildTip({ home_team: 'Lyon', away_team: 'Nice', game_date: '2026-05-15T08:00:00+03:00' }),
        buildTip({ home_team: 'Roma', away_team: 'Lazio', game_date: '2026-05-15T20:00:00+03:00' }),
      ],
    });
    renderWithProviders(<SlipCard slip={slip} now={NOW} />);
    const card = screen.getByRole('article');
    expect(card).toHaveTextContent('Today 11:00 · In play');
    expect(card).toHaveTextContent('Today 08:00 · Played');
    expect(screen.queryByRole('link', { name: /Buy slip/ })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Sale closed');
  });

  it.each([
    ['W', 'Won', '+5.10', 'rgb(34, 197, 94)'],
    ['L', 'Lost', '-5.10', 'rgb(239, 68, 68)'],
    ['C', 'Cancelled', '5.10', 'rgb(245, 158, 11)'],
  ])(
    'shows a finished slip (%s) as %s with odds %s in its colour',
    (result, label, odds, color) => {
      stubFetch({ '/api/slip/markets': markets });
      renderWithProviders(
        <SlipCard slip={{ ...openSlip, slip_result: result as 'W' | 'L' | 'C' }} now={NOW} />,
      );
      expect(screen.getByText(label)).toBeInTheDocument();
      const total = screen.getByTestId('total-odds');
      expect(total).toHaveTextContent(odds);
      expect(total).toHaveStyle({ color });
      expect(screen.queryByRole('link', { name: /Buy slip/ })).not.toBeInTheDocument();
    },
  );

  it('names each pick from the market list once a slip shows them', async () => {
    const api = stubFetch({ '/api/slip/markets': markets });
    const slip = buildSlip({
      slip_result: 'W',
      tips: [
        buildTip({ market_type: 1, odd: '1.80', result: 'W', game_result: '2-1' }),
        buildTip({
          home_team: 'Lyon',
          away_team: 'Nice',
          market_type: 8,
          odd: '1.70',
          result: 'W',
        }),
        buildTip({
          home_team: 'Roma',
          away_team: 'Lazio',
          market_type: 1,
          odd: '2.00',
          result: 'V',
        }),
      ],
    });
    renderWithProviders(<SlipCard slip={slip} now={NOW} />);
    expect(await screen.findByText('HOME WIN @ 1.80')).toBeInTheDocument();
    expect(screen.getByText('GG @ 1.70')).toBeInTheDocument();
    expect(screen.getByText('HOME WIN @ 2.00 (void)')).toBeInTheDocument();
    expect(screen.getByText('(2-1)')).toBeInTheDocument();
    expect(api.to('/api/slip/markets')).toHaveLength(1);
  });

  it('never asks for markets when the picks are hidden', () => {
    const api = stubFetch({});
    renderWithProviders(<SlipCard slip={openSlip} now={NOW} />);
    expect(api.requests).toHaveLength(0);
  });

  it("shows a finished leg's result source and a void leg's reason, and links the commitment to /verify", () => {
    stubFetch({ '/api/slip/markets': markets });
    const slip = buildSlip({
      id: 9,
      slip_result: 'W',
      commitment: 'f955cf96710569c31e8af17bcf73f38d98a719b6dbe839c06774e2c6543bd4fd',
      tips: [
        buildTip({
          market_type: 1,
          odd: '1.80',
          result: 'W',
          game_result: '2-1',
          result_source: { kind: 'football-data', ref: 'E0-2025-26.csv 2026-04-19' },
        }),
        buildTip({
          home_team: 'Roma',
          away_team: 'Lazio',
          market_type: 1,
          odd: '2.00',
          result: 'V',
          result_source: { kind: 'api-football', ref: '1035' },
          void_reason: 'Match postponed',
        }),
      ],
    });
    renderWithProviders(<SlipCard slip={slip} now={NOW} />);
    const sources = screen.getAllByTestId('result-source');
    expect(sources[0]).toHaveTextContent('Result: football-data.co.uk E0-2025-26.csv 2026-04-19');
    expect(sources[1]).toHaveTextContent(
      'Void: Match postponed. Result: API-Football fixture 1035',
    );
    expect(screen.getByTestId('commitment')).toHaveTextContent('Commitment f955cf967105…');
    expect(screen.getByRole('link', { name: 'Verify the picks' })).toHaveAttribute(
      'href',
      '/verify?slip=9',
    );
  });

  it('a slip on sale shows its commitment but no result source', () => {
    stubFetch({});
    renderWithProviders(<SlipCard slip={{ ...openSlip, commitment: 'ab'.repeat(32) }} now={NOW} />);
    expect(screen.queryByTestId('result-source')).not.toBeInTheDocument();
    expect(screen.getByTestId('commitment')).toHaveTextContent('Commitment abababababab…');
    expect(
      screen.getByRole('link', { name: 'How this proves the picks cannot change' }),
    ).toHaveAttribute('href', '/verify?slip=7');
  });

  it('a slip on sale shows its USSD code with the service code (docs/PRODUCT-RULES.md R176)', () => {
    stubFetch({});
    renderWithProviders(<SlipCard slip={{ ...openSlip, ussd_code: '75' }} now={NOW} />);
    expect(screen.getByTestId('ussd-code')).toHaveTextContent(
      'Any phone: dial *384*123#, choose 3 and enter code 75',
    );
  });
});
