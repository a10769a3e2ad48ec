import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSlip, json, stubFetch } from '../../test-fetch';
import { renderRoute } from '../../test-utils';

const page = (slips = [buildSlip({ id: 1 }), buildSlip({ id: 2 })], numPages = 1) => ({
  results: slips,
  next: null,
  previous: null,
  num_pages: numPages,
});

describe('/active_tips (docs/PRODUCT-RULES.md R99)', () => {
  it('shows a loading state, then the slip cards', async () => {
    stubFetch({ '/v2/api/slip/data/': page() });
    renderRoute('/active_tips');
    expect(await screen.findByRole('status', { name: 'Loading tips' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Active Tips' }),
    ).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(document.title).toBe('Active Tips | TipsKE');
  });

  it('says so when there is nothing to show', async () => {
    stubFetch({ '/v2/api/slip/data/': page([]) });
    renderRoute('/active_tips');
    expect(await screen.findByText('No active tips here right now.')).toBeInTheDocument();
  });

  it("shows 'Error: Can't Find Page' when the page fails", async () => {
    stubFetch({ '/v2/api/slip/data/': json({ message: 'Invalid page' }, 404) });
    renderRoute('/active_tips?p=99');
    expect(await screen.findByText("Error: Can't Find Page")).toBeInTheDocument();
  });

  it('asks for top slips with ?type=top and pages with ?p=', async () => {
    const api = stubFetch({ '/v2/api/slip/data/': page(undefined, 3) });
    const { router } = renderRoute('/active_tips?type=top');
    expect(await screen.findByRole('heading', { name: 'Top Tips' })).toBeInTheDocument();
    await screen.findAllByRole('article');
    expect(api.requests[0].path).toBe('/v2/api/slip/data/?top=1');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=top&p=2'));
    await waitFor(() => expect(api.requests.at(-1)?.path).toBe('/v2/api/slip/data/?p=2&top=1'));
  });

  it('filters by teams with ?tips=1&team_a&team_b', async () => {
    const api = stubFetch({ '/v2/api/slip/data/': page() });
    renderRoute('/active_tips?tips=1&team_a=Arsenal&team_b=Chelsea');
    expect(
      await screen.findByRole('heading', { name: 'Tips for Arsenal v Chelsea' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.requests[0].path).toBe('/v2/api/slip/data/?home_team=Arsenal&away_team=Chelsea'),
    );
  });

  it('shows one tipster as a table on /active_tips/{username}', async () => {
    const api = stubFetch({ '/v2/api/slip/data/': page([buildSlip({ id: 9, price: 200 })]) });
    renderRoute('/active_tips/kipchoge');
    const table = await screen.findByRole('table', { name: "kipchoge's Active Tips" });
    expect(within(table).getByRole('link', { name: 'Buy slip 9' })).toHaveAttribute(
      'href',
      '/buy_tip/9',
    );
    expect(table).toHaveTextContent('Ksh. 200.00');
    expect(api.requests[0].path).toBe('/v2/api/slip/data/?username=kipchoge');
  });
});

describe('finished tips (docs/PRODUCT-RULES.md R99)', () => {
  it('lists finished slips and follows next on See More', async () => {
    const api = stubFetch({
      'GET /v2/api/slip/data/finished/': {
        results: [buildSlip({ id: 1, slip_result: 'W' })],
        next: 'http://localhost:3000/v2/api/slip/data/finished/?p=2',
        count: 2,
        num_pages: 2,
      },
      'GET /v2/api/slip/data/finished/?p=2': {
        results: [buildSlip({ id: 2, slip_result: 'L' })],
        next: null,
        count: 2,
        num_pages: 2,
      },
    });
    renderRoute('/finished_tips');
    expect(await screen.findByText('Won')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'See More' }));
    expect(await screen.findByText('Lost')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See More' })).not.toBeInTheDocument();
    expect(api.requests.map((request) => request.path)).toEqual([
      '/v2/api/slip/data/finished/',
      '/v2/api/slip/data/finished/?p=2',
    ]);
  });

  it.each(['/finished_tips/kipchoge', '/profile/finished_tips/kipchoge'])(
    '%s asks for one tipster',
    async (path) => {
      const api = stubFetch({
        '/v2/api/slip/data/finished/': { results: [], next: null, count: 0, num_pages: 1 },
      });
      renderRoute(path);
      expect(
        await screen.findByRole('heading', { name: "kipchoge's Finished Tips" }),
      ).toBeInTheDocument();
      expect(await screen.findByText('No finished tips yet.')).toBeInTheDocument();
      expect(api.requests[0].path).toBe('/v2/api/slip/data/finished/?username=kipchoge');
    },
  );

  it('shows the paged-list error', async () => {
    stubFetch({ '/v2/api/slip/data/finished/': json({ message: 'Invalid page' }, 404) });
    renderRoute('/finished_tips');
    expect(await screen.findByText("Error: Can't Find Page")).toBeInTheDocument();
  });

  it('shows a tipster active tips as cards on /profile/active_tips/{username}', async () => {
    stubFetch({ '/v2/api/slip/data/': page([buildSlip({ id: 5 })]) });
    renderRoute('/profile/active_tips/kipchoge');
    expect(await screen.findByRole('article', { name: 'Slip 5 by kipchoge' })).toBeInTheDocument();
  });
});
