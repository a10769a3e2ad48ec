import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { JackpotHistoryItem } from '../../api/types';
import { stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const round = (id: number, over: Partial<JackpotHistoryItem> = {}): JackpotHistoryItem => ({
  id,
  company: 'SP',
  type: 'MG',
  title: 'SportPesa Mega Jackpot',
  slug: 'sportpesa-mega-jackpot',
  first_kickoff: '2026-11-21T15:00:00+03:00',
  games: 17,
  score: '11/17',
  won: 11,
  counted: 17,
  void: 0,
  ...over,
});

const newer = round(9, {
  company: 'BT',
  type: 'MW',
  title: 'Betika Mid Week Jackpot',
  slug: 'betika-mid-week-jackpot',
  games: 13,
  score: '7/12 (1 void)',
  won: 7,
  counted: 12,
  void: 1,
});
const older = round(4, { first_kickoff: '2026-11-14T15:00:00+03:00', score: '9/17', won: 9 });

describe('/jackpot-history (docs/PRODUCT-RULES.md "Jackpots")', () => {
  it('lists past rounds newest first with their scores, older rounds on demand', async () => {
    const api = stubFetch({
      '/api/jackpot/history': { data: [newer], next_before: 9 },
      '/api/jackpot/history?before=9': { data: [older], next_before: null },
    });
    renderRoute('/jackpot-history');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Jackpot Results' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Past rounds' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(1);
    expect(
      within(rows()[0]).getByRole('link', { name: 'Betika Mid Week Jackpot' }),
    ).toHaveAttribute('href', '/jackpot/betika-mid-week-jackpot');
    expect(within(rows()[0]).getByText('7/12 (1 void)')).toBeInTheDocument();
    expect(within(rows()[0]).getByText('21 Nov 2026')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show older rounds' }));
    expect(await within(table).findByText('9/17')).toBeInTheDocument();
    expect(rows().map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Betika Mid Week Jackpot',
      'SportPesa Mega Jackpot',
    ]);
    expect(screen.queryByRole('button', { name: 'Show older rounds' })).not.toBeInTheDocument();
    expect(api.to('/api/jackpot/history').map((r) => r.url.searchParams.get('before'))).toEqual([
      null,
      '9',
    ]);
    expect(screen.getByRole('link', { name: "This week's jackpot predictions" })).toHaveAttribute(
      'href',
      '/jackpot',
    );
  });

  it('says so when no round has finished yet', async () => {
    stubFetch({ '/api/jackpot/history': { data: [], next_before: null } });
    renderRoute('/jackpot-history');
    expect(await screen.findByText('No round has been played to the end yet.')).toBeInTheDocument();
  });

  it('shows one card per round on phones (below 600 px)', async () => {
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
      stubFetch({ '/api/jackpot/history': { data: [newer, older], next_before: null } });
      renderRoute('/jackpot-history');
      const list = await screen.findByRole('list', { name: 'Past rounds' });
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(within(cards[0]).getByText('7/12 (1 void)')).toBeInTheDocument();
      expect(within(cards[1]).getByText('9/17')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
