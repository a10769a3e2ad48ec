import type { Page, Request } from '@playwright/test';

/**
 * Answers one API route in the browser with JSON (Playwright page.route). Only for endpoints
 * that have not landed yet: every use carries a `TODO(api): remove stub when <endpoint> lands`.
 * Returns the requests it answered, so a test can check what the page sent.
 */
export const stubJson = async (
  page: Page,
  url: string | RegExp | ((url: URL) => boolean),
  body: unknown | ((request: Request) => unknown),
  status = 200,
): Promise<Request[]> => {
  const seen: Request[] = [];
  await page.route(url, async (route) => {
    seen.push(route.request());
    const payload = typeof body === 'function' ? (body as (r: Request) => unknown)(route.request()) : body;
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(payload) });
  });
  return seen;
};

/** An ISO instant `hours` from now, in the browser's clock. */
export const hoursFromNow = (hours: number): string =>
  new Date(Date.now() + hours * 3_600_000).toISOString();

/** An open slip as GET /api/slip/get/{id} and the lists answer it (spec §3, issue 6 shape). */
export const openSlip = (id: number, username = 'wanjiku') => ({
  id,
  price: '100.00',
  price_ng: '1500.00',
  date_created: new Date().toISOString(),
  accumulator: '5.24',
  jackpot: false,
  slip_result: null,
  tips: [
    { home_team: 'Arsenal', away_team: 'Chelsea', game_date: hoursFromNow(26), league: 'English Premier League', fixture: 1 },
    { home_team: 'Gor Mahia', away_team: 'Tusker', game_date: hoursFromNow(28), league: 'Kenyan Premier League', fixture: 2 },
    { home_team: 'Inter', away_team: 'Milan', game_date: hoursFromNow(30), league: 'Serie A', fixture: 3 },
  ],
  user: { username },
  meta: { rating: 68, profile_image: null },
});

export const slipPage = (slips: unknown[], numPages = 1) => ({
  results: slips,
  next: null,
  previous: null,
  num_pages: numPages,
});

/** The picks find-slip answers (spec §7: Game, League, Tip). */
export const FOUND_TIPS = [
  { Game: 'Arsenal v Chelsea', League: 'English Premier League', Tip: 'HOME WIN' },
  { Game: 'Gor Mahia v Tusker', League: 'Kenyan Premier League', Tip: 'GG' },
  { Game: 'Inter v Milan', League: 'Serie A', Tip: 'OVER 2.5' },
];
