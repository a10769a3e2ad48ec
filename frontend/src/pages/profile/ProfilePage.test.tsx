import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../lib/cookies';
import { buildSlip, json, stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const finished = [
  buildSlip({ id: 11, slip_result: 'W', accumulator: '3.00', date_created: '2026-05-01T10:00:00+03:00' }),
  buildSlip({ id: 12, slip_result: 'L', accumulator: '2.50', date_created: '2026-05-02T10:00:00+03:00' }),
  buildSlip({ id: 13, slip_result: 'W', accumulator: '2.00', date_created: '2026-05-03T10:00:00+03:00' }),
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
});

describe('/profile/{username} (spec §2, §3)', () => {
  it('shows the stat card, the profit chart, active tips and finished tips with See More', async () => {
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
    expect(pairs).toEqual(['Tips=4', 'Wins=2', 'Lost=1', 'Profit=+2.00', 'Rating=66.67%']);
    expect(screen.getByRole('img', { name: /Profit over time: \+2\.00 units after 3 settled tips/ })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Slip 21 by amina' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See More' })).toHaveAttribute('href', '/profile/finished_tips/amina');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/export/slips.csv?tipster=amina');
    expect(screen.getByRole('link', { name: 'Export JSON' })).toHaveAttribute('href', '/api/export/slips.json?tipster=amina');
    expect(screen.getByRole('link', { name: 'Verify a slip' })).toHaveAttribute('href', '/verify');
    expect(document.title).toBe('amina - Tipster Profile | TipsKE');
    expect(api.to('/v2/api/slip/data/finished/')[0].path).toBe('/v2/api/slip/data/finished/?username=amina');
  });

  it("shows 'Page Not Found' for an unknown tipster", async () => {
    stubFetch({ '/api/account/profile/nobody': json({ message: 'User not found' }, 404) });
    renderRoute('/profile/nobody');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('only logs other load failures (spec §8)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ '/api/account/profile/amina': json({ message: 'Down' }, 503) });
    renderRoute('/profile/amina');
    // After the query client's one retry (about 1 s later): polled up to the suite's bound, not a fixed 3 s.
    await waitFor(() => expect(log).toHaveBeenCalledWith('Could not load the profile', expect.anything()));
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
