import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { getCookie, setCookie } from '../../lib/cookies';
import { buildSlipLimits, json, stubFetch, type StubbedRequest } from '../../test-fetch';
import { fakeJwt } from '../../test-utils';
import { BackofficeApp } from '../BackofficeApp';

const provider = {
  getList: vi.fn(async () => ({ data: [], total: 0 })),
  getOne: vi.fn(async () => ({ data: {} })),
  getMany: vi.fn(async () => ({ data: [] })),
  getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
} as unknown as DataProvider;

const games = [1, 2, 3].map((id) => ({
  id,
  home_team: `Home ${id}`,
  away_team: `Away ${id}`,
  game_date: '2030-05-01T15:00:00Z',
  league: 'Premier League',
}));

/** The server's quote of the tips sent: its own figures, by number of tips (the page multiplies nothing). */
const QUOTED: Record<number, { accumulator: string; accumulator_in_range: boolean }> = {
  1: { accumulator: '1.50', accumulator_in_range: false },
  2: { accumulator: '2.25', accumulator_in_range: true },
  3: { accumulator: '4.50', accumulator_in_range: true },
};
const quoteOf =
  (quoted = QUOTED) =>
  (req: StubbedRequest) => {
    const tips = (req.body as { tips: { game: number; market: number }[] }).tips;
    return { ...quoted[tips.length], tips: tips.map((tip) => ({ ...tip, odd: '1.50' })) };
  };

const routes = (create: unknown, limits = buildSlipLimits(), quote = quoteOf()) => ({
  '/api/slip/limits': limits,
  '/api/slip/markets': {
    markets: [
      { id: 1, type: '1X2', value: 'HOME WIN', odds_key: 'home_win' },
      { id: 4, type: 'OU', value: 'OVER 2.5', odds_key: 'over_2_5' },
    ],
  },
  '/api/slip/can-post': { can_post: true, remaining: 2 },
  'POST /api/manage/search-games': { games },
  '/api/fixtures/search/fixture/odd/1': { result: { home_win: '1.50', over_2_5: '1.90' } },
  '/api/fixtures/search/fixture/odd/2': { result: { home_win: '1.50' } },
  '/api/fixtures/search/fixture/odd/3': { result: { home_win: '2.00' } },
  'POST /api/slip/quote': quote,
  'POST /api/slip/create': create,
});

const renderPage = () => {
  setCookie(
    'token',
    fakeJwt({ sub: '7', role: 'tipster', exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  render(
    <MemoryRouter initialEntries={['/dashboard/add_tips']}>
      <Routes>
        <Route path="/dashboard/*" element={<BackofficeApp dataProvider={provider} />} />
      </Routes>
    </MemoryRouter>,
  );
};

const addGame = async (index: number) => {
  fireEvent.change(await screen.findByLabelText('Search a game'), { target: { value: 'Home' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  fireEvent.click(await screen.findByText(`Home ${index} vs Away ${index}`));
  const market = await screen.findByRole('combobox', { name: 'Market' });
  await waitFor(() => expect(market).not.toHaveAttribute('aria-disabled', 'true'));
  fireEvent.mouseDown(market);
  fireEvent.click(await screen.findByRole('option', { name: /HOME WIN/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Add to slip' }));
  await within(screen.getByRole('list', { name: 'Slip' })).findByText(
    `Home ${index} vs Away ${index}`,
  );
};

describe('Add tips (/dashboard/add_tips)', () => {
  it("refuses to publish under 3 games, then publishes 3 with the server's error shown", async () => {
    const fetchStub = stubFetch(
      routes(
        json({ message: 'Game started', error: 'Game started', game: 'Home 2 vs Away 2' }, 400),
      ),
    );
    renderPage();
    await addGame(1);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText("Publish at least '3' tip")).toBeInTheDocument();
    expect(fetchStub.to('/api/slip/create')).toHaveLength(0);

    await addGame(2);
    await addGame(3);
    expect(await screen.findByTestId('total-odds')).toHaveTextContent('4.50');
    expect(fetchStub.to('/api/slip/quote').at(-1)?.body).toEqual({
      tips: [1, 2, 3].map((game) => ({ game, market: 1 })),
    });
    // A money-back slip (docs/PRODUCT-RULES.md R240): the flag goes with the slip.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Money back if it loses' }));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Game started Home 2 vs Away 2')).toBeInTheDocument();
    expect(fetchStub.to('/api/slip/create')[0]?.body).toEqual({
      published: true,
      tips: [1, 2, 3].map((game) => ({ game, market: 1 })),
      tip_id: null,
      amount: '50',
      money_back: true,
    });
  }, 20_000);

  it("shows the server's total odds as games are added and refuses a total out of range on its word", async () => {
    const quoted = { ...QUOTED, 3: { accumulator: '120.50', accumulator_in_range: false } };
    const fetchStub = stubFetch(
      routes({ message: 'ok', id: 9 }, buildSlipLimits(), quoteOf(quoted)),
    );
    renderPage();
    expect(await screen.findByTestId('total-odds')).toHaveTextContent('-');
    await addGame(1);
    expect(await screen.findByTestId('total-odds')).toHaveTextContent('1.50');
    await addGame(2);
    await waitFor(() => expect(screen.getByTestId('total-odds')).toHaveTextContent('2.25'));
    await addGame(3);
    await waitFor(() => expect(screen.getByTestId('total-odds')).toHaveTextContent('120.50'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(buildSlipLimits().messages.total_odds)).toBeInTheDocument();
    expect(fetchStub.to('/api/slip/create')).toHaveLength(0);
  }, 20_000);

  it('shows the success message after publishing in a snackbar that hides after 3 s (docs/PRODUCT-RULES.md R129)', async () => {
    stubFetch(routes({ message: 'ok', id: 9 }));
    renderPage();
    await addGame(1);
    await addGame(2);
    await addGame(3);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const shown = await screen.findByText('Successfully Published Tips');
    expect(shown.closest('.MuiSnackbar-root')).not.toBeNull();
    await waitFor(
      () => expect(screen.queryByText('Successfully Published Tips')).not.toBeInTheDocument(),
      { timeout: 8000 },
    );
  }, 30_000);

  it("keeps the renewed token of a user's first slip (their token now says tipster)", async () => {
    const renewed = fakeJwt({
      sub: '7',
      role: 'tipster',
      exp: Math.floor(Date.now() / 1000) + 900,
    });
    stubFetch(routes({ message: 'Successfully Published Tips', id: 9, access: renewed }));
    renderPage();
    setCookie(
      'token',
      fakeJwt({ sub: '7', role: 'user', exp: Math.floor(Date.now() / 1000) + 3600 }),
    );
    await addGame(1);
    await addGame(2);
    await addGame(3);
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Successfully Published Tips');
    expect(getCookie('token')).toBe(renewed);
  }, 20_000);

  it('follows the limits the server serves, fetched once (GET /api/slip/limits)', async () => {
    const limits = buildSlipLimits({
      max_tips: 4,
      min_price_ksh: 100,
      max_price_ksh: 500,
      messages: {
        ...buildSlipLimits().messages,
        price_too_high: 'Max Amount: 500',
        price_range: 'Price range Ksh. [100-500]',
      },
    });
    const fetchStub = stubFetch(routes({ message: 'ok', id: 9 }, limits));
    renderPage();
    expect(await screen.findByText('Slip (0/4)')).toBeInTheDocument();
    const price = screen.getByLabelText('Price (Ksh)');
    expect(price).toHaveValue('100');
    expect(screen.getByText('Price range Ksh. [100-500]')).toBeInTheDocument();
    fireEvent.change(price, { target: { value: '600' } });
    expect(await screen.findByText('Max Amount: 500')).toBeInTheDocument();
    await addGame(1);
    expect(fetchStub.to('/api/slip/limits')).toHaveLength(1);
  }, 20_000);

  it("shows the server's daily limit message when no slip may be posted today", async () => {
    stubFetch({
      ...routes({ message: 'ok', id: 9 }),
      '/api/slip/can-post': { can_post: false, remaining: 0 },
    });
    renderPage();
    expect(await screen.findByText("Can't Post more than 2 tips")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  }, 20_000);
});
