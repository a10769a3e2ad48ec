import { expect, test } from '@playwright/test';
import { BuyTipPage } from './pages/BuyTipPage';
import { SandboxPhonePage } from './pages/SandboxPhonePage';
import { slipsOnSale, uniqueKenyanPhone } from './support/seeded';

/*
 * Responsible gambling (docs/PRODUCT-RULES.md "Records and responsible gambling") as a buyer on a
 * phone uses it: the 18+ line and its link on the buy page, a code by SMS on the sandbox phone, a
 * daily limit below the slip's price, then the buy page refuses with the server's message and no
 * STK prompt reaches the phone. A screenshot of the page at 360 px goes to test-results.
 */

test.use({ viewport: { width: 360, height: 740 } });

test('set a daily limit with an SMS code, then a dearer slip is refused without a prompt', async ({
  page,
  context,
}, testInfo) => {
  test.slow(); // SMS through the outbox and the sandbox phone's 2 s refresh
  const [slip] = await slipsOnSale(page.request);
  const phone = uniqueKenyanPhone();

  const buy = new BuyTipPage(page);
  await buy.goto(`/buy_tip/${slip.id}`);
  await expect(
    page.getByText('18+ only. Gambling is addictive, play responsibly.').first(),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Set a spending limit or take a break' }).click();
  await expect(page).toHaveURL(/\/responsible-gambling$/);
  await expect(page.getByRole('heading', { name: 'Responsible gambling' })).toBeVisible();

  await page.getByLabel('Phone number').fill(phone.local);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${phone.local}`)).toBeVisible();

  const handset = new SandboxPhonePage(await context.newPage(), phone.msisdn);
  await handset.goto();
  const sms = await handset.message('code for betting limits');
  const code = (/(\d{6})/.exec(sms) as RegExpExecArray)[1];

  const cap = Math.max(0, Math.floor(Number(slip.price)) - 1);
  await page.getByLabel('Code from the SMS').fill(code);
  await page.getByLabel('Limit per day (Ksh)').fill(String(cap));
  await page.getByRole('button', { name: 'Set limit' }).click();
  await expect(page.getByRole('status')).toContainText(
    `Your daily limit is Ksh. ${cap.toLocaleString('en-KE')}.00.`,
  );
  await page.screenshot({
    path: testInfo.outputPath('responsible-gambling-360.png'),
    fullPage: true,
  });

  await buy.goto(`/buy_tip/${slip.id}`);
  await buy.payByMpesa(phone.local);
  await expect(buy.alert).toContainText(
    `This purchase would pass your daily limit of Ksh ${cap.toLocaleString('en-KE')}`,
  );
  await handset.goto();
  await expect(handset.prompt).toHaveCount(0);
});
