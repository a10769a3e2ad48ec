import { expect, test } from '@playwright/test';
import { SandboxPhonePage } from './pages/SandboxPhonePage';
import { SandboxUssdPage } from './pages/SandboxUssdPage';
import { TipsListPage } from './pages/TipsPages';
import { groupedAmount, slipsOnSale, uniqueKenyanPhone } from './support/seeded';

/*
 * Buying by USSD (docs/PRODUCT-RULES.md R170-R179) on a 360 px phone: the slip card shows its USSD
 * code, the sandbox USSD phone dials the service code and buys the slip by that code, the session
 * ends with the promise of a prompt, the STK prompt then appears on the sandbox phone (sent
 * USSD_PUSH_DELAY_MS after the session), is accepted, and the picks arrive in its SMS inbox; or
 * the session ends with the paybill reference (R180), paid from the sandbox phone's Pay bill.
 */
test.use({ viewport: { width: 360, height: 740 } });

test('a feature phone buys a slip by its USSD code; the prompt is accepted and the picks arrive by SMS', async ({
  page,
  context,
}) => {
  test.slow(); // the delayed push, a real STK callback, a queued SMS and the phone page's 2 s refresh
  const [slip] = await slipsOnSale(page.request);
  const phone = uniqueKenyanPhone();

  const tips = new TipsListPage(page);
  await tips.goto();
  await tips.acceptCookies();
  const card = tips.card(slip.id, slip.user.username);
  await expect(card.getByTestId('ussd-code')).toContainText(`enter code ${slip.ussd_code}`);
  await expect(page.getByTestId('ussd-hint')).toContainText('*384*123#');

  const ussd = new SandboxUssdPage(await context.newPage(), phone.msisdn);
  await ussd.goto();
  await ussd.dial();
  await expect(ussd.screen).toContainText("1 Today's top slips");
  await ussd.answer('3');
  await expect(ussd.screen).toContainText('Enter the slip code');
  await ussd.answer(slip.ussd_code);
  await expect(ussd.screen).toContainText(`Slip ${slip.id} by`);
  await expect(ussd.screen).toContainText(`Price Ksh ${slip.price}`);
  await ussd.answer('1');
  await expect(ussd.screen).toHaveText(
    `You will get an M-Pesa prompt for Ksh ${slip.price}. Enter your PIN to pay. The tips come by SMS.`,
  );
  await expect(ussd.screen).toHaveAttribute('data-open', 'false');

  const handset = new SandboxPhonePage(ussd.page, phone.msisdn);
  await handset.goto();
  await expect(handset.prompt).toContainText(`Ksh ${groupedAmount(slip.price)}`, {
    timeout: 20_000,
  });
  await handset.accept('1234');
  await expect(handset.notice).toContainText('Payment sent');
  const sms = await handset.message(`Slip ${slip.id} code`);
  expect(sms).toContain(`Total odds ${slip.accumulator}`);
});

test('a feature phone chooses "2 Pay by paybill": the session ends with the paybill reference, paid from the sandbox phone\'s Pay bill', async ({
  page,
}) => {
  test.slow(); // a queued C2B confirmation, the SMS and the phone page's 2 s refresh
  const [slip] = await slipsOnSale(page.request);
  const phone = uniqueKenyanPhone();

  const ussd = new SandboxUssdPage(page, phone.msisdn);
  await ussd.goto();
  await ussd.dial();
  await expect(ussd.screen).toContainText("1 Today's top slips");
  await ussd.answer('3');
  await expect(ussd.screen).toContainText('Enter the slip code');
  await ussd.answer(slip.ussd_code);
  await expect(ussd.screen).toContainText('2 Pay by paybill');
  await ussd.answer('2');
  // docs/PRODUCT-RULES.md R180: the reference POST /api/processor/buy-paybill issues.
  await expect(ussd.screen).toContainText(
    new RegExp(
      `^Pay bill \\d{5,7}, account [A-Z0-9]{8}, Ksh ${Math.round(Number(slip.price))}\\. `,
    ),
  );
  await expect(ussd.screen).toHaveAttribute('data-open', 'false');
  const [, paybill, account] =
    /Pay bill (\d{5,7}), account ([A-Z0-9]{8})/.exec((await ussd.screen.textContent()) ?? '') ?? [];
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const handset = new SandboxPhonePage(page, phone.msisdn);
  await handset.goto();
  const form = page.locator('form.paybill');
  await form.getByLabel('Business number').fill(paybill);
  await form.getByLabel('Account number').fill(account);
  await form.getByLabel('Amount').fill(String(Math.round(Number(slip.price))));
  await form.getByLabel('Pay bill M-PESA PIN').fill('1234');
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(handset.notice).toContainText('Pay bill sent');
  const sms = await handset.message(`Slip ${slip.id} code`);
  expect(sms).toContain(account);
});
