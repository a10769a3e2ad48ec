import { expect, test, type Request } from '@playwright/test';
import { SubscriptionsPage, TipsListPage, TopTipstersPage } from './pages/TipsPages';
import { hoursFromNow, openSlip, slipPage, stubJson } from './support/stubs';

/*
 * Lists, leaderboard, jackpots, subscriptions and blog (spec §2). Their endpoints (issues 6-8)
 * are being built; each stub below goes when its endpoint lands.
 */

test('active tips: ?type=top asks for top slips and paging uses ?p= (spec §2)', async ({ page }) => {
  // TODO(api): remove stub when the demo seed has open slips (issue 6; GET /v2/api/slip/data/ answers, with no slips yet).
  const calls = await stubJson(page, '**/v2/api/slip/data/**', slipPage([openSlip(1), openSlip(2)], 3));
  const tips = new TipsListPage(page);
  await tips.goto('/active_tips?type=top');
  await tips.acceptCookies();
  await expect(tips.heading).toHaveText('Top Tips');
  await expect(tips.cards).toHaveCount(2);
  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL('/active_tips?type=top&p=2');
  await expect.poll(() => calls.map((request) => new URL(request.url()).search)).toEqual(['?top=1', '?p=2&top=1']);
});

test("a failing page shows 'Error: Can't Find Page' (spec §8)", async ({ page }) => {
  // TODO(api): remove stub when the demo seed has slips to page past (issue 6; a page past the end answers 404).
  await stubJson(page, '**/v2/api/slip/data/**', { message: 'Invalid page' }, 404);
  await page.goto('/active_tips?p=999');
  await expect(page.getByText("Error: Can't Find Page")).toBeVisible();
});

test('finished slips show results with colours and +/- odds', async ({ page }) => {
  // TODO(api): remove stub when the demo seed has settled slips (issue 6; GET /v2/api/slip/data/finished/ answers).
  await stubJson(page, '**/v2/api/slip/data/finished/**', {
    results: [
      { ...openSlip(7), slip_result: 'W', accumulator: '4.10' },
      { ...openSlip(8), slip_result: 'L', accumulator: '3.00' },
    ],
    next: null,
    count: 2,
    num_pages: 1,
  });
  const tips = new TipsListPage(page);
  await tips.goto('/finished_tips');
  await expect(tips.card(7, 'wanjiku')).toContainText('Won');
  await expect(tips.card(7, 'wanjiku').getByTestId('total-odds')).toHaveText('+4.10');
  await expect(tips.card(8, 'wanjiku').getByTestId('total-odds')).toHaveText('-3.00');
});

test('leaderboard with the weekly toggle (spec §2 /top_tipsters)', async ({ page }) => {
  // TODO(api): remove stub when GET /v2/api/tipster/data/ lands (issue 6).
  await stubJson(page, '**/v2/api/tipster/data/**', (request: Request) => ({
    results: new URL(request.url()).searchParams.get('weekly') === '1'
      ? [{ username: 'otieno', tips: 5, won: 4, lost: 1, rating: 80, profit: '2.40' }]
      : [{ username: 'wanjiku', tips: 40, won: 25, lost: 15, rating: 62.5, profit: '6.10' }],
    next: null,
  }));
  const board = new TopTipstersPage(page);
  await board.goto();
  await board.acceptCookies();
  await expect(board.table(false)).toContainText('wanjiku');
  await expect(board.table(false)).toContainText('62.50%');
  await board.weeklyToggle.click();
  await expect(page).toHaveURL('/top_tipsters?type=weekly');
  await expect(board.table(true)).toContainText('otieno');
});

test('jackpot cards show 8 tips then see more; a slug shows one jackpot (spec §2, §5)', async ({ page }) => {
  const games = Array.from({ length: 13 }, (_, i) => ({
    home_team: `Home ${i + 1}`,
    away_team: `Away ${i + 1}`,
    game_date: hoursFromNow(24 + i),
    league: 'English Premier League',
  }));
  const jackpot = (company: string, type: string, id: number) => ({
    company,
    type,
    slip: { ...openSlip(id), jackpot: true, tips: games },
    todaysOdd: '1200.50',
    price: '99.00',
    title: '',
    description: 'This week',
    next_match: null,
  });
  // TODO(api): remove stub when GET /api/jackpot/get-all-jackpots lands (issue 8).
  await stubJson(page, '**/api/jackpot/get-all-jackpots', {
    data: [jackpot('SP', 'MG', 101), jackpot('SP', 'MW', 102), jackpot('BT', 'MG', 103), jackpot('BT', 'MW', 104)],
  });
  await page.goto('/jackpot');
  const card = page.getByRole('article', { name: 'Betika Mid Week Jackpot' });
  await expect(card.getByRole('listitem')).toHaveCount(8);
  await card.getByRole('link', { name: 'See more (5 more games)' }).click();
  await expect(page).toHaveURL('/jackpot/betika-mid-week-jackpot');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').getByRole('listitem')).toHaveCount(13);
});

test("subscription: phone check, 'Request sent. Wait for mpesa stk', failure message (spec §4, §8)", async ({ page }) => {
  // TODO(api): remove stub when GET /api/manage/get-subscription-kind lands (issue 7).
  await stubJson(page, '**/api/manage/get-subscription-kind', {
    bronze: { price: '200.00', type: 'bronze', title: 'Bronze', description: '7 days of premium tips', days: 7 },
    silver: { price: '500.00', type: 'silver', title: 'Silver', description: '30 days of premium tips', days: 30 },
    gold: { price: '2000.00', type: 'gold', title: 'Gold', description: 'Premium tips for life', days: 1000 },
  });
  // TODO(api): remove stub when POST /api/processor/subscribe lands (issue 7).
  let status = 200;
  const subscribes: unknown[] = [];
  await page.route('**/api/processor/subscribe', (route) => {
    subscribes.push(route.request().postDataJSON());
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(status === 200 ? { message: 'ok' } : {}) });
  });
  const panel = new SubscriptionsPage(page);
  await panel.goto();
  await panel.acceptCookies();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscriber Panel');
  await panel.subscribe('Gold', '0712');
  await expect(panel.dialog.getByText('Enter Valid Phone Number')).toBeVisible();
  await panel.dialog.getByLabel('Phone number').fill('0712345678');
  await panel.dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(panel.dialog).toBeHidden();
  await expect(page.getByText('Request sent. Wait for mpesa stk')).toBeVisible();
  expect(subscribes).toEqual([{ phone: '254712345678', type: 'gold', days: 1000 }]);

  status = 500;
  await panel.subscribe('Bronze', '712345678');
  await expect(panel.dialog.getByText('Error occurred. Try again')).toBeVisible();
});

test('a blog post with its content, share links and Open Graph tags (spec §2)', async ({ page }) => {
  // TODO(api): remove stub when the demo seed has blog posts (issue 8; GET /v2/api/manage/post/ exists).
  await stubJson(page, '**/v2/api/manage/post/**', {
    count: 1,
    results: [
      {
        title: 'Reading a tipster card',
        slug: 'reading-a-tipster-card',
        content: '<p>The rating is the share of <strong>settled</strong> slips won.</p>',
        overview: 'What the numbers mean.',
        date_created: '2026-05-10T09:00:00+03:00',
        thumbnail: null,
        author: 'TipsKE Team',
      },
    ],
  });
  await page.goto('/blog/reading-a-tipster-card');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading a tipster card');
  await expect(page.getByRole('article')).toContainText('share of settled slips won');
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /wa\.me/);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page).toHaveTitle('Reading a tipster card | TipsKE');
});
