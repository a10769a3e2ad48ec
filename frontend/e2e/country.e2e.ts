import { expect, test, type Page } from '@playwright/test';
import { HomePage } from './pages/HomePage';
import { groupedAmount, slipsOnSale } from './support/seeded';

/*
 * docs/PRODUCT-RULES.md R143: the visitor's country by IP preselects the country on the buy page
 * and in the registration dialog (Kenya when unknown). The browser here comes from 127.0.0.1, which
 * the server places nowhere (Kenya); a visitor from Nigeria or Uganda is the same page with the
 * country the server writes into it (its boot data) changed on the way. The lookup of real
 * Kenyan, Nigerian and Ugandan addresses is tested on the server (test/integration/seo).
 */

/** Serves every page as the server sent it, except that the server placed the visitor in `country`. */
const visitFrom = (page: Page, country: 'NG' | 'UG') =>
  page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    expect(html, 'the page carries the visitor country').toContain('"country":"KE"');
    await route.fulfill({
      response,
      body: html.replace('"country":"KE"', `"country":"${country}"`),
    });
  });

test.describe('country by IP (docs/PRODUCT-RULES.md R143)', () => {
  test('a visitor the server places nowhere gets Kenya: the buy page offers M-Pesa', async ({
    page,
  }) => {
    const [slip] = await slipsOnSale(page.request);
    expect(await (await page.request.get('/api/geo/country')).json()).toEqual({ country: 'KE' });
    await page.goto(`/buy_tip/${slip.id}`);
    await expect(page.getByRole('radio', { name: 'Kenya (M-Pesa)' })).toBeChecked();
    await expect(page.getByLabel('M-Pesa phone number')).toBeVisible();
  });

  test('a Nigerian visitor lands on the buy page with Nigeria chosen and the price in NGN', async ({
    page,
  }) => {
    const [slip] = await slipsOnSale(page.request);
    await visitFrom(page, 'NG');
    await page.goto(`/buy_tip/${slip.id}`);
    await expect(page.getByRole('radio', { name: 'Nigeria' })).toBeChecked();
    await expect(
      page.getByRole('heading', {
        name: `Pay NGN ${groupedAmount(slip.price_ng)} by card or wallet`,
      }),
    ).toBeVisible();
    await expect(page.getByLabel('M-Pesa phone number')).toHaveCount(0);
    // The buyer can still pay from Kenya.
    await page.getByRole('radio', { name: 'Kenya (M-Pesa)' }).check();
    await expect(page.getByLabel('M-Pesa phone number')).toBeVisible();
  });

  test('a Ugandan visitor opens the registration dialog with Uganda chosen', async ({ page }) => {
    await visitFrom(page, 'UG');
    const home = new HomePage(page);
    await home.goto();
    await home.acceptCookies();
    await home.hero.getByRole('button', { name: 'Join Free' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an account' });
    await expect(dialog.getByRole('combobox', { name: 'Country' })).toHaveText('Uganda');
  });
});
