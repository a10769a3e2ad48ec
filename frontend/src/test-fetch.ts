import { vi } from 'vitest';
import type { Slip, SlipLimits, SlipTip } from './api/types';

/** A request the app made through the stubbed fetch. */
export interface StubbedRequest {
  method: string;
  url: URL;
  /** `pathname + search`, e.g. '/v2/api/slip/data/?p=2'. */
  path: string;
  body: unknown;
  headers: Headers;
}

type Answer = unknown;
type Handler = Answer | ((request: StubbedRequest) => Answer | Promise<Answer>);

/** A JSON response (the API's shape). */
export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Stubs global fetch at the HTTP boundary (unit tests only). `routes` maps 'METHOD /path' (or
 * '/path' for any method; the path without the query matches too) to a JSON body, a Response,
 * or a function of the request. Unmatched calls answer 404 so a missing stub shows as an error.
 */
export const stubFetch = (routes: Record<string, Handler>) => {
  const requests: StubbedRequest[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    let body: unknown = init.body;
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const request: StubbedRequest = {
      method,
      url,
      path: `${url.pathname}${url.search}`,
      body,
      headers: new Headers(init.headers),
    };
    requests.push(request);
    const keys = [
      `${method} ${request.path}`,
      `${method} ${url.pathname}`,
      request.path,
      url.pathname,
    ];
    const key = keys.find((candidate) => candidate in routes);
    if (key === undefined) return json({ message: `not stubbed: ${method} ${request.path}` }, 404);
    const handler = routes[key];
    const answer = typeof handler === 'function' ? await handler(request) : handler;
    return answer instanceof Response ? answer : json(answer);
  });
  vi.stubGlobal('fetch', mock);
  return {
    mock,
    requests,
    /** Requests to `pathname` (any query). */
    to: (pathname: string) => requests.filter((request) => request.url.pathname === pathname),
  };
};

/** An ISO instant `hours` from now. */
export const hoursFromNow = (hours: number, from: Date = new Date()): string =>
  new Date(from.getTime() + hours * 3_600_000).toISOString();

/** A game of a slip with deterministic defaults. */
export const buildTip = (overrides: Partial<SlipTip> = {}): SlipTip => ({
  home_team: 'Arsenal',
  away_team: 'Chelsea',
  game_date: hoursFromNow(24),
  league: 'Premier League',
  game_result: null,
  fixture: 1001,
  result: null,
  ...overrides,
});

/** An open slip of 3 games, on sale (first kick-off tomorrow). */
export const buildSlip = (overrides: Partial<Slip> = {}): Slip => ({
  id: 42,
  price: 100,
  price_ng: 1500,
  price_ug: 3000,
  date_created: '2026-05-01T08:00:00+03:00',
  accumulator: '4.56',
  jackpot: false,
  money_back: false,
  slip_result: null,
  tips: [
    buildTip(),
    buildTip({
      home_team: 'Gor Mahia',
      away_team: 'AFC Leopards',
      league: 'Kenyan Premier League',
    }),
    buildTip({ home_team: 'Real Madrid', away_team: 'Barcelona', league: 'La Liga' }),
  ],
  user: { username: 'kipchoge' },
  meta: { rating: 72.5, profile_image: null, settled: 40, profit: 3.45, roi: 8.63 },
  commitment: null,
  ussd_code: '422',
  ...overrides,
});

/**
 * GET /api/slip/limits as the server answers it (docs/PRODUCT-RULES.md R9, R135), with overrides.
 */
export const buildSlipLimits = (overrides: Partial<SlipLimits> = {}): SlipLimits => ({
  min_tips: 3,
  max_tips: 5,
  min_total_odds: '1.60',
  max_total_odds: '100.00',
  min_price_ksh: 50,
  max_price_ksh: 1000,
  max_slips_per_day: 2,
  messages: {
    too_few_tips: "Publish at least '3' tip",
    too_many_tips: 'Maximum number of 5 games reached',
    duplicate_game: 'Game already in slip',
    total_odds:
      'Total odds must be within 1.6 and 100.00 . A minimum of 1.6 and a maximum of 100.0',
    price_range: 'Price range Ksh. [50-1000]',
    price_too_high: 'Max Amount: 1000',
    daily_limit: "Can't Post more than 2 tips",
  },
  ...overrides,
});
