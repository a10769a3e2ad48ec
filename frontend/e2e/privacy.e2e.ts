import { expect, test } from '@playwright/test';
import { PrivacyPage } from './pages/PrivacyPage';

/*
 * The privacy notice (docs/PRODUCT-RULES.md R275) on a 360 px phone: reached from the footer of
 * the home page, it names the controller and shows the retention periods the server is configured
 * with (the same ones the retention job applies, R270-R273: the .env.example defaults under
 * `npm start`) and how to use each right. A screenshot of the page goes to test-results.
 */

test.use({ viewport: { width: 360, height: 740 } });

test('the footer leads to the privacy notice with the configured periods and every right', async ({
  page,
}, testInfo) => {
  const privacy = new PrivacyPage(page);
  await page.goto('/');
  await privacy.acceptCookies();
  await privacy.footerLink.click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(privacy.heading).toBeVisible();

  const notice = await (await page.request.get('/api/site/privacy')).json();
  await expect(page.getByText(notice.controller.name)).toBeVisible();
  await expect(privacy.period('Text of the SMS we sent you')).toHaveText('90 days');
  await expect(privacy.period('Subject and text of the e-mails we sent you')).toHaveText('90 days');
  await expect(privacy.period('Your phone and e-mail on a purchase')).toHaveText('24 months');
  await expect(privacy.period('Access logs')).toHaveText('30 days');
  for (const title of [
    'See and download your data',
    'Delete your data',
    'Correct your data',
    'Stop marketing',
  ]) {
    await expect(privacy.right(title)).toBeVisible();
  }
  // Nothing wider than the phone: no horizontal scrolling at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: testInfo.outputPath('privacy-360.png'), fullPage: true });
});
