import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSlip, stubFetch } from '../test-fetch';
import { renderRoute } from '../test-utils';
import { BOOT_DATA_ID, bootCountry, bootKey, resetBootData, takeBootResponse } from './boot-data';

/** Puts the server's boot script in the document, as the HTML of a page carries it. */
const withBootData = (doc: { country?: string; api?: Record<string, unknown> }) => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOT_DATA_ID;
  script.textContent = JSON.stringify(doc);
  document.body.append(script);
  resetBootData();
};

/** A fetch answer that never comes: what the page shows meanwhile can only come from the boot data. */
const never = () => new Promise<never>(() => undefined);

afterEach(() => {
  document.getElementById(BOOT_DATA_ID)?.remove();
  resetBootData();
});

const page = (slips = [buildSlip({ id: 1 }), buildSlip({ id: 2 })]) => ({
  results: slips,
  next: null,
  previous: null,
  num_pages: 1,
});

describe('boot data (the first data inlined in the HTML)', () => {
  it('keys a URL by path and sorted query, and gives each answer once', () => {
    expect(bootKey('/v2/api/slip/data/?top=1&p=2')).toBe('/v2/api/slip/data/?p=2&top=1');
    withBootData({ country: 'UG', api: { '/v2/api/slip/data/?p=2&top=1': { results: [] } } });
    expect(takeBootResponse('/v2/api/slip/data/', { p: 2, username: undefined, top: 1 })).toEqual({
      results: [],
    });
    expect(takeBootResponse('/v2/api/slip/data/', { p: 2, top: 1 })).toBeUndefined();
    expect(bootCountry()).toBe('UG');
  });

  it('is absent without the script or with unreadable JSON', () => {
    expect(takeBootResponse('/api/home/top-games')).toBeUndefined();
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = BOOT_DATA_ID;
    script.textContent = '{"country":';
    document.body.append(script);
    resetBootData();
    expect(bootCountry()).toBeUndefined();
  });

  it('/active_tips shows the inlined page of slips without waiting for the API, then refreshes it', async () => {
    withBootData({
      country: 'KE',
      api: { '/v2/api/slip/data/': page([buildSlip({ id: 7 }), buildSlip({ id: 8 })]) },
    });
    const api = stubFetch({ '/v2/api/slip/data/': never });
    renderRoute('/active_tips');
    expect(await screen.findByRole('article', { name: 'Slip 7 by kipchoge' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Slip 8 by kipchoge' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading tips' })).not.toBeInTheDocument();
    // The inlined copy counts as stale: the page asks the API for the current one at once.
    await waitFor(() => expect(api.to('/v2/api/slip/data/')).toHaveLength(1));
  }, 20_000);

  it('the home page shows the inlined top games and Popular slips without waiting for the API', async () => {
    withBootData({
      country: 'KE',
      api: {
        '/api/home/top-games': {
          games: [
            {
              game_date: new Date(Date.now() + 3_600_000).toISOString(),
              home_team: 'Gor Mahia',
              away_team: 'Tusker',
              league: 'KPL',
              home_goals: null,
              away_goals: null,
              game_status_time: null,
              tips: 2,
            },
          ],
        },
        '/api/slip/free': { data: [] },
        '/v2/api/slip/data/?home=1': page([buildSlip({ id: 31 })]),
      },
    });
    stubFetch({
      '/api/home/top-games': never,
      '/api/slip/free': never,
      '/v2/api/slip/data/': never,
      '/api/manage/get-subscription-kind': never,
      '/api/jackpot/get-all-jackpots': never,
    });
    renderRoute('/');
    expect(await screen.findByRole('link', { name: 'Gor Mahia v Tusker' })).toBeInTheDocument();
    expect(
      await screen.findByText('No free tips right now. Check again soon.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Slip 31 by kipchoge' })).toBeInTheDocument();
  }, 20_000);
});
