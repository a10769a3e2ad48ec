import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Jackpot } from '../../api/types';
import { buildSlip, buildTip, stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const jackpot = (company: 'SP' | 'BT', type: 'MG' | 'MW', id: number, games = 13): Jackpot => ({
  company,
  type,
  slip: buildSlip({
    id,
    jackpot: true,
    tips: Array.from({ length: games }, (_, i) =>
      buildTip({ home_team: `Home ${i + 1}`, away_team: `Away ${i + 1}` }),
    ),
  }),
  todaysOdd: '150.00',
  price: '99.00',
  title: '',
  description: 'This week',
  next_match: null,
  score: null,
});

const all = {
  data: [
    jackpot('SP', 'MG', 1, 17),
    jackpot('SP', 'MW', 2),
    jackpot('BT', 'MG', 3),
    jackpot('BT', 'MW', 4),
  ],
};

describe('/jackpot (docs/PRODUCT-RULES.md R47, R102, R139)', () => {
  it('shows every jackpot with 8 tips then a see-more link', async () => {
    stubFetch({ '/api/jackpot/get-all-jackpots': all });
    renderRoute('/jackpot');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(4);
    const mega = screen.getByRole('article', { name: 'SportPesa Mega Jackpot' });
    expect(within(mega).getAllByRole('listitem')).toHaveLength(8);
    expect(within(mega).getByRole('link', { name: 'See more (9 more games)' })).toHaveAttribute(
      'href',
      '/jackpot/sportpesa-mega-jackpot',
    );
    expect(within(mega).getByRole('link', { name: 'Buy SportPesa Mega Jackpot' })).toHaveAttribute(
      'href',
      '/buy_tip/1',
    );
  });

  it('shows one jackpot in full on its slug', async () => {
    stubFetch({ '/api/jackpot/get-all-jackpots': all });
    renderRoute('/jackpot/betika-mid-week-jackpot');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Betika Mid Week Jackpot Prediction' }),
    ).toBeInTheDocument();
    const card = await screen.findByRole('article');
    expect(card).toHaveAccessibleName('Betika Mid Week Jackpot');
    expect(within(card).getAllByRole('listitem')).toHaveLength(13);
  });

  it('shows all jackpots for any other segment', async () => {
    stubFetch({ '/api/jackpot/get-all-jackpots': all });
    renderRoute('/jackpot/jackpots');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Jackpot Predictions' }),
    ).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(4);
  });

  it('shows the score of a finished round on its card, and links the past rounds', async () => {
    const settled = { ...jackpot('BT', 'MW', 4), score: '11/16 (1 void)' };
    stubFetch({ '/api/jackpot/get-all-jackpots': { data: [jackpot('SP', 'MG', 1, 17), settled] } });
    renderRoute('/jackpot');
    const card = await screen.findByRole('article', { name: 'Betika Mid Week Jackpot' });
    expect(within(card).getByText('Score: 11/16 (1 void)')).toBeInTheDocument();
    const open = screen.getByRole('article', { name: 'SportPesa Mega Jackpot' });
    expect(within(open).queryByText(/^Score:/)).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Past jackpot rounds and their scores' }),
    ).toHaveAttribute('href', '/jackpot-history');
  });
});
