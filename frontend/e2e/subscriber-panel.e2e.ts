import { expect, test } from '@playwright/test';
import { SandboxPhonePage } from './pages/SandboxPhonePage';
import { SubscriptionsPage } from './pages/TipsPages';
import { getJson, uniqueKenyanPhone } from './support/seeded';

/*
 * The Subscriber Panel's premium tips need the phone and the code of the subscription SMS
 * (a guessed phone alone shows nothing), on phone widths.
 */

for (const width of [360, 390]) {
  test(`a subscriber pays, reads the code in the SMS and opens the premium tips with it (${width} px)`, async ({
    page,
    context,
  }) => {
    test.slow(); // a sandbox STK push, its callback and the confirmation SMS
    await page.setViewportSize({ width, height: 800 });
    const kinds = await getJson<Record<string, { type: string; title: string }>>(
      page.request,
      '/api/manage/get-subscription-kind',
    );
    const bronze = kinds.bronze ?? Object.values(kinds)[0];
    const phone = uniqueKenyanPhone();

    const panel = new SubscriptionsPage(page);
    await panel.goto();
    await panel.acceptCookies();
    await panel.subscribe(bronze.title, phone.local);
    await expect(page.getByText('Request sent. Wait for mpesa stk')).toBeVisible();

    // The handset: accept the prompt (unless the sandbox did), then the confirmation SMS names the code.
    const handset = new SandboxPhonePage(await context.newPage(), phone.msisdn);
    await handset.goto();
    const confirmation = handset.messages.filter({ hasText: 'subscription active' });
    await expect(handset.prompt.or(confirmation).first()).toBeVisible({ timeout: 20_000 });
    if ((await handset.prompt.count()) > 0) await handset.accept('1234');
    const sms = await handset.message('subscription active');
    const code = /with your phone and code ([A-Z0-9]+)/.exec(sms)?.[1];
    expect(code, sms).toBeTruthy();
    expect(sms).toContain('/subscriptions');
    await handset.page.close();

    // Without the code: the form asks for it; a wrong code: the server's one message.
    await panel.viewPremium(phone.local, '');
    await expect(
      page.getByText(
        'Enter the code from your subscription SMS, or the M-Pesa code of your subscription payment',
      ),
    ).toBeVisible();
    await panel.viewPremium(phone.local, 'WRONGCODE');
    await expect(
      page.getByText('No active subscription matches this phone number and code'),
    ).toBeVisible();

    // The code from the SMS: today's premium tips (or the empty state).
    await panel.viewPremium(phone.local, ` ${code!.toLowerCase()} `);
    await expect(
      page.getByText('No active subscription matches this phone number and code'),
    ).toBeHidden();
    await expect(
      page
        .getByRole('article')
        .or(page.getByText('No premium tips yet today. Check again later.'))
        .first(),
    ).toBeVisible();

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0);
    await page.screenshot({
      path: test.info().outputPath(`subscriber-panel-${width}.png`),
      fullPage: true,
    });
  });
}
