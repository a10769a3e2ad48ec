import { expect, test } from '@playwright/test';
import { BuyTipPage } from './pages/BuyTipPage';
import { MyTipsPage } from './pages/MyTipsPage';
import { SandboxPhonePage } from './pages/SandboxPhonePage';
import { groupedAmount, picksOf, slipsOnSale, uniqueKenyanPhone } from './support/seeded';

/*
 * A buyer's history (docs/PRODUCT-RULES.md R160-R165) on a 360 px phone: two slips bought with one
 * phone through the sandbox (one paid on the sandbox handset, one prompt left unanswered), the
 * picks SMS pointing to /my-tips, the footer link, a code by SMS, then the list: the paid slip
 * with its picks, the pending one without. A screenshot of the page goes to test-results.
 */

test.use({ viewport: { width: 360, height: 740 } });

test('buy two slips, then /my-tips with an SMS code lists both, the picks of the paid one only', async ({
  page,
  context,
}, testInfo) => {
  test.slow(); // STK prompts, callbacks, SMS through the outbox and the sandbox phone's 2 s refresh
  const [paidSlip, pendingSlip] = await slipsOnSale(page.request);
  const phone = uniqueKenyanPhone();

  const buy = new BuyTipPage(page);
  await buy.goto(`/buy_tip/${paidSlip.id}`);
  await buy.acceptCookies();
  await buy.payByMpesa(phone.local);
  await expect(buy.alert).toContainText('Request Sent');

  const handset = new SandboxPhonePage(await context.newPage(), phone.msisdn);
  await handset.goto();
  await handset.accept('1234');
  await expect(handset.notice).toContainText('Payment sent');
  const sms = await handset.message(`Slip ${paidSlip.id} code`);
  expect(sms).toMatch(/All your tips: \S+\/my-tips$/);
  const picks = picksOf(sms);
  expect(picks).toHaveLength(paidSlip.tips.length);

  // The second slip: the prompt is left unanswered, the purchase stays pending.
  await buy.goto(`/buy_tip/${pendingSlip.id}`);
  await buy.payByMpesa(phone.local);
  await expect(buy.alert).toContainText('Request Sent');

  const history = new MyTipsPage(page);
  await history.footer.getByRole('link', { name: 'My tips' }).click();
  await expect(page).toHaveURL(/\/my-tips$/);
  await expect(page.getByRole('heading', { name: 'My tips' })).toBeVisible();
  await history.sendCode(phone.local);
  await expect(page.getByText(`We sent a 6-digit code to ${phone.local}`)).toBeVisible();
  await handset.goto();
  const codeSms = await handset.message('code to see your tips');
  const code = (/(\d{6})/.exec(codeSms) as RegExpExecArray)[1];

  await history.show(code);
  const paid = history.slip(paidSlip.id);
  await expect(paid).toContainText('Paid');
  await expect(paid).toContainText(`by ${paidSlip.user.username}`);
  await expect(paid).toContainText(`Ksh. ${groupedAmount(paidSlip.price)}`);
  for (const pick of picks) await expect(paid).toContainText(pick);
  const pending = history.slip(pendingSlip.id);
  await expect(pending).toContainText('Pending');
  await expect(pending).toContainText('The picks show here once the payment goes through.');
  await expect(pending).not.toContainText('@');
  // Newest first.
  await expect(history.purchases.getByRole('article').first()).toHaveAccessibleName(
    `Slip ${pendingSlip.id}`,
  );
  await page.screenshot({ path: testInfo.outputPath('my-tips-360.png'), fullPage: true });

  // A wrong code: the server's message.
  await history.show(code === '000000' ? '111111' : '000000');
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'The code is wrong or has expired. Ask for a new one.' }),
  ).toBeVisible();
});
