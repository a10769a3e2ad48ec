import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

/*
 * The seeded marketplace as the real API answers it (`npm run seed`: demo tipsters, settled and
 * open slips on real fixtures, free tips, blog posts). Tests discover what they need here instead
 * of hard-coding ids, so they hold on any day the seed runs.
 */

/**
 * One game of a slip as the public lists and GET /api/slip/get/{id} answer it
 * (docs/PRODUCT-RULES.md R114).
 */
export interface ApiSlipGame {
  home_team: string;
  away_team: string;
  game_date: string;
  league: string;
}

/** A slip as the public lists answer it: price in Ksh, price_ng in NGN, price_ug in UGX, slip_result W/L/C or null. */
export interface ApiSlip {
  id: number;
  price: number | string;
  price_ng: number | string;
  price_ug: number | string;
  accumulator: string;
  slip_result: string | null;
  tips: ApiSlipGame[];
  user: { username: string };
  /** The code to buy it by in the USSD menu (docs/PRODUCT-RULES.md R176). */
  ussd_code: string;
}

/** A page of GET /v2/api/slip/data/ (and /finished/). */
export interface ApiSlipPage {
  results: ApiSlip[];
  next: string | null;
  num_pages: number;
}

/** A slip a test buys must stay on sale for the whole test: its first game this far ahead at least. */
const SALE_MARGIN_MS = 30 * 60_000;

/** 'Home v Away', as cards, SMS and find-tip name a game. */
export const gameName = (game: Pick<ApiSlipGame, 'home_team' | 'away_team'>): string =>
  `${game.home_team} v ${game.away_team}`;

/** GET `path` on the app under test and its JSON body (fails the test on a non-2xx answer). */
export const getJson = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
};

/** True when no game of `slip` kicks off within SALE_MARGIN_MS and it is not settled. */
const comfortablyOnSale = (slip: ApiSlip, now = Date.now()): boolean =>
  slip.slip_result === null &&
  slip.tips.every((tip) => Date.parse(tip.game_date) > now + SALE_MARGIN_MS);

/**
 * The open slips of the first page of /active_tips (GET /v2/api/slip/data/?p=1) that stay on sale
 * for a while: what a buyer sees first. Fails when the seed left none.
 */
export const slipsOnSale = async (request: APIRequestContext): Promise<ApiSlip[]> => {
  const page = await getJson<ApiSlipPage>(request, '/v2/api/slip/data/?p=1');
  const open = page.results.filter((slip) => comfortablyOnSale(slip));
  expect(open.length, 'the seed has open slips on the first page of /active_tips').toBeGreaterThan(
    0,
  );
  return open;
};

/** The first settled slip of /finished_tips with result `result` (GET /v2/api/slip/data/finished/). */
export const finishedSlip = async (
  request: APIRequestContext,
  result: 'W' | 'L',
): Promise<ApiSlip> => {
  const page = await getJson<ApiSlipPage>(request, '/v2/api/slip/data/finished/?p=1');
  const slip = page.results.find((candidate) => candidate.slip_result === result);
  expect(
    slip,
    `the seed has a finished slip with result ${result} on the first page`,
  ).toBeDefined();
  return slip!;
};

/**
 * Groups the digits of a decimal amount as the site shows money ('1200' -> '1,200.00'), on the
 * string: no float arithmetic. `decimals` 0 for currencies shown without cents.
 */
export const groupedAmount = (value: number | string, decimals = 2): string => {
  const [whole, fraction = ''] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals ? `${grouped}.${fraction.padEnd(decimals, '0').slice(0, decimals)}` : grouped;
};

/**
 * A Kenyan phone number no other test of this run uses ('07' + 8 digits, never the sandbox's
 * reserved 0700000xxx numbers), local and as the MSISDN the API stores
 * (docs/PRODUCT-RULES.md R136).
 */
export const uniqueKenyanPhone = (): { local: string; msisdn: string } => {
  const local = `07${randomInt(10, 100)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
  return { local, msisdn: `254${local.slice(1)}` };
};

/** An e-mail address no other test of this run uses. */
export const uniqueEmail = (prefix: string, domain = 'example.com'): string =>
  `${prefix}-${Date.now().toString(36)}${randomInt(0, 1_000_000).toString(36)}@${domain}`;

/**
 * A Kenyan mobile number the site's form and the API accept but M-Pesa refuses to push to: the
 * Daraja sandbox treats 0700 04x xxx as not registered on M-Pesa (sandbox README, "Test values"),
 * so the API answers its own failure message (no stub, no fault injection). Random within that
 * range so parallel tests do not share a phone's push limit.
 */
export const mpesaRefusedPhone = (): string =>
  `070004${String(randomInt(0, 10_000)).padStart(4, '0')}`;

/** The picks of a buyer SMS or e-mail ('Home v Away - PICK @odd' lines), in slip order. */
export const picksOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => / - (.+) @\d+(?:\.\d+)?$/.exec(line.trim())?.[1])
    .filter((pick): pick is string => !!pick);

/**
 * The newest sandbox e-mail to `to` whose text contains `containing` (polls /sandbox/api/mail for
 * up to `timeoutMs`).
 */
export const mailedText = async (
  request: APIRequestContext,
  to: string,
  containing: string,
  timeoutMs = 20_000,
): Promise<string> => {
  let text = '';
  await expect
    .poll(
      async () => {
        const mails = await getJson<{ text: string | null }[]>(
          request,
          `/sandbox/api/mail?to=${encodeURIComponent(to)}`,
        );
        text = mails.find((mail) => mail.text?.includes(containing))?.text ?? '';
        return text !== '';
      },
      { timeout: timeoutMs },
    )
    .toBe(true);
  return text;
};
