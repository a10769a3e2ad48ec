import { expect, test } from '@playwright/test';
import { BuyTipPage } from './pages/BuyTipPage';
import { SandboxPhonePage } from './pages/SandboxPhonePage';
import { groupedAmount, slipsOnSale, uniqueKenyanPhone } from './support/seeded';

/*
 * M-Pesa paybill (docs/PRODUCT-RULES.md R200-R202) on a 360 px phone: the buy page gives
 * "Pay by paybill N, account R", the buyer pays it from the sandbox phone's Pay bill, and the
 * picks arrive by SMS, through the real C2B confirmation path.
 */
test.use({ viewport: { width: 360, height: 740 } });

test("the buy page's paybill option, paid from the sandbox phone's Pay bill, sends the picks by SMS", async ({
  page,
  context,
}) => {
  test.slow(); // a queued C2B confirmation, the SMS and the phone page's 2 s refresh
  const [slip] = await slipsOnSale(page.request);
  const phone = uniqueKenyanPhone();

  const buy = new BuyTipPage(page);
  await buy.goto(`/buy_tip/${slip.id}`);
  const option = page.getByRole('form', { name: 'Pay by paybill' });
  await option.getByLabel('Phone to receive the picks').fill(phone.local);
  await option.getByRole('button', { name: 'Get paybill details' }).click();
  const shown = page.getByTestId('paybill-reference');
  await expect(shown).toContainText(/Pay by paybill \d{5,7}, account [A-Z0-9]{8}/);
  await expect(shown).toContainText(`Ksh. ${groupedAmount(slip.price)}`);
  const [, paybill, account] =
    /Pay by paybill (\d{5,7}), account ([A-Z0-9]{8})/.exec((await shown.textContent()) ?? '') ?? [];
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const handset = new SandboxPhonePage(await context.newPage(), phone.msisdn);
  await handset.page.setViewportSize({ width: 360, height: 740 });
  await handset.goto();
  const form = handset.page.locator('form.paybill');
  await form.getByLabel('Business number').fill(paybill);
  await form.getByLabel('Account number').fill(account);
  await form.getByLabel('Amount').fill(String(Math.round(Number(slip.price))));
  await form.getByLabel('Pay bill M-PESA PIN').fill('1234');
  await form.getByRole('button', { name: 'Pay' }).click();
  await expect(handset.notice).toContainText('Pay bill sent');
  await handset.message(new RegExp(`Confirmed\\..*for account ${account}`));
  const sms = await handset.message(`Slip ${slip.id} code`);
  expect(sms).toContain(account);
});
