import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HOME_TITLE } from '../../lib/site';
import { buildSlip, buildTip, stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const homeApi = () =>
  stubFetch({
    '/api/home/top-games': {
      games: [
        {
          game_date: new Date().toISOString(),
          home_team: 'Arsenal',
          away_team: 'Chelsea',
          league: 'Premier League',
          home_goals: 1,
          away_goals: 0,
          game_status_time: "67'",
          tips: 3,
        },
      ],
    },
    '/api/slip/free': {
      data: [
        {
          fixture: {
            game_date: new Date().toISOString(),
            home_team: 'Lyon',
            away_team: 'Nice',
            league: 'Ligue 1',
          },
          m_market: { type: 'BT', value: 'GG' },
        },
      ],
    },
    '/v2/api/slip/data/': {
      results: Array.from({ length: 14 }, (_, i) => buildSlip({ id: i + 1 })),
      next: null,
      previous: null,
      num_pages: 1,
    },
    '/api/home/finished': { slips: [buildSlip({ id: 99, slip_result: 'W' })] },
    '/api/records/marketplace': { settled: 1234, won: 512, lost: 722, void: 8, hit_rate: 41.49 },
    '/api/manage/get-subscription-kind': {
      bronze: { price: '200.00', type: 'bronze', title: 'Bronze', description: 'A week', days: 7 },
    },
    '/api/jackpot/get-all-jackpots': {
      data: [
        {
          company: 'SP',
          type: 'MG',
          slip: buildSlip({ id: 500, tips: Array.from({ length: 10 }, () => buildTip()) }),
          price: '99.00',
          title: '',
          description: '',
        },
      ],
    },
  });

describe('HomePage', () => {
  it('shows the hero with SMS delivery, Find Tip and the accuracy claim (docs/PRODUCT-RULES.md R93)', () => {
    homeApi();
    renderRoute('/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/football tips/i);
    const hero = screen.getByRole('region', { name: /football tips/i });
    expect(hero).toHaveTextContent(/SMS/);
    expect(hero).toHaveTextContent(/Find Tip page/);
    expect(hero).toHaveTextContent(/up to 95%/);
    expect(screen.getByRole('link', { name: 'Browse Tips' })).toHaveAttribute(
      'href',
      '/active_tips',
    );
    expect(document.title).toBe(HOME_TITLE);
  });

  it('opens the registration dialog from the hero', async () => {
    homeApi();
    renderRoute('/');
    fireEvent.click(
      within(screen.getByRole('region', { name: /football tips/i })).getByRole('button', {
        name: 'Join Free',
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Create an account' })).toHaveTextContent(
      'I confirm that I am 18 years or older',
    );
  });

  it('shows top games (Live with minute and score) linking to their tips, and free tips', async () => {
    homeApi();
    renderRoute('/');
    const top = await screen.findByRole('list', { name: 'Top games' });
    expect(top).toHaveTextContent("Live 67' 1 - 0");
    expect(top).toHaveTextContent('3 tips');
    expect(within(top).getByRole('link', { name: 'Arsenal v Chelsea' })).toHaveAttribute(
      'href',
      '/active_tips?tips=1&team_a=Arsenal&team_b=Chelsea',
    );
    const free = await screen.findByRole('list', { name: 'Free tips' });
    expect(free).toHaveTextContent('Lyon v Nice');
    expect(free).toHaveTextContent('GG');
  });

  it('shows up to 12 popular slips and the Results tab', async () => {
    homeApi();
    renderRoute('/');
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findAllByRole('article')).toHaveLength(12);
    fireEvent.click(screen.getByRole('tab', { name: 'Results' }));
    expect(
      await within(panel).findByRole('article', { name: 'Slip 99 by kipchoge' }),
    ).toHaveTextContent('Won');
  });

  it('shows the subscription panel and jackpot cards with 8 tips then see more', async () => {
    homeApi();
    renderRoute('/');
    expect(await screen.findByRole('button', { name: 'Subscribe Bronze' })).toBeInTheDocument();
    const jackpot = await screen.findByRole('article', { name: 'SportPesa Mega Jackpot' });
    expect(within(jackpot).getAllByRole('listitem')).toHaveLength(8);
    expect(within(jackpot).getByRole('link', { name: /See more/ })).toHaveAttribute(
      'href',
      '/jackpot/sportpesa-mega-jackpot',
    );
  });

  it('shows empty states when the API has nothing', async () => {
    stubFetch({
      '/api/home/top-games': { games: [] },
      '/api/slip/free': { data: [] },
      '/v2/api/slip/data/': { results: [], next: null, previous: null, num_pages: 1 },
      '/api/jackpot/get-all-jackpots': { data: [] },
    });
    renderRoute('/');
    expect(await screen.findByText('No upcoming top games right now.')).toBeInTheDocument();
    expect(
      await screen.findByText('No free tips right now. Check again soon.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No tips here yet.')).toBeInTheDocument();
  });
  it("shows the marketplace's measured hit rate beside the 'up to 95%' line", async () => {
    homeApi();
    renderRoute('/');
    expect(
      await screen.findByText(
        /across the whole marketplace, 41\.49% of 1,234 settled slips have won so far/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/accuracy of up to 95%/)).toBeInTheDocument();
  });
});
