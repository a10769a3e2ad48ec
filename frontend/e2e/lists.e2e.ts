import { expect, test } from '@playwright/test';
import { SandboxPhonePage } from './pages/SandboxPhonePage';
import { SubscriptionsPage, TipsListPage, TopTipstersPage } from './pages/TipsPages';
import {
  finishedSlip,
  gameName,
  getJson,
  groupedAmount,
  mpesaRefusedPhone,
  uniqueKenyanPhone,
  type ApiSlip,
  type ApiSlipPage,
} from './support/seeded';

/*
 * Lists, leaderboard, jackpots, subscriptions and blog
 * (docs/PRODUCT-RULES.md R99, R101, R102, R105, R106) on the seeded marketplace through the real
 * API; each test reads what it expects from the API first, so it holds whatever the seed drew.
 */

/** One row of GET /v2/api/tipster/data/. */
interface LeaderboardRow {
  username: string;
  rating: number | string;
}

test('active tips: ?type=top lists the top slips and paging uses ?p= (docs/PRODUCT-RULES.md R99, R142)', async ({
  page,
}) => {
  const first = await getJson<ApiSlipPage>(page.request, '/v2/api/slip/data/?top=1');
  expect(first.num_pages, 'the seed has more than one page of open slips').toBeGreaterThan(1);
  const second = await getJson<ApiSlipPage>(page.request, '/v2/api/slip/data/?p=2&top=1');
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v2/api/slip/data/') calls.push(url.search);
  });

  const tips = new TipsListPage(page);
  await tips.goto('/active_tips?type=top');
  await tips.acceptCookies();
  await expect(tips.heading).toHaveText('Top Tips');
  await expect(tips.cards).toHaveCount(first.results.length);
  const top = first.results[0];
  await expect(tips.cards.first()).toHaveAccessibleName(`Slip ${top.id} by ${top.user.username}`);
  await expect(tips.card(top.id, top.user.username)).toContainText(gameName(top.tips[0]));

  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(page).toHaveURL('/active_tips?type=top&p=2');
  await expect(tips.cards).toHaveCount(second.results.length);
  await expect(tips.cards.first()).toHaveAccessibleName(
    `Slip ${second.results[0].id} by ${second.results[0].user.username}`,
  );
  expect(calls).toEqual(['?top=1', '?p=2&top=1']);
});

test("a page past the end shows 'Error: Can't Find Page' (docs/PRODUCT-RULES.md R70)", async ({
  page,
}) => {
  const { num_pages } = await getJson<ApiSlipPage>(page.request, '/v2/api/slip/data/?p=1');
  await page.goto(`/active_tips?p=${num_pages + 1}`);
  await expect(page.getByText("Error: Can't Find Page")).toBeVisible();
});

test('finished slips show results with colours and +/- odds (docs/PRODUCT-RULES.md R122)', async ({
  page,
}) => {
  const won = await finishedSlip(page.request, 'W');
  const lost = await finishedSlip(page.request, 'L');
  const tips = new TipsListPage(page);
  await tips.goto('/finished_tips');
  const wonCard = tips.card(won.id, won.user.username);
  const lostCard = tips.card(lost.id, lost.user.username);
  await expect(wonCard).toContainText('Won');
  await expect(wonCard.getByTestId('total-odds')).toHaveText(`+${won.accumulator}`);
  await expect(wonCard.getByTestId('total-odds')).toHaveCSS('color', 'rgb(34, 197, 94)');
  await expect(lostCard).toContainText('Lost');
  await expect(lostCard.getByTestId('total-odds')).toHaveText(`-${lost.accumulator}`);
  await expect(lostCard.getByTestId('total-odds')).toHaveCSS('color', 'rgb(239, 68, 68)');
  await expect(wonCard.getByRole('link', { name: /^Buy slip/ })).toHaveCount(0);
});

// The leaderboard table as a desktop shows it (on phones each row is a card with rating, profit
// and ROI, checked in phone.e2e.ts).
test.describe('at a desktop width', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('leaderboard by rating with the weekly toggle (docs/PRODUCT-RULES.md R101)', async ({
    page,
  }) => {
    const all = await getJson<{ results: LeaderboardRow[] }>(
      page.request,
      '/v2/api/tipster/data/?all=1',
    );
    const weekly = await getJson<{ results: LeaderboardRow[] }>(
      page.request,
      '/v2/api/tipster/data/?all=1&weekly=1',
    );
    expect(all.results.length, 'the seed ranks tipsters').toBeGreaterThan(1);

    const board = new TopTipstersPage(page);
    await board.goto();
    await board.acceptCookies();
    const rows = board.table(false).getByRole('row');
    await expect(rows).toHaveCount(all.results.length + 1);
    for (const [index, tipster] of all.results.slice(0, 3).entries()) {
      const cells = rows.nth(index + 1).getByRole('cell');
      await expect(cells.nth(0)).toHaveText(String(index + 1));
      await expect(cells.nth(1).getByRole('link')).toHaveText(tipster.username);
      await expect(cells.nth(5)).toHaveText(`${Number(tipster.rating).toFixed(2)}%`);
    }

    await board.weeklyToggle.click();
    await expect(page).toHaveURL('/top_tipsters?type=weekly');
    // The weekly ranking counts slips settled this ISO week: empty early in a week.
    if (weekly.results.length === 0) {
      await expect(page.getByText('No ranked tipsters yet.')).toBeVisible();
    } else {
      await expect(board.table(true).getByRole('row')).toHaveCount(weekly.results.length + 1);
      await expect(board.table(true).getByRole('row').nth(1)).toContainText(
        weekly.results[0].username,
      );
    }
    await board.allTimeToggle.click();
    await expect(page).toHaveURL('/top_tipsters');
    await expect(board.table(false)).toBeVisible();
  });
});

test('jackpot cards show 8 tips then see more; a slug shows one jackpot (docs/PRODUCT-RULES.md R47, R102, R139)', async ({
  page,
}) => {
  const { data } = await getJson<{ data: { company: string; type: string; slip: ApiSlip }[] }>(
    page.request,
    '/api/jackpot/get-all-jackpots',
  );
  const midWeek = data.find((jackpot) => jackpot.company === 'BT' && jackpot.type === 'MW');
  expect(midWeek, 'the seed has the Betika Mid Week jackpot').toBeDefined();
  const games = midWeek!.slip.tips;
  expect(games.length, 'the jackpot has more games than a card shows').toBeGreaterThan(8);

  await page.goto('/jackpot');
  await expect(page.getByRole('article')).toHaveCount(data.length);
  const card = page.getByRole('article', { name: 'Betika Mid Week Jackpot' });
  await expect(card.getByRole('listitem')).toHaveCount(8);
  await expect(card.getByRole('listitem').first()).toContainText(gameName(games[0]));
  await card.getByRole('link', { name: `See more (${games.length - 8} more games)` }).click();
  await expect(page).toHaveURL('/jackpot/betika-mid-week-jackpot');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article').getByRole('listitem')).toHaveCount(games.length);
  await expect(page.getByRole('article').getByRole('listitem').last()).toContainText(
    gameName(games[games.length - 1]),
  );
});

test("subscription: real kinds, phone check, 'Request sent. Wait for mpesa stk', failure messages (docs/PRODUCT-RULES.md R126, R70)", async ({
  page,
}) => {
  const kinds = await getJson<
    Record<string, { price: string; type: string; title: string; days: number }>
  >(page.request, '/api/manage/get-subscription-kind');
  const gold = kinds.gold;
  expect(gold, 'the seed has the gold subscription').toBeDefined();
  const phone = uniqueKenyanPhone();
  const subscribes: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/processor/subscribe')
      subscribes.push(request.postDataJSON());
  });

  const panel = new SubscriptionsPage(page);
  await panel.goto();
  await panel.acceptCookies();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscriber Panel');
  for (const kind of Object.values(kinds)) {
    await expect(page.getByRole('button', { name: `Subscribe ${kind.title}` })).toBeVisible();
    await expect(page.getByText(`Ksh. ${groupedAmount(kind.price)}`).first()).toBeVisible();
  }
  await panel.subscribe(gold.title, '0712');
  await expect(panel.dialog.getByText('Enter Valid Phone Number')).toBeVisible();
  expect(subscribes).toHaveLength(0);
  await panel.dialog.getByLabel('Phone number').fill(phone.local);
  await panel.dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(panel.dialog).toBeHidden();
  await expect(page.getByText('Request sent. Wait for mpesa stk')).toBeVisible();
  expect(subscribes).toEqual([{ phone: phone.msisdn, type: gold.type, days: gold.days }]);

  // The STK push really reached the phone, for the kind's price.
  const handset = new SandboxPhonePage(await page.context().newPage(), phone.msisdn);
  await handset.goto();
  await expect(handset.prompt).toContainText(`Ksh ${groupedAmount(gold.price)}`);
  await handset.page.close();

  // M-Pesa refuses a number not registered on it: the server's message in the dialog.
  const bronze = kinds.bronze ?? Object.values(kinds)[0];
  await panel.subscribe(bronze.title, mpesaRefusedPhone());
  await expect(panel.dialog.getByText('M-Pesa request failed. Try again')).toBeVisible();
  // No answer at all (connection dropped): the dialog's own message.
  await page.route('**/api/processor/subscribe', (route) => route.abort('connectionfailed'));
  await panel.dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(panel.dialog.getByText('Error occurred. Try again')).toBeVisible();
});

test('a seeded blog post with its content, share links and Open Graph tags (docs/PRODUCT-RULES.md R80, R106)', async ({
  page,
}) => {
  const { results } = await getJson<{
    results: { title: string; slug: string; overview: string; content: string }[];
  }>(page.request, '/v2/api/manage/post/');
  expect(results.length, 'the seed has blog posts').toBeGreaterThan(0);
  const post = results[0];
  // The first words of the post's first paragraph, up to its first inline tag.
  const opening = (/<p>([^<]+)/.exec(post.content)?.[1] ?? '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();
  expect(opening.length).toBeGreaterThan(10);

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
  await expect(page.getByRole('article')).toContainText(opening);
  await expect(page.getByRole('article')).toContainText(post.overview);
  await expect(page.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\//,
  );
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', post.overview);
  await expect(page).toHaveTitle(`${post.title} | TipsKE`);
});
