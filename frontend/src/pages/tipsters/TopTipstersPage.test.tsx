import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const row = (username: string, rating: number) => ({
  username,
  profile_image: null,
  tips: 20,
  won: 12,
  lost: 8,
  rating,
  profit: 3.2,
  roi: 16,
  average_odds: 2.1,
});

describe('/top_tipsters (docs/PRODUCT-RULES.md R101)', () => {
  it("shows the server's ranking in its order, figures as sent, and switches to the weekly ranking", async () => {
    const api = stubFetch({
      '/v2/api/tipster/data/?all=1&weekly=0': {
        results: [row('kip', 75), row('amina', 60)],
        next: null,
      },
      '/v2/api/tipster/data/?all=1&weekly=1': { results: [row('otieno', 80)], next: null },
    });
    const { router } = renderRoute('/top_tipsters');
    const table = await screen.findByRole('table', { name: 'Ranking' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['kip', 'amina']);
    expect(rows[0]).toHaveTextContent('75.00%');
    expect(rows[0]).toHaveTextContent('+3.20');
    expect(rows[0]).toHaveTextContent('16.00%');
    expect(within(rows[0]).getByRole('link', { name: 'kip' })).toHaveAttribute(
      'href',
      '/profile/kip',
    );

    fireEvent.click(screen.getByRole('button', { name: 'This Week' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=weekly'));
    expect(await screen.findByRole('table', { name: 'Weekly ranking' })).toHaveTextContent(
      'otieno',
    );
    expect(api.requests.map((request) => request.path)).toEqual([
      '/v2/api/tipster/data/?all=1&weekly=0',
      '/v2/api/tipster/data/?all=1&weekly=1',
    ]);
  });

  it('only logs a load failure (docs/PRODUCT-RULES.md R71)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({ '/v2/api/tipster/data/': json({ message: 'Down' }, 400) });
    renderRoute('/top_tipsters');
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Could not load the leaderboard', expect.anything()),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('opens on the weekly ranking with ?type=weekly', async () => {
    stubFetch({ '/v2/api/tipster/data/': { results: [], next: null } });
    renderRoute('/top_tipsters?type=weekly');
    expect(await screen.findByText('No ranked tipsters yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This Week' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
