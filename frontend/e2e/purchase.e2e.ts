import { expect, test, type Page, type Request } from '@playwright/test';
import { BuyTipPage } from './pages/BuyTipPage';
import { FindTipPage } from './pages/FindTipPage';
import { SandboxCheckoutPage } from './pages/SandboxCheckoutPage';
import { SandboxPhonePage } from './pages/SandboxPhonePage';
import { TipsListPage } from './pages/TipsPages';
import {
  finishedSlip,
  gameName,
  getJson,
  groupedAmount,
  mailedText,
  mpesaRefusedPhone,
  picksOf,
  slipsOnSale,
  uniqueEmail,
  uniqueKenyanPhone,
  type ApiSlip,
} from './support/seeded';

/*
 * Purchases (docs/PRODUCT-RULES.md R103, R136, R70, R81) against the real API on the seeded
 * marketplace, paid through the provider sandboxes: M-Pesa on the sandbox phone
 * (/sandbox/phone/{msisdn}, where the buyer accepts the STK prompt with a PIN and the SMS arrive),
 * Flutterwave on the sandbox checkout. The e2e server runs without SANDBOX_AUTO_ACCEPT
 * (scripts/test.mjs): prompts wait for the test. Every test buys with its own phone number or
 * e-mail, so tests run in parallel.
 */

/** Requests the page sends to `path` (method and pathname), to check what a form sent. */
const recordRequests = (page: Page, path: string | RegExp): Request[] => {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (typeof path === 'string' ? pathname === path : path.test(pathname)) seen.push(request);
  });
  return seen;
};

/**
 * Asserts the found-tips table lists `slip`'s games in order with their leagues, and, when given,
 * the `picks` the buyer was sent (SMS or e-mail) in its Tip column.
 */
const expectPicks = async (find: FindTipPage, slip: ApiSlip, picks?: string[]): Promise<void> => {
  const rows = find.tips.getByRole('row');
  await expect(rows).toHaveCount(slip.tips.length + 1);
  for (const [index, game] of slip.tips.entries()) {
    const cells = rows.nth(index + 1).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(gameName(game));
    await expect(cells.nth(1)).toHaveText(game.league);
    if (picks) await expect(cells.nth(2)).toHaveText(picks[index]);
    else await expect(cells.nth(2)).not.toBeEmpty();
  }
};

/**
 * How long the picks e-mail of a card purchase may take: it is written to the e-mail outbox in
 * the payment transaction and sent by the worker's outbox pass, every 30 s
 * (backend EMAIL_RETRY_INTERVAL_MS).
 */
const PICKS_MAIL_WAIT_MS = 45_000;

test.describe('Kenya: buy by M-Pesa, then find the tip', () => {
  test('browse, buy with a phone, accept the STK prompt, the picks arrive by SMS and /find_tip shows them', async ({
    page,
    context,
  }) => {
    test.slow(); // a real STK push, callback, queued SMS and the phone page's 2 s refresh
    const [slip] = await slipsOnSale(page.request);
    const phone = uniqueKenyanPhone();
    const buys = recordRequests(page, '/api/processor/buy');
    const finds = recordRequests(page, /^\/api\/manage\/find-slip\//);

    const tips = new TipsListPage(page);
    await tips.goto();
    await tips.acceptCookies();
    const card = tips.card(slip.id, slip.user.username);
    await expect(card).toContainText(gameName(slip.tips[0]));
    await expect(card.getByTestId('price')).toHaveText(`Ksh. ${groupedAmount(slip.price)}`);
    await expect(card.getByTestId('total-odds')).toHaveText(slip.accumulator);
    await card.getByRole('link', { name: `Buy slip ${slip.id}` }).click();
    await expect(page).toHaveURL(`/buy_tip/${slip.id}`);

    const buy = new BuyTipPage(page);
    await buy.payByMpesa('07123');
    await expect(page.getByText('Enter a valid phone number')).toBeVisible();
    expect(buys).toHaveLength(0);
    await buy.payByMpesa(
      `${phone.local.slice(0, 4)} ${phone.local.slice(4, 7)} ${phone.local.slice(7)}`,
    );
    await expect(buy.alert).toContainText('Request Sent');
    await expect(buy.alert).toContainText('enter your M-Pesa PIN on the prompt to pay');
    expect(buys[0].postDataJSON()).toEqual({ phone: phone.msisdn, slip: slip.id });
    await expect(page.getByRole('note')).toContainText('*456*9*5#');

    // The buyer's phone: the STK prompt for the slip's price, accepted with a PIN.
    const handset = new SandboxPhonePage(await context.newPage(), phone.msisdn);
    await handset.goto();
    await expect(handset.prompt).toContainText(`Ksh ${groupedAmount(slip.price)}`);
    await handset.accept('1234');
    await expect(handset.notice).toContainText('Payment sent');
    await expect(handset.prompt).toHaveCount(0);
    const confirmation = await handset.message(/[A-Z0-9]{10} Confirmed\./);
    const receipt = confirmation.split(' ')[0];
    const sms = await handset.message(`Slip ${slip.id} code`);
    expect(sms).toContain(`Total odds ${slip.accumulator}`);
    const picks = picksOf(sms);
    expect(picks).toHaveLength(slip.tips.length);
    await handset.page.close();

    // Back on the site: find the tip with the phone and the pasted M-Pesa SMS (its first word counts).
    await buy.alert.getByRole('link', { name: 'Find your tip again' }).click();
    await expect(page).toHaveURL('/find_tip');
    const find = new FindTipPage(page);
    await find.findKenya(
      phone.local,
      ` ${receipt.toLowerCase()} Confirmed. Ksh${groupedAmount(slip.price)} sent`,
    );
    await expectPicks(find, slip, picks);
    expect(new URL(finds[0].url()).pathname).toBe(
      `/api/manage/find-slip/${phone.msisdn}/${receipt}`,
    );
    expect(finds[0].method()).toBe('POST');
  });

  test("M-Pesa's refusal shows the server's message; no answer at all shows 'Error occured buying tip'", async ({
    page,
  }) => {
    const [slip] = await slipsOnSale(page.request);
    const buy = new BuyTipPage(page);
    await buy.goto(`/buy_tip/${slip.id}`);
    await buy.acceptCookies();
    await expect(buy.price).toHaveText(`Ksh. ${groupedAmount(slip.price)}`);
    // A number not on M-Pesa passes the form's check; M-Pesa refuses to push to it.
    await buy.payByMpesa(mpesaRefusedPhone());
    await expect(buy.alert).toHaveText('M-Pesa request failed. Try again');

    // A dropped connection is the one failure the real API cannot answer: the page falls back.
    await page.route('**/api/processor/buy', (route) => route.abort('connectionfailed'));
    await buy.buyButton.click();
    await expect(buy.alert).toHaveText('Error occured buying tip');
  });

  test('a settled slip is no longer on sale', async ({ page }) => {
    const slip = await finishedSlip(page.request, 'W');
    const buy = new BuyTipPage(page);
    await buy.goto(`/buy_tip/${slip.id}`);
    await expect(buy.slipCard).toContainText(gameName(slip.tips[0]));
    await expect(page.getByText('This slip is no longer on sale')).toBeVisible();
    await expect(buy.buyButton).toHaveCount(0);
  });

  test("find tip checks its fields, says when nothing matches, and falls back to 'Error occurred. Try again'", async ({
    page,
  }) => {
    const phone = uniqueKenyanPhone();
    const find = new FindTipPage(page);
    await find.goto();
    await find.acceptCookies();
    await find.findKenya('12', 'abc');
    await expect(page.getByText('Enter Valid Phone Number')).toBeVisible();
    await expect(page.getByText('Invalid transaction code')).toBeVisible();
    await find.findKenya(phone.local, 'SJK7ABC123');
    await expect(page.getByRole('alert')).toHaveText('No paid slip found for these details');
    await expect(find.tips).toHaveCount(0);

    // No answer at all (connection dropped): the page's own message.
    await page.route('**/api/manage/find-slip/**', (route) => route.abort('connectionfailed'));
    await find.findButton.click();
    await expect(page.getByRole('alert')).toHaveText('Error occurred. Try again');
  });
});

test.describe('Nigeria and Uganda: e-mail checkout', () => {
  test('Nigeria: NGN price, pay on the checkout, back on /find_tip_ng the picks show and are e-mailed', async ({
    page,
  }) => {
    test.slow(); // a real checkout, webhook and the e-mail outbox
    const [slip] = await slipsOnSale(page.request);
    const email = uniqueEmail('ada', 'example.ng');
    const checkouts = recordRequests(page, '/api/processor/buy-flw');
    const finds = recordRequests(page, /^\/api\/manage\/find-slip-ng\//);

    await page.goto(`/select-country/${slip.id}`);
    await page.getByRole('link', { name: 'Nigeria' }).click();
    await expect(page).toHaveURL(`/buy_tip_ng/${slip.id}`);
    const buy = new BuyTipPage(page);
    await buy.acceptCookies();
    await expect(buy.price).toHaveText(`NGN ${groupedAmount(slip.price_ng)}`);
    await buy.payByEmail(email);

    const checkout = new SandboxCheckoutPage(page);
    await checkout.waitForOpen();
    expect(checkouts[0].postDataJSON()).toEqual({ email, slip_id: slip.id });
    await expect(checkout.amount).toHaveText(`NGN ${groupedAmount(slip.price_ng)}`);
    await expect(checkout.email).toHaveText(email);
    await checkout.payButton.click();

    await page.waitForURL(/\/find_tip_ng\?/);
    const back = new URL(page.url()).searchParams;
    expect(back.get('status')).toBe('successful');
    expect(back.get('transaction_id')).toMatch(/^\d+$/);
    const txRef = back.get('tx_ref') ?? '';
    expect(txRef).toMatch(/^NGN-SLIP-/);
    const find = new FindTipPage(page);
    await expect(find.transactionId).toHaveValue(txRef);
    await expect(find.email).toHaveValue(email);
    await expectPicks(find, slip);
    expect(new URL(finds[0].url()).pathname).toBe(
      `/api/manage/find-slip-ng/${encodeURIComponent(email)}/${encodeURIComponent(Buffer.from(txRef).toString('base64'))}`,
    );

    // The Flutterwave transaction id finds the same purchase, with the picks the buyer was e-mailed.
    await find.findNigeria(email, back.get('transaction_id')!);
    await expect.poll(() => finds.length).toBe(2);
    const mail = await mailedText(page.request, email, `Slip ${slip.id} code`, PICKS_MAIL_WAIT_MS);
    expect(mail).toContain(`Total odds ${slip.accumulator}`);
    await expectPicks(find, slip, picksOf(mail));
  });

  test("Nigeria: an empty or invalid e-mail says 'Invalid Email' and opens no checkout", async ({
    page,
  }) => {
    const [slip] = await slipsOnSale(page.request);
    const checkouts = recordRequests(page, '/api/processor/buy-flw');
    const buy = new BuyTipPage(page);
    await buy.goto(`/buy_tip_ng/${slip.id}`);
    await buy.acceptCookies();
    for (const email of ['', 'ade@', 'not an e-mail']) {
      await buy.payByEmail(email);
      await expect.poll(() => checkouts.length).toBeGreaterThan(0);
      await expect(page.getByRole('alert')).toHaveText('Invalid Email');
      await expect(page.getByText('Payment request failed. Try again')).toHaveCount(0);
      checkouts.length = 0;
    }
    await expect(page).toHaveURL(`/buy_tip_ng/${slip.id}`);
  });

  test('Nigeria: a declined card comes back to the failure state', async ({ page }) => {
    const [slip] = await slipsOnSale(page.request);
    const buy = new BuyTipPage(page);
    await buy.goto(`/buy_tip_ng/${slip.id}`);
    await buy.acceptCookies();
    await buy.payByEmail(uniqueEmail('ngozi', 'example.ng'));
    const checkout = new SandboxCheckoutPage(page);
    await checkout.waitForOpen();
    await checkout.declineButton.click();
    await page.waitForURL(/\/find_tip_ng\?status=failed&/);
    await expect(page.getByRole('alert')).toHaveText('No paid slip found for these details');
    await expect(new FindTipPage(page).tips).toHaveCount(0);
  });

  test("Uganda: the server's UGX price (price_ug), the checkout charges it, Cancel comes back cancelled", async ({
    page,
  }) => {
    const [slip] = await slipsOnSale(page.request);
    // The server converts (UGX_PER_KSH); the page shows price_ug and the checkout charges the same.
    expect(slip.price_ug, 'the list sends price_ug').toBeDefined();
    const ugx = String(slip.price_ug);
    const checkouts = recordRequests(page, '/api/processor/buy-flw-ug');
    const buy = new BuyTipPage(page);
    await buy.goto(`/buy_tip_ug/${slip.id}`);
    await buy.acceptCookies();
    await expect(buy.price).toHaveText(`UGX ${groupedAmount(ugx)}`);
    const email = uniqueEmail('okello', 'example.ug');
    await buy.payByEmail(email);

    const checkout = new SandboxCheckoutPage(page);
    await checkout.waitForOpen();
    expect(checkouts[0].postDataJSON()).toEqual({ email, slip_id: slip.id });
    // UGX has no minor unit on the checkout (Flutterwave shows whole shillings).
    await expect(checkout.amount).toHaveText(`UGX ${groupedAmount(ugx, 0)}`);
    await checkout.cancelButton.click();

    await page.waitForURL(/\/find_tip_ng\?status=cancelled&tx_ref=UGX-SLIP-/);
    await expect(
      page.getByText('The payment was cancelled. You have not been charged.'),
    ).toBeVisible();
    await expect(new FindTipPage(page).tips).toHaveCount(0);
  });

  test("find tip (Nigeria) checks 'Invalid Email' and 'Invalid transaction id', then asks the API", async ({
    page,
  }) => {
    const find = new FindTipPage(page);
    await find.goto('/find_tip_ng');
    await find.acceptCookies();
    await find.findNigeria('ada@', '12');
    await expect(page.getByText('Invalid Email')).toBeVisible();
    await expect(page.getByText('Invalid transaction id')).toBeVisible();
    await find.findNigeria(uniqueEmail('ada', 'example.ng'), 'NGN-SLIP-NOSUCHREF');
    await expect(page.getByRole('alert')).toHaveText('No paid slip found for these details');
  });
});

test('the buy page shows the games of the slip on sale, never its picks (GET /api/slip/get/{id})', async ({
  page,
}) => {
  const [slip] = await slipsOnSale(page.request);
  const detail = await getJson<ApiSlip>(page.request, `/api/slip/get/${slip.id}`);
  expect(detail.tips.map(gameName)).toEqual(slip.tips.map(gameName));
  const buy = new BuyTipPage(page);
  await buy.goto(`/buy_tip/${slip.id}`);
  for (const game of slip.tips) await expect(buy.slipCard).toContainText(gameName(game));
  await expect(buy.slipCard).not.toContainText(' @ ');
});
