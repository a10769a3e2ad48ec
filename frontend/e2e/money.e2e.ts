import { expect, test, type APIRequestContext } from '@playwright/test';
import { finishedSlip, getJson, groupedAmount, uniqueKenyanPhone } from './support/seeded';
import { newUserLoggedIn, threeGames } from './support/tipster';

/*
 * Money shown to tipsters (docs/PRODUCT-RULES.md R29, R109, R119): every figure on the dashboard
 * is the server's, after a real sale through the Daraja sandbox; the profile's profit chart keeps
 * its y labels inside the chart and fills its card.
 */

interface FinanceSummary {
  pending_amount: string;
  account_balance: string;
  total_earnings: string;
  today_earnings: string;
  month_earnings: string;
  withdrawable_amount: string;
}

/** 'Ksh. 1,500.00' as the site writes a Ksh amount. */
const ksh = (value: string): string => `Ksh. ${groupedAmount(value)}`;

/** Buys slip `slipId` by M-Pesa with a fresh phone and accepts the STK prompt through the sandbox phone's API. */
const sellByMpesa = async (request: APIRequestContext, slipId: number): Promise<void> => {
  const buyer = uniqueKenyanPhone();
  const bought = await request.post('/api/processor/buy', {
    data: { phone: buyer.local, slip: slipId },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  let promptId = '';
  await expect
    .poll(async () => {
      const phone = await getJson<{ prompts: { checkoutRequestId: string }[] }>(
        request,
        `/sandbox/api/phones/${buyer.msisdn}`,
      );
      promptId = phone.prompts[0]?.checkoutRequestId ?? '';
      return promptId;
    })
    .not.toBe('');
  const accepted = await request.post(
    `/sandbox/api/phones/${buyer.msisdn}/prompts/${promptId}/accept`,
    { data: { pin: '1234' } },
  );
  expect(accepted.ok(), await accepted.text()).toBe(true);
};

test.describe('dashboard figures after a sale', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test("every tile shows /api/finance/pending_amount as it is: one Ksh 50 sale → pending Ksh 30, today's and monthly income Ksh 30", async ({
    page,
  }) => {
    test.slow(); // a real STK push, its callback and the payments worker
    const phone = uniqueKenyanPhone();
    await newUserLoggedIn(page, phone.local);
    const games = await threeGames(page.request);
    const created = await page.request.post('/api/slip/create', {
      data: { tips: games.map((game) => ({ game: game.id, market: 1 })), amount: 50 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id: slipId } = (await created.json()) as { id: number };

    await sellByMpesa(page.request, slipId);
    let summary: FinanceSummary | null = null;
    await expect
      .poll(async () => {
        summary = await getJson<FinanceSummary>(page.request, '/api/finance/pending_amount');
        return summary.pending_amount;
      })
      .toBe('30.00');
    const figures = summary as unknown as FinanceSummary;
    expect(figures.today_earnings).toBe('30.00');
    expect(figures.month_earnings).toBe('30.00');

    await page.goto('/dashboard');
    const tile = (label: string) => page.getByTestId(`tile-${label}`);
    await expect(tile('Pending Payments')).toHaveText(ksh(figures.pending_amount));
    await expect(tile('Account Balance')).toHaveText(ksh(figures.account_balance));
    await expect(tile('Total Earnings')).toHaveText(ksh(figures.total_earnings));
    await expect(tile("Today's Income - 40% Fee")).toHaveText(ksh(figures.today_earnings));
    await expect(tile('Monthly Income - 40% Fee')).toHaveText(ksh(figures.month_earnings));
  });
});

test.describe('profile profit chart on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test('the y-axis labels lie fully inside the chart, signs included, and the chart is as wide as its card', async ({
    page,
  }) => {
    const slip = await finishedSlip(page.request, 'W');
    await page.goto(`/profile/${encodeURIComponent(slip.user.username)}`);
    const chart = page.getByTestId('profit-chart');
    await expect(chart).toBeVisible();
    const labels = chart.getByTestId('profit-axis-label');
    await expect(labels).toHaveCount(2);
    for (const text of await labels.allTextContents())
      expect(text).toMatch(/^([+-]\d+\.\d\d|0\.00)$/);

    const svg = (await chart.boundingBox())!;
    for (const label of await labels.all()) {
      const box = (await label.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(svg.x);
      expect(box.x + box.width).toBeLessThanOrEqual(svg.x + svg.width);
      expect(box.y).toBeGreaterThanOrEqual(svg.y);
      expect(box.y + box.height).toBeLessThanOrEqual(svg.y + svg.height);
    }
    // The card's content box (its padding excluded) is the chart's width.
    const card = await chart.evaluate((element) => {
      const paper = element.closest('.MuiPaper-root') as HTMLElement;
      const style = getComputedStyle(paper);
      return (
        paper.getBoundingClientRect().width -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight)
      );
    });
    expect(Math.abs(svg.width - card)).toBeLessThanOrEqual(2);
  });
});
